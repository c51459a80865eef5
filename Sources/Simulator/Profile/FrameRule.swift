import EventStream

/// The one rule that gives a pose its reader frame and fold position from the display, the
/// pose's safe-area insets and the reader's navigation bar (docs/profiles.md, "The frame rule"):
///
/// - reader = the display as the pose holds it − the safe-area insets − the navigation bar
///   (under the top inset); a Split View pane starts from half the display's width;
/// - the fold, in reader coordinates = the display's middle − the reader's origin − half the
///   fold's thickness.
///
/// Measured frames win where a source measured them; the profile labels each value `measured`,
/// `derived` (this rule) or `assumed`, and the docs list where the rule and a measurement differ.
///
/// ```swift
/// FrameRule.reader(display: (678, 466), safeArea: SafeArea(trailing: 84), bar: 58)  // (594, 408)
/// FrameRule.foldOffset(displayLength: 951, origin: 142, thickness: 40)             // 313.5
/// ```
public enum FrameRule {
  /// The reader's size: the display less the insets on each axis and the bar's height.
  public static func reader(
    display: (width: Double, height: Double), safeArea: SafeArea, bar: Double
  ) -> (width: Double, height: Double) {
    (
      display.width - safeArea.leading - safeArea.trailing,
      display.height - safeArea.top - safeArea.bottom - bar
    )
  }

  /// Where the reader starts in the display: after the leading inset, below the top inset and
  /// the bar.
  public static func origin(safeArea: SafeArea, bar: Double) -> (x: Double, y: Double) {
    (safeArea.leading, safeArea.top + bar)
  }

  /// The fold's offset along the axis it crosses, in reader coordinates: the display's middle
  /// less the reader's origin on that axis and half the fold's thickness.
  public static func foldOffset(displayLength: Double, origin: Double, thickness: Double) -> Double {
    displayLength / 2 - origin - thickness / 2
  }

  /// True for the poses that hold a display turned from its natural orientation: closed
  /// sideways, and on a book-style foldable (the inner display landscape) open tall and
  /// tabletop; on a flip phone (the inner display portrait) open wide, book and Split View.
  public static func isTurned(_ pose: Pose, axis: HingeAxis = .vertical) -> Bool {
    switch pose {
    case .closedSideways: true
    case .openTall, .tabletop: axis == .vertical
    case .openWide, .book, .splitView: axis == .horizontal
    case .closed, .unknown: false
    }
  }
}

extension Profile {
  /// What the frame rule gives a pose (or a Split View pane with `split` left or right): the
  /// reader's size and, when the pose has a fold, the fold's offset (x for a vertical fold, y
  /// for one across). Nil when the profile does not have the pose or its display.
  /// `bar` replaces the profile's navigation bar (a conflict's side without one).
  public func ruleFrame(for pose: Pose, split: SplitMode = .off, bar: Double? = nil) -> (
    width: Double, height: Double, fold: Double?
  )? {
    let bar = bar ?? navigationBar
    let geometry = pose == .splitView ? splitView[split] : poses[pose]
    guard let geometry, let natural = displays[geometry.display] else { return nil }
    let turned = FrameRule.isTurned(pose, axis: hinge?.axis ?? .vertical)
    var display =
      turned ? (width: natural.height, height: natural.width) : (width: natural.width, height: natural.height)
    let fullWidth = display.width
    if pose == .splitView { display.width /= 2 }
    let size = FrameRule.reader(display: display, safeArea: geometry.safeArea, bar: bar)
    let origin = FrameRule.origin(safeArea: geometry.safeArea, bar: bar)
    var fold: Double?
    if let d = geometry.division {
      fold =
        d.height >= d.width
        ? FrameRule.foldOffset(displayLength: fullWidth, origin: origin.x, thickness: d.width)
        : FrameRule.foldOffset(displayLength: display.height, origin: origin.y, thickness: d.height)
    }
    return (size.width, size.height, fold)
  }
}
