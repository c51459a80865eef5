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
  /// The hinge's parts its samples go through; nil for a device without a hinge. The hinge's
  /// states are its parts': `UpdatePolicyFilter.State` (idle, delivered, pending) and
  /// `StatusTrigger.State` (unknown, settled, dwelling). Held as an optional, not as the payload
  /// of an enum case, so that a sample mutates them in place: a payload is copied out and back
  /// (four copies of ~330 bytes per sample, 8 % of `simulate`'s instructions).
  private var sensor: Sensor?
  /// Without a hinge: whether the one update (`HingeUpdate.noHinge`) has gone out.
  private var sentNoHingeUpdate = false
  private var classifier: PoseClassifier
  /// The guide's progress normaliser.
  private var progress = HingeProgress()

  /// Makes the hinge model for a profile (a profile without a hinge ignores samples).
  public init(profile: Profile) {
    classifier = PoseClassifier(axis: profile.hinge?.axis ?? .vertical)
    sensor = profile.hinge.map(Sensor.init(hinge:))
  }

  /// The status as last reported.
  public var status: HingeStatus { sensor?.trigger.status ?? .unknown }
  /// The pose as last reported.
  public var pose: Pose { classifier.pose }
  /// The device orientation (portrait until told otherwise).
  public var orientation: Orientation { classifier.orientation }

  /// The sensor's deadline, copied here whenever the sensor changes (read through the
  /// optional, a computed deadline copied the whole sensor twice per look).
  public private(set) var deadline: Double?

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
    if sensor == nil, !sentNoHingeUpdate {
      sentNoHingeUpdate = true
      output.append(Event(time: event.time, .hinge(.noHinge)))
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard let steps = sensor?.fire(at: now) else { return }
    deadline = sensor!.deadline
    if let dwell = steps.dwell { emit(dwell, at: now, into: &output) }
    if let due = steps.due { emit(due, at: now, into: &output) }
    if let silence = steps.silence { emit(silence, at: now, into: &output) }
  }

  private mutating func sampleArrived(_ raw: Double, at time: Double, into output: inout [Event]) {
    guard sensor != nil else {
      reportPose(at: time, into: &output)  // no hinge: the first sample only establishes the pose
      return
    }
    // Most samples are held or dropped by the policy with the status unchanged: no step.
    let step = sensor!.sampleArrived(raw, at: time)
    deadline = sensor!.deadline
    if let step { emit(step, at: time, into: &output) }
  }

  /// The hinge's direction may have changed the thresholds: the status at the angle last
  /// measured under the new ones (nil when they are the same, or it does not change).
  private mutating func rereadStatus(at time: Double) -> Step? {
    guard sensor != nil else { return nil }
    let step = sensor!.thresholdsMayHaveChanged(horizontal: classifier.isHingeHorizontal, at: time)
    deadline = sensor!.deadline
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
    reportPose(status: sensor?.trigger.status ?? .closed, at: time, into: &output)
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
