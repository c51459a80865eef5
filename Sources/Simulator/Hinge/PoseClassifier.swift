import EventStream

/// The device pose from the hinge status, the hinge's direction and Split View (DESIGN §3.2).
///
/// On a book-style foldable (`HingeAxis.vertical`) the hinge runs along the closed phone's
/// long edge: upright (`portrait…`) it is vertical, so open is held wide and half-folded is a
/// book; in `landscape…` it is horizontal, so open is held tall and half-folded is tabletop. A
/// flip phone (`HingeAxis.horizontal`) is the other way round: upright it is held tall or in
/// tabletop (flex mode), sideways held wide or a book. Closed, the pose follows the
/// orientation alone (the outer display upright or sideways). `faceUp` and `faceDown` say
/// nothing about the direction, which keeps the last one. Split View is a pose only while open
/// with the hinge vertical (the panes beside the fold).
///
/// ```swift
/// PoseClassifier.pose(status: .partiallyOpen, landscape: false, split: .off)  // .book
/// PoseClassifier.pose(status: .partiallyOpen, landscape: true, split: .off)   // .tabletop
/// PoseClassifier.pose(status: .fullyOpen, landscape: false, split: .left)     // .splitView
/// PoseClassifier.pose(status: .partiallyOpen, landscape: false, split: .off, axis: .horizontal)  // .tabletop
/// ```
struct PoseClassifier {
  /// The pose last reported.
  private(set) var pose: Pose = .unknown
  /// The device orientation (portrait until told otherwise).
  private(set) var orientation: Orientation = .portrait
  /// The last orientation that said which way the phone is turned was a landscape one.
  private var landscape = false
  /// Which way the hinge runs upright.
  let axis: HingeAxis
  /// True while the hinge is horizontal (held tall, tabletop; a book-style phone closed
  /// sideways, a flip phone closed upright).
  var isHingeHorizontal: Bool { axis.isHorizontal(landscape: landscape) }
  private var split: SplitMode = .off

  /// Makes a classifier for a hinge running `axis` upright.
  init(axis: HingeAxis = .vertical) { self.axis = axis }

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
    let next = Self.pose(status: status, landscape: landscape, split: split, axis: axis)
    guard next != pose else { return nil }
    defer { pose = next }
    return PoseChange(pose: next, from: pose, orientation: orientation)
  }

  /// The pose for a status, orientation (landscape or not), Split View state and hinge axis.
  static func pose(status: HingeStatus, landscape: Bool, split: SplitMode, axis: HingeAxis = .vertical) -> Pose {
    let horizontal = axis.isHorizontal(landscape: landscape)
    switch status {
    case .unknown: return .unknown
    case .closed: return landscape ? .closedSideways : .closed
    case .partiallyOpen, .fullyOpen:
      if split != .off && !horizontal {
        return .splitView
      } else if status == .fullyOpen {
        return horizontal ? .openTall : .openWide
      } else {
        return horizontal ? .tabletop : .book
      }
    }
  }
}
