import EventStream
/// The scene model: pose → reader frame, transient resize bursts, and the division region.
///
/// A pose change that changes the reader size starts a burst of the profile's kind (display
/// switch opening or closing, rotation, or a same-display resize): `count` sizes spread over
/// `durationMs`, eased from the old size to the new, the last one final. A new pose during a
/// burst cancels its rest and starts from the size last sent. The fold's frame comes from the
/// pose and stays put when folding; only `isActive` (the status is partiallyOpen) changes.
///
/// ```swift
/// // closed → openWide: 7 sizes from 382×620 to 867×611 over 200 ms, then the division.
/// ```
public struct SceneStateMachine: Stage {
  let profile: Profile
  private var split: SplitMode = .off
  private var status: HingeStatus = .unknown
  private var pose: Pose = .unknown
  /// The hinge's direction now, and when the last size was set (a change between them is a rotation).
  private var landscape = false
  private var landscapeAtSize = false

  /// The size last sent (nil before the first pose).
  public private(set) var size: (width: Double, height: Double, display: Display)?
  private var division: Division?
  private var reportedDivision: Division?
  private var started = false

  private var burst: [Event] = []
  private var burstIndex = 0
  private var regionsDue: Double?

  /// Makes the scene model for a profile.
  public init(profile: Profile) { self.profile = profile }

  public var deadline: Double? {
    var next: Double? = burstIndex < burst.count ? burst[burstIndex].time : nil
    if let due = regionsDue { next = min(next ?? .infinity, due) }
    return next
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .split(let mode):
      split = mode
      // Left ↔ right keeps the splitView pose, so no pose event comes: move here.
      if pose == .splitView, mode != .off { move(to: .splitView, at: event.time, into: &output) }
    case .orientation(let o):
      if !o.isFlat { landscape = o.isLandscape }
    case .status(let change):
      status = change.status
      updateDivisionActivity(at: event.time, into: &output)
    case .pose(let change):
      pose = change.pose
      move(to: change.pose, at: event.time, into: &output)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    while burstIndex < burst.count, burst[burstIndex].time <= now {
      var event = burst[burstIndex]
      event.time = max(event.time, now)  // late only in real time, when the host woke late
      burstIndex += 1
      if case .scene(let s) = event.kind { size = (s.width, s.height, s.display) }
      output.append(event)
      if burstIndex == burst.count {
        burst.removeAll()
        burstIndex = 0
        scheduleRegions(after: event.time, into: &output)
      }
    }
    if let due = regionsDue, due <= now {
      regionsDue = nil
      reportRegions(at: due, into: &output)
    }
  }

  private func geometry(for pose: Pose) -> Profile.PoseGeometry? {
    if pose == .splitView { return profile.splitView[split] ?? profile.poses[.openWide] }
    return profile.poses[pose] ?? profile.poses[.closed]
  }

  private mutating func move(to pose: Pose, at time: Double, into output: inout [Event]) {
    // An unknown pose (a silent sensor) says nothing about the display: the scene stays as it is.
    guard pose != .unknown, let target = geometry(for: pose) else { return }
    division = target.division.map { Division(frame: $0, isActive: status == .partiallyOpen) }
    // A burst already heading to this size (book → openWide while opening) runs on.
    if burstIndex < burst.count, case .scene(let end)? = burst.last?.kind,
      end.width == target.width, end.height == target.height, end.display == target.display
    {
      return
    }
    burst.removeAll()
    burstIndex = 0
    guard let current = size, started else {
      started = true
      landscapeAtSize = landscape
      size = (target.width, target.height, target.display)
      output.append(
        Event(
          time: time,
          .scene(
            SceneChange(
              width: target.width, height: target.height, display: target.display, transient: false, index: 1, count: 1)
          )))
      scheduleRegions(after: time, into: &output)
      return
    }
    guard current.width != target.width || current.height != target.height || current.display != target.display else {
      scheduleRegions(after: time, into: &output)
      return
    }
    let kind: Profile.Burst
    if current.display == .outer && target.display == .inner {
      kind = profile.transitions.open
    } else if current.display == .inner && target.display == .outer {
      kind = profile.transitions.close
    } else if landscape != landscapeAtSize {
      kind = profile.transitions.rotate
    } else {
      kind = profile.transitions.resize
    }
    landscapeAtSize = landscape
    let count = kind.count
    for i in 1...count {
      let f = Double(i) / Double(count)
      let eased = kind.easing.apply(f)
      let last = i == count
      let t = count == 1 ? time : Self.microseconds(time + kind.durationMs * Double(i - 1) / Double(count - 1))
      let width = last ? target.width : Self.round(current.width + (target.width - current.width) * eased)
      let height = last ? target.height : Self.round(current.height + (target.height - current.height) * eased)
      burst.append(
        Event(
          time: t,
          .scene(
            SceneChange(width: width, height: height, display: target.display, transient: !last, index: i, count: count)
          )))
    }
    regionsDue = nil
    fire(at: time, into: &output)
  }

  /// Burst times are kept to the microsecond so streams stay readable.
  private static func microseconds(_ ms: Double) -> Double { (ms * 1000).rounded() / 1000 }

  /// Sizes are whole or half points, as UIKit's layout hands them out at this scale.
  private static func round(_ value: Double) -> Double { (value * 2).rounded() / 2 }

  private mutating func scheduleRegions(after time: Double, into output: inout [Event]) {
    guard division != reportedDivision else { return }
    let lag = profile.transitions.regionLagMs
    if lag > 0 {
      regionsDue = time + lag
    } else {
      reportRegions(at: time, into: &output)
    }
  }

  private mutating func reportRegions(at time: Double, into output: inout [Event]) {
    guard division != reportedDivision else { return }
    reportedDivision = division
    output.append(Event(time: time, .regions(RegionsChange(division: division))))
  }

  private mutating func updateDivisionActivity(at time: Double, into output: inout [Event]) {
    guard var d = division else { return }
    let active = status == .partiallyOpen
    guard d.isActive != active else { return }
    d.isActive = active
    division = d
    // While a burst is still running, the region is reported when it ends.
    if burstIndex >= burst.count || burst.isEmpty { scheduleRegions(after: time, into: &output) }
  }
}
