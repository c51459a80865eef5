import EventStream

/// The device pose from the hinge status, the hinge's direction and Split View (DESIGN §3.2).
///
/// The hinge runs along the closed phone's long edge: upright (`portrait…`) it is vertical,
/// so open is held wide and half-folded is a book; in `landscape…` it is horizontal, so open
/// is held tall and half-folded is tabletop. `faceUp` and `faceDown` say nothing about the
/// direction, which keeps the last one. Split View is a pose only while open and upright.
///
/// ```swift
/// PoseClassifier.pose(status: .partiallyOpen, landscape: false, split: .off)  // .book
/// PoseClassifier.pose(status: .partiallyOpen, landscape: true, split: .off)   // .tabletop
/// PoseClassifier.pose(status: .fullyOpen, landscape: false, split: .left)     // .splitView
/// ```
struct PoseClassifier {
  /// The pose last reported.
  private(set) var pose: Pose = .unknown
  /// The device orientation (portrait until told otherwise).
  private(set) var orientation: Orientation = .portrait
  /// The hinge is horizontal (the last orientation that says so was a landscape one).
  private var landscape = false
  /// True while the hinge is horizontal (held tall, tabletop, closed sideways).
  var isLandscape: Bool { landscape }
  private var split: SplitMode = .off

  /// The device turned.
  mutating func orientationChanged(to orientation: Orientation) {
    self.orientation = orientation
    if !orientation.isFlat { landscape = orientation.isLandscape }
  }

  /// Split View went in or out.
  mutating func splitChanged(to mode: SplitMode) {
    split = mode
  }

  /// Classifies the pose for a status; returns the change to report when it differs from
  /// the pose last reported.
  mutating func classify(status: HingeStatus) -> PoseChange? {
    let next = Self.pose(status: status, landscape: landscape, split: split)
    guard next != pose else { return nil }
    defer { pose = next }
    return PoseChange(pose: next, from: pose, orientation: orientation)
  }

  /// The pose for a status, hinge direction and Split View state.
  static func pose(status: HingeStatus, landscape: Bool, split: SplitMode) -> Pose {
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
