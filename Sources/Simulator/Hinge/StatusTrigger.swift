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
  /// Where the trigger is.
  enum State: Equatable {
    /// No status: before the first sample, or since the sensor fell silent.
    case unknown
    /// `status` holds; the silence is counted from `lastSample`.
    case settled(HingeStatus, lastSample: Double)
    /// `candidate` has been indicated since `since` and waits out the dwell; `committed` is
    /// still the status reported. `committed` is `unknown` when the sensor fell silent
    /// during the dwell: the candidate still commits when the dwell ends.
    case dwelling(candidate: HingeStatus, since: Double, committed: HingeStatus, lastSample: Double)
  }

  /// A status change to report.
  struct Change: Equatable {
    /// The status reported until now.
    var from: HingeStatus
    /// The status to report.
    var to: HingeStatus
  }

  private(set) var thresholds: Profile.StatusThresholds
  private(set) var state: State = .unknown

  /// Makes a trigger with the profile's thresholds.
  init(thresholds: Profile.StatusThresholds) { self.thresholds = thresholds }

  /// The status reported now.
  var status: HingeStatus {
    switch state {
    case .unknown: .unknown
    case .settled(let status, _): status
    case .dwelling(_, _, let committed, _): committed
    }
  }

  /// When the trigger wants to be woken: the dwell's end or the silence, whichever is first.
  var deadline: Double? {
    switch (dwellDeadline, silenceDeadline) {
    case (let dwell?, let silence?): min(dwell, silence)
    case (let dwell, let silence): dwell ?? silence
    }
  }

  /// When the dwelling candidate has held long enough.
  var dwellDeadline: Double? {
    guard case .dwelling(_, let since, _, _) = state else { return nil }
    return StreamTime.adding(thresholds.dwellMs, to: since)
  }

  /// When the reported status becomes `unknown` for want of samples (the profile may never say so).
  var silenceDeadline: Double? {
    guard let silence = thresholds.unknownAfterMs else { return nil }
    switch state {
    case .unknown, .dwelling(_, _, .unknown, _): return nil
    case .settled(_, let last), .dwelling(_, _, _, let last): return StreamTime.adding(silence, to: last)
    }
  }

  /// A measured angle arrived: returns the change to report now, if any.
  mutating func sampleArrived(_ angle: Double, at time: Double) -> Change? {
    let current = status
    let next = Self.status(after: current, angle: angle, thresholds: thresholds)
    guard next != current else {
      state = .settled(current, lastSample: time)
      return nil
    }
    guard thresholds.dwellMs > 0, current != .unknown else {
      state = .settled(next, lastSample: time)
      return Change(from: current, to: next)
    }
    // A candidate that is indicated again keeps counting from when it was first indicated.
    let since: Double
    if case .dwelling(next, let first, _, _) = state { since = first } else { since = time }
    state = .dwelling(candidate: next, since: since, committed: current, lastSample: time)
    return nil
  }

  /// Other thresholds hold from now (the hinge turned horizontal or vertical under a status
  /// that follows the orientation): the status is read again at the angle last measured, as a
  /// sample would be, and the change to report now is returned. Unknown stays unknown: there
  /// is no sample to read.
  mutating func thresholdsChanged(to next: Profile.StatusThresholds, angle: Double, at time: Double) -> Change? {
    guard next != thresholds else { return nil }
    thresholds = next
    let last: Double
    switch state {
    case .unknown: return nil
    case .settled(_, let l), .dwelling(_, _, _, let l): last = l
    }
    let change = sampleArrived(angle, at: time)
    // Reading the status again is not a sample: the silence still counts from the last one.
    switch state {
    case .settled(let s, _): state = .settled(s, lastSample: last)
    case .dwelling(let c, let since, let committed, _):
      state = .dwelling(candidate: c, since: since, committed: committed, lastSample: last)
    case .unknown: break
    }
    return change
  }

  /// The candidate has held for the dwell time: returns its change to report.
  mutating func dwellElapsed() -> Change {
    guard case .dwelling(let candidate, _, let committed, let last) = state else {
      preconditionFailure("dwell elapsed in \(state)")
    }
    state = .settled(candidate, lastSample: last)
    return Change(from: committed, to: candidate)
  }

  /// No sample came for the profile's silence: returns the change to `unknown`.
  mutating func silenceElapsed() -> Change {
    switch state {
    case .settled(let status, _):
      state = .unknown
      return Change(from: status, to: .unknown)
    case .dwelling(let candidate, let since, let committed, let last) where committed != .unknown:
      state = .dwelling(candidate: candidate, since: since, committed: .unknown, lastSample: last)
      return Change(from: committed, to: .unknown)
    case .unknown, .dwelling:
      preconditionFailure("silence elapsed in \(state)")
    }
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
