import EventStream

extension Profile {
  /// The conflicts a profile names (`conflicts` in the file): for each, both sides with their
  /// source notes and data, and the side the profile follows.
  public struct Conflicts: Sendable, Equatable {
    /// One side of a conflict.
    public struct Side: Sendable, Equatable {
      /// Its name (`fold-stays`).
      public var name: String
      /// Its source's kind and reason; nil when the file gives none (an old top-level
      /// `divisionWhenFlat` notes only the side it chose).
      public var kind: SourceKind?
      public var reason: String?
    }

    /// One conflict as the profile writes it.
    public struct Entry: Sendable, Equatable {
      /// Which conflict.
      public var conflict: SourceConflict
      /// The side in force.
      public var chosen: String
      /// The side the file chose.
      public var written: String
      /// Both sides, in `conflict.sides` order.
      public var sides: [Side]
    }

    /// Where `start tent` puts the phone on one side of `tent`.
    public struct TentStart: Sendable, Equatable {
      /// Degrees.
      public var angle: Double
      /// The device orientation.
      public var orientation: Orientation
    }

    /// The conflicts in file order.
    public var entries: [Entry] = []
    /// The design kit's fold avoidance band, points (`foldWidth`'s `avoidance-band`).
    public var avoidanceBand: Double?
    /// The thresholds while the hinge is horizontal (`status`'s `angle-and-orientation`).
    public var landscapeStatus: StatusThresholds?
    /// Each `tent` side's start.
    public var tentStarts: [String: TentStart] = [:]

    /// Makes an empty set (a profile that names no conflict).
    public init() {}

    /// The entry of a conflict, if the profile names it.
    public func entry(_ conflict: SourceConflict) -> Entry? { entries.first { $0.conflict == conflict } }

    /// The side in force, if the profile names the conflict.
    public func chosen(_ conflict: SourceConflict) -> String? { entry(conflict)?.chosen }
  }

  /// Why a side cannot be chosen (`--conflict`, exit 64).
  public struct ConflictError: Error, Sendable, Equatable {
    public var message: String
  }

  /// Where `start tent` puts the phone, if the profile names the `tent` conflict.
  public var tentStart: Conflicts.TentStart? {
    conflicts.chosen(.tent).flatMap { conflicts.tentStarts[$0] }
  }

  /// The profile with `side` of `conflict` in force: the frames computed for that side from the
  /// values as written, the fold's rule, the status thresholds or the tent's start changed.
  /// `divisionWhenFlat` can be chosen on every profile; the others need the profile to name
  /// them (it holds their sources and data).
  public func choosing(_ conflict: SourceConflict, _ side: String) throws(ConflictError) -> Profile {
    guard conflict.sides.contains(side) else {
      throw ConflictError(
        message:
          "expected a side of \(conflict.rawValue) (\(conflict.sides.joined(separator: " or "))), found '\(side)'")
    }
    var next = self
    if conflict == .divisionWhenFlat {
      next.divisionWhenFlat = DivisionWhenFlat(rawValue: side) ?? .frameStays
      if let i = next.conflicts.entries.firstIndex(where: { $0.conflict == conflict }) {
        next.conflicts.entries[i].chosen = side
      }
      return next
    }
    guard let i = conflicts.entries.firstIndex(where: { $0.conflict == conflict }) else {
      let named = conflicts.entries.map(\.conflict.rawValue)
      throw ConflictError(
        message:
          "profile \(name) names no conflict '\(conflict.rawValue)' (it names \(named.isEmpty ? "none" : named.joined(separator: ", ")); divisionWhenFlat can be chosen on any profile)"
      )
    }
    next.conflicts.entries[i].chosen = side
    do {
      try next.resolveConflicts()
      try next.validateMeaning()
    } catch {
      throw ConflictError(message: "\(conflict.rawValue)=\(side): \(error.message)")
    }
    return next
  }

