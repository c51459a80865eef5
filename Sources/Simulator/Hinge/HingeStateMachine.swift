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
  /// The parts that need a hinge; nil for a device without one.
  private var sensor: Sensor?
  private var classifier: PoseClassifier
  /// The guide's progress normaliser.
  private var progress = HingeProgress()
  /// A device without a hinge has sent its one update.
  private var sentNoHinge = false

  private struct Sensor {
    var policy: UpdatePolicyFilter
    var trigger: StatusTrigger
    /// The thresholds with the hinge vertical, and horizontal (the same unless the status
    /// follows the orientation too).
    let upright: Profile.StatusThresholds
    let sideways: Profile.StatusThresholds
  }

  /// Makes the hinge model for a profile (a profile without a hinge ignores samples).
  public init(profile: Profile) {
    classifier = PoseClassifier(axis: profile.hinge?.axis ?? .vertical)
    sensor = profile.hinge.map {
      Sensor(
        policy: UpdatePolicyFilter(hinge: $0), trigger: StatusTrigger(thresholds: $0.status), upright: $0.status,
        sideways: $0.landscapeStatus ?? $0.status)
    }
  }

  /// The status as last reported.
  public var status: HingeStatus { sensor?.trigger.status ?? .unknown }
  /// The pose as last reported.
  public var pose: Pose { classifier.pose }
  /// The device orientation (portrait until told otherwise).
  public var orientation: Orientation { classifier.orientation }

  public var deadline: Double? {
    guard let policy = sensor?.policy.deadline else { return sensor?.trigger.deadline }
    guard let trigger = sensor?.trigger.deadline else { return policy }
    return min(policy, trigger)
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .sample(let raw):
      sampleArrived(raw, at: event.time, into: &output)
    case .orientation(let orientation):
      classifier.orientationChanged(to: orientation)
      if let change = rereadStatus(at: event.time) {
        report(change, at: event.time, into: &output)
        deliver(sensor!.policy.statusChanged(at: event.time), at: event.time, into: &output)
      } else {
        reportPose(at: event.time, into: &output)
      }
    case .split(let mode):
      classifier.splitChanged(to: mode)
      reportPose(at: event.time, into: &output)
    default: break
    }
    if sensor == nil, !sentNoHinge {
      sentNoHinge = true
      output.append(Event(time: event.time, .hinge(.noHinge)))
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard sensor != nil else { return }
    if let due = sensor!.trigger.dwellDeadline, now >= due {
      report(sensor!.trigger.dwellElapsed(), at: now, into: &output)
      deliver(sensor!.policy.statusChanged(at: now), at: now, into: &output)
    }
    if let due = sensor!.policy.deadline, now >= due {
      deliver(sensor!.policy.deadlineFired(at: now), at: now, into: &output)
    }
    if let due = sensor!.trigger.silenceDeadline, now >= due {
      report(sensor!.trigger.silenceElapsed(), at: now, into: &output)
      sensor!.policy.sensorFellSilent()
    }
  }

  private mutating func sampleArrived(_ raw: Double, at time: Double, into output: inout [Event]) {
    guard sensor != nil else {
      reportPose(at: time, into: &output)  // no hinge: the first sample only establishes the pose
      return
    }
    let delivery = sensor!.policy.sampleArrived(raw, at: time)
    let angle = sensor!.policy.angle
    if let change = sensor!.trigger.sampleArrived(angle, at: time) {
      report(change, at: time, into: &output)
      deliver(sensor!.policy.statusChanged(at: time), at: time, into: &output)
    } else if let delivery {
      deliver(delivery, at: time, into: &output)
    }
  }

  /// The hinge's direction may have changed the thresholds: the status at the angle last
  /// measured under the new ones (nil when they are the same, or it does not change).
  private mutating func rereadStatus(at time: Double) -> StatusTrigger.Change? {
    guard let sensor, sensor.upright != sensor.sideways else { return nil }
    let thresholds = classifier.isHingeHorizontal ? sensor.sideways : sensor.upright
    return self.sensor!.trigger.thresholdsChanged(to: thresholds, angle: sensor.policy.angle, at: time)
  }

  private mutating func report(_ change: StatusTrigger.Change, at time: Double, into output: inout [Event]) {
    let angle = sensor!.policy.angle
    output.append(Event(time: time, .status(StatusChange(status: change.to, from: change.from, angle: angle))))
    reportPose(at: time, into: &output)
  }

  private mutating func deliver(_ angle: Double, at time: Double, into output: inout [Event]) {
    let status = self.status
    let radians = angle * .pi / 180
    let progress = self.progress.update(status: status, radians: radians)
    output.append(
      Event(time: time, .hinge(HingeUpdate(angle: angle, radians: radians, status: status, progress: progress))))
  }

  /// Reports the pose when the status, orientation or Split View changed it. A device
  /// without a hinge is always closed.
  private mutating func reportPose(at time: Double, into output: inout [Event]) {
    guard let change = classifier.classify(status: sensor == nil ? .closed : status) else { return }
    output.append(Event(time: time, .pose(change)))
  }

  /// The pose for a status, orientation (landscape or not), Split View state and hinge axis.
  public static func pose(
    status: HingeStatus, landscape: Bool, split: SplitMode, axis: HingeAxis = .vertical
  ) -> Pose {
    PoseClassifier.pose(status: status, landscape: landscape, split: split, axis: axis)
  }
}
