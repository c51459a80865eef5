import EventStream
/// The hinge model: raw samples in; delivered `hinge` updates, `status` and `pose` changes out.
///
/// It applies the profile's system policy (minimum interval between delivered updates,
/// precision, minimum change, seeded noise), decides the status with direction-aware
/// hysteresis (a Schmitt trigger per boundary, a deadband and an optional dwell), and derives
/// the pose from status, orientation and Split View. The first delivered update carries the
/// initial state, as `UIHingeInteraction` does. Events are emitted only on change.
///
/// ```swift
/// var hinge = HingeStateMachine(profile: duo)
/// var out: [Event] = []
/// hinge.receive(Event(time: 0, .sample(angle: 0)), into: &out)
/// // hinge 0° closed, status closed (from unknown), pose closed (from unknown)
/// ```
public struct HingeStateMachine: Stage {
  let hinge: Profile.HingeProfile?
  private var noise: SeededNoise

  /// The status as last reported.
  public private(set) var status: HingeStatus = .unknown
  /// The pose as last reported.
  public private(set) var pose: Pose = .unknown
  /// The device orientation (portrait until told otherwise).
  public private(set) var orientation: Orientation = .portrait
  private var landscape = false
  private var split: SplitMode = .off

  private var lastDelivered: (time: Double, angle: Double)?
  private var pendingAngle: Double?
  private var lastSampleTime: Double?
  private var angle: Double = 0
  private var largestOpen: Double
  /// A status waiting out its dwell time.
  private var candidate: (status: HingeStatus, since: Double)?

  /// Makes the hinge model for a profile (a profile without a hinge ignores samples).
  public init(profile: Profile) {
    hinge = profile.hinge
    noise = SeededNoise(seed: profile.hinge?.policy.seed ?? 0)
    largestOpen = profile.hinge?.status.fullyOpenOpening ?? 180
  }

  public var deadline: Double? {
    guard let hinge else { return nil }
    var next: Double?
    if pendingAngle != nil, let last = lastDelivered {
      next = last.time + hinge.policy.minIntervalMs
    }
    if let candidate {
      next = min(next ?? .infinity, candidate.since + hinge.status.dwellMs)
    }
    if let silence = hinge.status.unknownAfterMs, let last = lastSampleTime, status != .unknown {
      next = min(next ?? .infinity, last + silence)
    }
    return next
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .sample(let raw): sample(raw, at: event.time, into: &output)
    case .orientation(let o):
      orientation = o
      if !o.isFlat { landscape = o.isLandscape }
      updatePose(at: event.time, into: &output)
    case .split(let mode):
      split = mode
      updatePose(at: event.time, into: &output)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    guard let hinge else { return }
    if let candidate, now >= candidate.since + hinge.status.dwellMs {
      self.candidate = nil
      commit(candidate.status, at: now, into: &output)
      deliver(at: now, into: &output)
    }
    if pendingAngle != nil, let last = lastDelivered, now >= last.time + hinge.policy.minIntervalMs {
      deliver(at: now, into: &output)
    }
    if let silence = hinge.status.unknownAfterMs, let last = lastSampleTime, status != .unknown,
      now >= last + silence
    {
      commit(.unknown, at: now, into: &output)
      lastDelivered = nil
      pendingAngle = nil
    }
  }

  private mutating func sample(_ raw: Double, at time: Double, into output: inout [Event]) {
    guard let hinge else {
      updatePose(at: time, into: &output)  // no hinge: the first sample only establishes the pose
      return
    }
    lastSampleTime = time
    var value = raw
    if hinge.policy.noise > 0 { value += noise.symmetric(hinge.policy.noise) }
    value = min(max(value, hinge.minAngle), hinge.maxAngle)
    if hinge.policy.precision > 0 {
      value = (value / hinge.policy.precision).rounded() * hinge.policy.precision
      value = min(max(value, hinge.minAngle), hinge.maxAngle)
    }
    angle = value

    let next = nextStatus(for: value, thresholds: hinge.status)
    var statusChanged = false
    if next != status {
      if hinge.status.dwellMs > 0 && status != .unknown {
        if candidate?.status != next { candidate = (next, time) }
      } else {
        candidate = nil
        commit(next, at: time, into: &output)
        statusChanged = true
      }
    } else {
      candidate = nil
    }

    guard let last = lastDelivered else {
      deliver(at: time, into: &output)
      return
    }
    let changedEnough = abs(value - last.angle) >= max(hinge.policy.minChange, 1e-9)
    if statusChanged || (changedEnough && time - last.time >= hinge.policy.minIntervalMs) {
      deliver(at: time, into: &output)
    } else if changedEnough {
      pendingAngle = value
    } else {
      pendingAngle = nil
    }
  }

  /// Schmitt trigger over both boundaries, each crossing needing the deadband beyond it.
  private func nextStatus(for angle: Double, thresholds t: Profile.StatusThresholds) -> HingeStatus {
    let d = t.deadband / 2
    switch status {
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

  private mutating func commit(_ next: HingeStatus, at time: Double, into output: inout [Event]) {
    guard next != status else { return }
    output.append(Event(time: time, .status(StatusChange(status: next, from: status, angle: angle))))
    status = next
    updatePose(at: time, into: &output)
  }

  private mutating func deliver(at time: Double, into output: inout [Event]) {
    pendingAngle = nil
    lastDelivered = (time, angle)
    if status == .fullyOpen { largestOpen = max(largestOpen, angle) }
    let progress: Double =
      switch status {
      case .closed, .unknown: 0
      case .fullyOpen: 1
      case .partiallyOpen: min(max(angle / largestOpen, 0), 1)
      }
    output.append(
      Event(
        time: time,
        .hinge(HingeUpdate(angle: angle, radians: angle * .pi / 180, status: status, progress: progress))))
  }

  private mutating func updatePose(at time: Double, into output: inout [Event]) {
    let next = Self.pose(status: hinge == nil ? .closed : status, landscape: landscape, split: split)
    guard next != pose else { return }
    output.append(Event(time: time, .pose(PoseChange(pose: next, from: pose, orientation: orientation))))
    pose = next
  }

  /// The pose for a status, hinge direction and Split View state.
  public static func pose(status: HingeStatus, landscape: Bool, split: SplitMode) -> Pose {
    switch status {
    case .unknown: .unknown
    case .closed: landscape ? .closedSideways : .closed
    case .partiallyOpen, .fullyOpen:
      if split != .off && !landscape {
        .splitView
      } else if status == .fullyOpen {
        landscape ? .openTall : .openWide
      } else {
        landscape ? .tabletop : .book
      }
    }
  }
}