  /// Sets what the chosen sides decide: the frames from `written` (the poses as the file
  /// writes them), the status thresholds, the flat fold's frame.
  mutating func resolveConflicts(written: (poses: [Pose: PoseGeometry], split: [SplitMode: PoseGeometry])? = nil)
    throws(ProfileError)
  {
    let base = written ?? (writtenPoses, writtenSplitView)
    poses = base.poses
    splitView = base.split
    if let side = conflicts.chosen(.divisionWhenFlat) {
      divisionWhenFlat = DivisionWhenFlat(rawValue: side) ?? .frameStays
    }
    hinge?.landscapeStatus = conflicts.chosen(.status) == "angle-and-orientation" ? conflicts.landscapeStatus : nil
    if conflicts.chosen(.horizontalBar) == "inner-portrait-only" { applyBar(0) }
    if conflicts.chosen(.innerPortraitReader) == "safe-area" {
      try fillSafeArea(.openTall)
      try fillSafeArea(.tabletop)
    } else if let side = conflicts.chosen(.tabletopFold) {
      try placeTabletopFold(stays: side == "fold-stays")
    }
    if conflicts.chosen(.foldWidth) == "avoidance-band", let band = conflicts.avoidanceBand { setFoldThickness(band) }
  }

  /// Every pose but the inner display's in portrait from the frame rule with a bar of `bar`
  /// points: reader = display − safe area − bar; a fold down the reader spans its height.
  private mutating func applyBar(_ bar: Double) {
    for pose in [Pose.closed, .closedSideways, .openWide, .book] {
      guard let frame = poses[pose], let rule = ruleFrame(for: pose, bar: bar) else { continue }
      poses[pose] = Self.resized(frame, to: rule)
    }
    for mode in [SplitMode.left, .right] {
      guard let frame = splitView[mode], let rule = ruleFrame(for: .splitView, split: mode, bar: bar) else { continue }
      splitView[mode] = Self.resized(frame, to: rule)
    }
  }

  private static func resized(_ g: PoseGeometry, to rule: (width: Double, height: Double, fold: Double?))
    -> PoseGeometry
  {
    var g = g
    g.width = rule.width
    g.height = rule.height
    if var d = g.division, d.height >= d.width {
      d.y = 0
      d.height = rule.height
      g.division = d
    }
    return g
  }

  /// The pose's reader fills the safe area of the display as the pose holds it (no bar of its
  /// own: the guide's bar sits inside the top inset), the fold across it at the display's
  /// middle.
  private mutating func fillSafeArea(_ pose: Pose) throws(ProfileError) {
    guard var g = poses[pose], let rule = ruleFrame(for: pose, bar: 0) else { return }
    g.width = rule.width
    g.height = rule.height
    if var d = g.division, let y = rule.fold {
      d.x = 0
      d.width = rule.width
      d.y = y
      g.division = d
    }
    poses[pose] = g
  }

  /// The tabletop fold where it was held tall (`stays`), or where a reader flush with the
  /// display's bottom meets the display's middle.
  private mutating func placeTabletopFold(stays: Bool) throws(ProfileError) {
    guard var g = poses[.tabletop], var d = g.division, let display = displays[g.display] else { return }
    if stays {
      guard let tall = poses[.openTall]?.division else {
        throw ProfileError(
          message: "poses.openTall.division: expected a fold held tall for the tabletop fold to stay at, found none")
      }
      d.y = tall.y
    } else {
      // The turned display's height is its natural width; the reader's top is what is left above it.
      d.y = FrameRule.foldOffset(displayLength: display.width, origin: display.width - g.height, thickness: d.height)
    }
    g.division = d
    poses[.tabletop] = g
  }

  /// Every fold `thickness` points across, about the same centre line.
  private mutating func setFoldThickness(_ thickness: Double) {
    func thinned(_ g: PoseGeometry) -> PoseGeometry {
      guard var d = g.division else { return g }
      if d.height >= d.width {
        d.x += (d.width - thickness) / 2
        d.width = thickness
      } else {
        d.y += (d.height - thickness) / 2
        d.height = thickness
      }
      var g = g
      g.division = d
      return g
    }
    for (pose, g) in poses { poses[pose] = thinned(g) }
    for (mode, g) in splitView { splitView[mode] = thinned(g) }
  }
}
