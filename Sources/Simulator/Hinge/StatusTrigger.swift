import EventStream

/// The hinge status from the measured angle: a Schmitt trigger per boundary, with a deadband,
/// an optional dwell, and `unknown` after a sensor silence.
///
/// Opening crosses the closed boundary at `closedOpening` and the flat one at
/// `fullyOpenOpening`; closing crosses them at the lower `closedClosing` and
/// `fullyOpenClosing`. Each crossing needs half the deadband beyond its threshold, so jitter
/// around one does not flap. With a dwell, a new status is reported only once it has held
/// for `dwellMs`; the first status (from `unknown`) is reported at once.
///
/// ```swift
/// var trigger = StatusTrigger(thresholds: duo.hinge!.status)  // 5/2°, 160/140°, deadband 0.5°
/// trigger.sampleArrived(150, at: 0)   // unknown → partiallyOpen
/// trigger.sampleArrived(161, at: 20)  // partiallyOpen → fullyOpen
/// trigger.sampleArrived(150, at: 40)  // nil: fullyOpen holds down to 139.75°
/// ```
struct StatusTrigger {
  /// A status change to report.
  struct Change: Equatable {
    /// The status reported until now.
    var from: HingeStatus
    /// The status to report.
    var to: HingeStatus
  }

  let thresholds: Profile.StatusThresholds
  /// The status reported now.
  private(set) var status: HingeStatus = .unknown
  /// A status waiting out its dwell time.
  private var candidate: (status: HingeStatus, since: Double)?
  private var lastSampleTime: Double?

  /// Makes a trigger with the profile's thresholds.
  init(thresholds: Profile.StatusThresholds) { self.thresholds = thresholds }

  /// When the trigger wants to be woken: the dwell's end or the silence, whichever is first.
  var deadline: Double? {
    switch (dwellDeadline, silenceDeadline) {
    case (let dwell?, let silence?): min(dwell, silence)
    case (let dwell, let silence): dwell ?? silence
    }
  }

  /// When the dwelling candidate has held long enough.
  var dwellDeadline: Double? {
    guard let candidate else { return nil }
    return candidate.since + thresholds.dwellMs
  }

  /// When the reported status becomes `unknown` for want of samples (the profile may never say so).
  var silenceDeadline: Double? {
    guard let silence = thresholds.unknownAfterMs, let last = lastSampleTime, status != .unknown else { return nil }
    return last + silence
  }

  /// A measured angle arrived: returns the change to report now, if any.
  mutating func sampleArrived(_ angle: Double, at time: Double) -> Change? {
    lastSampleTime = time
    let current = status
    let next = Self.status(after: current, angle: angle, thresholds: thresholds)
    guard next != current else {
      candidate = nil
      return nil
    }
    guard thresholds.dwellMs > 0, current != .unknown else {
      candidate = nil
      status = next
      return Change(from: current, to: next)
    }
    if candidate?.status != next { candidate = (next, time) }
    return nil
  }

  /// The candidate has held for the dwell time: returns its change to report.
  mutating func dwellElapsed() -> Change {
    guard let candidate else { preconditionFailure("dwell elapsed without a candidate") }
    self.candidate = nil
    defer { status = candidate.status }
    return Change(from: status, to: candidate.status)
  }

  /// No sample came for the profile's silence: returns the change to `unknown`.
  mutating func silenceElapsed() -> Change {
    guard status != .unknown else { preconditionFailure("silence elapsed while unknown") }
    defer { status = .unknown }
    return Change(from: status, to: .unknown)
  }

  /// The Schmitt trigger: the status after `current` for an angle, each boundary crossed only
  /// half the deadband beyond the threshold for the direction of travel.
  static func status(
    after current: HingeStatus, angle: Double, thresholds t: Profile.StatusThresholds
  ) -> HingeStatus {
    let d = t.deadband / 2
    switch current {
    case .unknown:
      if angle < t.closedOpening { return .closed }
      if angle >= t.fullyOpenOpening { return .fullyOpen }
      return .partiallyOpen
    case .closed:
      if angle > t.fullyOpenOpening + d { return .fullyOpen }
      if angle > t.closedOpening + d { return .partiallyOpen }
      return .closed
    case .partiallyOpen:
      if angle < t.closedClosing - d { return .closed }
      if angle > t.fullyOpenOpening + d { return .fullyOpen }
      return .partiallyOpen
    case .fullyOpen:
      if angle < t.closedClosing - d { return .closed }
      if angle < t.fullyOpenClosing - d { return .partiallyOpen }
      return .fullyOpen
    }
  }
}
