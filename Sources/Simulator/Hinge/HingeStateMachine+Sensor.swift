import EventStream

extension HingeStateMachine {
  /// A hinge's parts, in the order a sample goes through them: the update policy filter, then
  /// the status trigger, with the trigger's thresholds for each direction of the hinge. Its
  /// methods change it in place and say what happened as a `Step`.
  struct Sensor {
    var policy: UpdatePolicyFilter
    var trigger: StatusTrigger
    /// The thresholds with the hinge vertical, and horizontal (the same unless the status
    /// follows the orientation too).
    let upright: Profile.StatusThresholds
    let sideways: Profile.StatusThresholds

    init(hinge: Profile.HingeProfile) {
      policy = UpdatePolicyFilter(hinge: hinge)
      trigger = StatusTrigger(thresholds: hinge.status)
      upright = hinge.status
      sideways = hinge.landscapeStatus ?? hinge.status
    }

    /// A raw sample: the step it makes, or nil when the policy holds or drops it and the status
    /// stays (most samples).
    mutating func sampleArrived(_ raw: Double, at time: Double) -> Step? {
      defer { updateDeadline() }
      let delivery = policy.sampleArrived(raw, at: time)
      if let change = trigger.sampleArrived(policy.angle, at: time) {
        let delivery = policy.statusChanged(at: time)
        return step(change: change, delivery: delivery)
      }
      return delivery.map { step(change: nil, delivery: $0) }
    }

    /// The deadlines due at `now`, in the order they go out: the dwell's end, the policy's
    /// pending angle, the silence.
    mutating func fire(at now: Double) -> (dwell: Step?, due: Step?, silence: Step?) {
      defer { updateDeadline() }
      var steps: (dwell: Step?, due: Step?, silence: Step?) = (nil, nil, nil)
      if let deadline = trigger.dwellDeadline, now >= deadline {
        let change = trigger.dwellElapsed()
        let delivery = policy.statusChanged(at: now)
        steps.dwell = step(change: change, delivery: delivery)
      }
      if let deadline = policy.deadline, now >= deadline {
        let delivery = policy.deadlineFired(at: now)
        steps.due = step(change: nil, delivery: delivery)
      }
      if let deadline = trigger.silenceDeadline, now >= deadline {
        let change = trigger.silenceElapsed()
        steps.silence = step(change: change, delivery: nil)
        policy.sensorFellSilent()
      }
      return steps
    }

    /// The hinge turned (`horizontal` or not): the status at the angle last measured under that
    /// direction's thresholds; nil when they are the same, or the status does not change.
    mutating func thresholdsMayHaveChanged(horizontal: Bool, at time: Double) -> Step? {
      defer { updateDeadline() }
      guard upright != sideways,
        let change = trigger.thresholdsChanged(
          to: horizontal ? sideways : upright, angle: policy.angle, at: time)
      else { return nil }
      let delivery = policy.statusChanged(at: time)
      return step(change: change, delivery: delivery)
    }

    /// When the sensor wants to be woken: the policy's pending angle or the trigger's dwell or
    /// silence, whichever is first. Kept up to date by every method that changes the sensor,
    /// so that the pipeline's look at it after each sample reads a value.
    private(set) var deadline: Double?

    private mutating func updateDeadline() {
      guard let pending = policy.deadline else {
        deadline = trigger.deadline
        return
      }
      guard let trigger = trigger.deadline else {
        deadline = pending
        return
      }
      deadline = min(pending, trigger)
    }

    /// The step a change makes, with the status and angle as they are now: call it after every
    /// change it reports (an argument that changes the sensor would be read before the change).
    private func step(change: StatusTrigger.Change?, delivery: Double?) -> Step {
      Step(change: change, delivery: delivery, status: trigger.status, angle: policy.angle)
    }
  }

  /// What one input or deadline did to the sensor: a status change and the angle to deliver,
  /// with the status and the measured angle right after it (what the events it makes report).
  struct Step {
    var change: StatusTrigger.Change?
    var delivery: Double?
    var status: HingeStatus
    var angle: Double
  }
}
