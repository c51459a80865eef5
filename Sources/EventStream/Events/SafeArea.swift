/// The safe-area insets of the app's window in one pose, points (`UIEdgeInsets` in leading and
/// trailing terms, as the dual-pane guide's table gives them).
public struct SafeArea: Hashable, Sendable {
  public var top: Double
  public var leading: Double
  public var bottom: Double
  public var trailing: Double

  /// Makes insets.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The four insets in the order a stream and a profile write them.
  public static let sides = ["top", "leading", "bottom", "trailing"]

  /// The insets in `sides` order.
  public var values: [Double] { [top, leading, bottom, trailing] }
}
