/// Which way the hinge runs when the phone is held upright (`portrait`): a profile's
/// `hinge.axis`.
///
/// A book-style foldable (the iPhone Duo, the Pixel Fold) folds along its long edge, so upright
/// the hinge is vertical: open is held wide, half-folded a book, and turned to `landscape…` the
/// hinge is horizontal (held tall, tabletop). A flip phone folds across its length, so upright
/// the hinge is already horizontal: open is held tall, half-folded is tabletop ("flex mode"),
/// and turned sideways it is held wide or a book.
///
/// ```swift
/// HingeAxis.vertical.isHorizontal(landscape: true)     // true: the Duo held tall
/// HingeAxis.horizontal.isHorizontal(landscape: false)  // true: a flip phone upright
/// ```
public enum HingeAxis: String, Sendable, CaseIterable {
  /// Along the long edge: vertical upright (book-style foldables; the default).
  case vertical
  /// Across the length: horizontal upright (flip phones).
  case horizontal

  /// True when the hinge is horizontal with the phone held in a landscape orientation or not.
  public func isHorizontal(landscape: Bool) -> Bool { self == .vertical ? landscape : !landscape }

  /// The orientation a named pose implies: upright for the closed phone and for the open poses
  /// with the hinge running the way it does upright, `landscapeLeft` for the others.
  public func orientation(for pose: Pose) -> Orientation {
    switch pose {
    case .closedSideways: .landscapeLeft
    case .openTall, .tabletop: self == .vertical ? .landscapeLeft : .portrait
    case .openWide, .book, .splitView: self == .vertical ? .portrait : .landscapeLeft
    case .closed, .unknown: .portrait
    }
  }
}
