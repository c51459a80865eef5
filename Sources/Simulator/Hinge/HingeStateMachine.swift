import EventStream

/// The hinge model: raw samples in; delivered `hinge` updates, `status` and `pose` changes out.
///
/// Three small parts, in the order of DESIGN §1: the `UpdatePolicyFilter` applies the
/// profile's system policy (minimum interval between delivered updates, precision, minimum
/// change, seeded noise); the `StatusTrigger` decides the status with direction-aware
/// hysteresis (a Schmitt trigger per boundary, a deadband and an optional dwell); the
/// `PoseClassifier` derives the pose from status, orientation and Split View. The first
/// delivered update carries the initial state, as `UIHingeInteraction` does. Events are
/// emitted only on change: a status change, then the pose it makes, then the update with it.
///
/// Each update's `progress` is the dual-pane guide's app-side normaliser (`HingeProgress`),
/// not an API value: closed → 0; fully open → 1, and the angle raises the largest seen (π at
/// first); partly open → min(max(radians ÷ largest, 0), 1); unknown keeps the last value.
///
/// With the profile's `conflicts.status` at `angle-and-orientation`, the status follows other
/// thresholds while the hinge is horizontal (`HingeProfile.landscapeStatus`): turning the phone
/// re-reads the status at the angle last measured.
///
/// A device without a hinge (`profile: none`) sends one update, `HingeUpdate.noHinge`
/// (`"hinge":null`, progress 1 as the guide reports it), with its first event, as
/// `UIHingeInteraction` hands such a view an update whose hinge is nil; samples are ignored
/// after that.
///
/// ```swift
/// var hinge = HingeStateMachine(profile: duo)
/// var out: [Event] = []
/// hinge.receive(Event(time: 0, .sample(angle: 0)), into: &out)
/// // status closed (from unknown), pose closed (from unknown), hinge 0° closed
/// ```
public struct HingeStateMachine: Stage {
  /// What the device has: a hinge and the parts its samples go through, or none.
  private enum State {
    /// A hinge: the policy filter and status trigger its samples go through.
    case hinged(Sensor)
    /// No hinge: samples are ignored; `sentUpdate` once its one update (`HingeUpdate.noHinge`)
    /// has gone out.
    case noHinge(sentUpdate: Bool)
  }

  private var state: State
  private var classifier: PoseClassifier
  /// The guide's progress normaliser.
  private var progress = HingeProgress()

  private struct Sensor {
    var policy: UpdatePolicyFilter
    var trigger: StatusTrigger
    /// The thresholds with the hinge vertical, and horizontal (the same unless the status
    /// follows the orientation too).
    let upright: Profile.StatusThresholds
    let sideways: Profile.StatusThresholds
  }

  /// What one input or deadline did to the sensor: a status change and the angle to deliver,
  /// with the status and the measured angle right after it (what the events it makes report).
  private struct Step {
    var change: StatusTrigger.Change?
    var delivery: Double?
    var status: HingeStatus
    var angle: Double

    init(_ sensor: Sensor, change: StatusTrigger.Change?, delivery: Double?) {
      self.change = change
      self.delivery = delivery
      status = sensor.trigger.status
      angle = sensor.policy.angle
    }
  }

  /// Makes the hinge model for a profile (a profile without a hinge ignores samples).
  public init(profile: Profile) {
    classifier = PoseClassifier(axis: profile.hinge?.axis ?? .vertical)
    state =
      profile.hinge.map {
        .hinged(
          Sensor(
            policy: UpdatePolicyFilter(hinge: $0), trigger: StatusTrigger(thresholds: $0.status), upright: $0.status,
            sideways: $0.landscapeStatus ?? $0.status))
      } ?? .noHinge(sentUpdate: false)
  }

  /// The status as last reported.
  public var status: HingeStatus {
    guard case .hinged(let sensor) = state else { return .unknown }
    return sensor.trigger.status
  }
  /// The pose as last reported.
  public var pose: Pose { classifier.pose }
  /// The device orientation (portrait until told otherwise).
  public var orientation: Orientation { classifier.orientation }

