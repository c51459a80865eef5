import EventStream

/// The scene model: pose → reader frame, transient resize bursts, and the division region.
///
/// A pose change that changes the reader size starts a burst of the profile's kind (display
/// switch opening or closing, rotation, or a same-display resize): `count` sizes spread over
/// `durationMs`, eased from the old size to the new, the last one final. A new pose during a
/// burst cancels its rest and starts from the size last sent. The fold's frame comes from the
/// pose and stays put when folding; only `isActive` (the status is partiallyOpen) changes —
/// unless the profile's `divisionWhenFlat` is `zero-when-flat`, when fully open it is the
/// fold's centre line, 0 pt across. The division is reported with the final size, or the
/// profile's region lag after it.
///
/// ```swift
/// // closed → openWide: 7 sizes from 382×620 to 867×611 over 200 ms, then the division.
/// ```
public struct SceneStateMachine: Stage {
  /// One reader size.
  struct Size: Equatable {
    /// Width, points.
    var width: Double
    /// Height, points.
    var height: Double
    /// The display showing the app.
    var display: Display
    /// The pose's size classes and safe-area insets, sent with every size of a burst.
    var horizontalSizeClass: SizeClass? = nil
    var verticalSizeClass: SizeClass? = nil
    var safeArea: SafeArea? = nil

    /// The scene event for this size.
    func change(transient: Bool, index: Int, count: Int) -> SceneChange {
      SceneChange(
        width: width, height: height, display: display, transient: transient, index: index, count: count,
        horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass, safeArea: safeArea)
    }
  }

  /// Where the scene is.
  enum State {
    /// No pose has given the reader a size yet.
    case noScene
    /// The reader has its size; nothing is due.
    case steady(Size)
    /// The reader has its final size; the changed division waits out the region lag until `due`.
    case regionsLagging(Size, due: Double)
    /// A burst of sizes is on its way.
    case bursting(Burst)
  }

  let profile: Profile
  private(set) var state: State = .noScene
  private var split: SplitMode = .off
  private var status: HingeStatus = .unknown
  private var pose: Pose = .unknown
  /// The hinge's direction now, and when the size now heading out was chosen (a change
  /// between them is a rotation).
  private var landscape = false
  private var landscapeAtSize = false
  /// The fold as the pose and status have it now, and as last reported.
  private var division: Division?
  private var reportedDivision: Division?
  /// The pose's fold frame (the division's frame when the profile keeps it when flat).
  private var foldFrame: Rect?

  /// Makes the scene model for a profile.
  public init(profile: Profile) { self.profile = profile }

  /// The size last sent (nil before the first pose).
  public var size: (width: Double, height: Double, display: Display)? {
    switch state {
    case .noScene: nil
    case .steady(let size), .regionsLagging(let size, _): (size.width, size.height, size.display)
    case .bursting(let burst): (burst.sent.width, burst.sent.height, burst.sent.display)
    }
  }

  public var deadline: Double? {
    switch state {
    case .noScene, .steady: nil
    case .regionsLagging(_, let due): due
    case .bursting(let burst): burst.deadline
    }
  }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .split(let mode):
      split = mode
      // Left ↔ right keeps the splitView pose, so no pose event comes: move here.
      if pose == .splitView, mode != .off { poseChanged(to: .splitView, at: event.time, into: &output) }
    case .orientation(let o):
      if !o.isFlat { landscape = o.isLandscape }
    case .status(let change):
      statusChanged(to: change.status, at: event.time, into: &output)
    case .pose(let change):
      pose = change.pose
      poseChanged(to: change.pose, at: event.time, into: &output)
    default: break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    // Whatever is due, in the order it falls due: the burst's sizes, then a lagging division.
    if case .bursting(let burst) = state { sendSizes(of: burst, dueBy: now, into: &output) }
    if case .regionsLagging(let size, let due) = state, due <= now {
      state = .steady(size)
      reportRegions(at: due, into: &output)
    }
  }

  private func geometry(for pose: Pose) -> Profile.PoseGeometry? {
    if pose == .splitView { return profile.splitView[split] ?? profile.poses[.openWide] }
    return profile.poses[pose] ?? profile.poses[.closed]
  }

  /// A pose (or a Split View side) asks for its reader size and fold.
  private mutating func poseChanged(to pose: Pose, at time: Double, into output: inout [Event]) {
    // An unknown pose (a silent sensor) says nothing about the display: the scene stays as it is.
    guard pose != .unknown, let geometry = geometry(for: pose) else { return }
    foldFrame = geometry.division
    division = geometry.division.map {
      Division(frame: profile.divisionWhenFlat.frame($0, status: status), isActive: status == .partiallyOpen)
    }
    let target = Size(
      width: geometry.width, height: geometry.height, display: geometry.display,
      horizontalSizeClass: geometry.horizontalSizeClass, verticalSizeClass: geometry.verticalSizeClass,
      safeArea: geometry.safeArea)
    let current: Size
    switch state {
    case .noScene:
      landscapeAtSize = landscape
      state = .steady(target)
      output.append(Event(time: time, .scene(target.change(transient: false, index: 1, count: 1))))
      scheduleRegions(after: time, into: &output)
      return
    case .bursting(let burst) where burst.target == target:
      return  // a burst already heading to this size (book → openWide while opening) runs on
    case .bursting(let burst):
      current = burst.sent
    case .steady(let size), .regionsLagging(let size, _):
      current = size
    }
    guard current != target else {
      // The rest of a burst is cancelled; a lagging division stays due.
      if case .bursting = state { state = .steady(current) }
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
    state = .bursting(Burst(from: current, to: target, kind: kind, at: time))
    fire(at: time, into: &output)
  }

  /// Sends the burst's sizes due by `now`; after the last, the division follows.
  private mutating func sendSizes(of burst: Burst, dueBy now: Double, into output: inout [Event]) {
    var burst = burst
    while let scene = burst.nextSize(dueBy: now) {
      let event = Event(time: max(scene.time, now), .scene(scene.change))  // late only in real time
      output.append(event)
      if burst.isFinished {
        state = .steady(burst.sent)
        scheduleRegions(after: event.time, into: &output)
        return
      }
    }
    state = .bursting(burst)
  }

  private mutating func statusChanged(to status: HingeStatus, at time: Double, into output: inout [Event]) {
    self.status = status
    guard let frame = foldFrame else { return }
    let d = Division(frame: profile.divisionWhenFlat.frame(frame, status: status), isActive: status == .partiallyOpen)
    guard d != division else { return }
    division = d
    // While a burst is still running, the region is reported when it ends.
    if case .bursting = state { return }
    scheduleRegions(after: time, into: &output)
  }

  /// The division changed: it is reported now, or the profile's region lag after `time`.
  private mutating func scheduleRegions(after time: Double, into output: inout [Event]) {
    guard division != reportedDivision else { return }
    let lag = profile.transitions.regionLagMs
    guard lag > 0 else {
      reportRegions(at: time, into: &output)
      return
    }
    switch state {
    case .steady(let size), .regionsLagging(let size, _):
      state = .regionsLagging(size, due: StreamTime.adding(lag, to: time))
    case .noScene, .bursting:
      preconditionFailure("regions scheduled in \(state)")
    }
  }

  private mutating func reportRegions(at time: Double, into output: inout [Event]) {
    guard division != reportedDivision else { return }
    reportedDivision = division
    output.append(Event(time: time, .regions(RegionsChange(division: division))))
  }
}