  public var deadline: Double? {
    guard case .hinged(let sensor) = state else { return nil }
    guard let policy = sensor.policy.deadline else { return sensor.trigger.deadline }
    guard let trigger = sensor.trigger.deadline else { return policy }
    return min(policy, trigger)
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .sample(let raw):
      sampleArrived(raw, at: event.time, into: &output)
    case .orientation(let orientation):
      classifier.orientationChanged(to: orientation)
      if let step = rereadStatus(at: event.time) {
        emit(step, at: event.time, into: &output)
      } else {
        reportPose(at: event.time, into: &output)
      }
    case .split(let mode):
      classifier.splitChanged(to: mode)
      reportPose(at: event.time, into: &output)
    default: break
    }
    if case .noHinge(sentUpdate: false) = state {
      state = .noHinge(sentUpdate: true)
      output.append(Event(time: event.time, .hinge(.noHinge)))
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard case .hinged(var sensor) = state else { return }
    var dwell: Step?
    var due: Step?
    var silence: Step?
    if let deadline = sensor.trigger.dwellDeadline, now >= deadline {
      let change = sensor.trigger.dwellElapsed()
      let delivery = sensor.policy.statusChanged(at: now)
      dwell = Step(sensor, change: change, delivery: delivery)
    }
    if let deadline = sensor.policy.deadline, now >= deadline {
      let delivery = sensor.policy.deadlineFired(at: now)
      due = Step(sensor, change: nil, delivery: delivery)
    }
    if let deadline = sensor.trigger.silenceDeadline, now >= deadline {
      let change = sensor.trigger.silenceElapsed()
      silence = Step(sensor, change: change, delivery: nil)
      sensor.policy.sensorFellSilent()
    }
    state = .hinged(sensor)
    if let dwell { emit(dwell, at: now, into: &output) }
    if let due { emit(due, at: now, into: &output) }
    if let silence { emit(silence, at: now, into: &output) }
  }

  private mutating func sampleArrived(_ raw: Double, at time: Double, into output: inout [Event]) {
    guard case .hinged(var sensor) = state else {
      reportPose(at: time, into: &output)  // no hinge: the first sample only establishes the pose
      return
    }
    let delivery = sensor.policy.sampleArrived(raw, at: time)
    let angle = sensor.policy.angle
    let step: Step
    if let change = sensor.trigger.sampleArrived(angle, at: time) {
      let statusDelivery = sensor.policy.statusChanged(at: time)
      step = Step(sensor, change: change, delivery: statusDelivery)
    } else {
      step = Step(sensor, change: nil, delivery: delivery)
    }
    state = .hinged(sensor)
    emit(step, at: time, into: &output)
  }

  /// The hinge's direction may have changed the thresholds: the status at the angle last
  /// measured under the new ones (nil when they are the same, or it does not change).
  private mutating func rereadStatus(at time: Double) -> Step? {
    guard case .hinged(var sensor) = state, sensor.upright != sensor.sideways else { return nil }
    let thresholds = classifier.isHingeHorizontal ? sensor.sideways : sensor.upright
    var step: Step?
    if let change = sensor.trigger.thresholdsChanged(to: thresholds, angle: sensor.policy.angle, at: time) {
      let delivery = sensor.policy.statusChanged(at: time)
      step = Step(sensor, change: change, delivery: delivery)
    }
    state = .hinged(sensor)
    return step
  }

  /// Writes what a step did: a status change and the pose it makes, then the update it delivers.
  private mutating func emit(_ step: Step, at time: Double, into output: inout [Event]) {
    if let change = step.change {
      output.append(Event(time: time, .status(StatusChange(status: change.to, from: change.from, angle: step.angle))))
      reportPose(status: step.status, at: time, into: &output)
    }
    if let angle = step.delivery { deliver(angle, status: step.status, at: time, into: &output) }
  }

  private mutating func deliver(_ angle: Double, status: HingeStatus, at time: Double, into output: inout [Event]) {
    let radians = angle * .pi / 180
    let progress = self.progress.update(status: status, radians: radians)
    output.append(
      Event(time: time, .hinge(HingeUpdate(angle: angle, radians: radians, status: status, progress: progress))))
  }

  /// Reports the pose when the status, orientation or Split View changed it. A device
  /// without a hinge is always closed.
  private mutating func reportPose(at time: Double, into output: inout [Event]) {
    switch state {
    case .hinged(let sensor): reportPose(status: sensor.trigger.status, at: time, into: &output)
    case .noHinge: reportPose(status: .closed, at: time, into: &output)
    }
  }

  private mutating func reportPose(status: HingeStatus, at time: Double, into output: inout [Event]) {
    guard let change = classifier.classify(status: status) else { return }
    output.append(Event(time: time, .pose(change)))
  }

  /// The pose for a status, orientation (landscape or not), Split View state and hinge axis.
  public static func pose(
    status: HingeStatus, landscape: Bool, split: SplitMode, axis: HingeAxis = .vertical
  ) -> Pose {
    PoseClassifier.pose(status: status, landscape: landscape, split: split, axis: axis)
  }
}
