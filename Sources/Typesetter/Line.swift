/// One laid-out line: its UTF-16 range (trailing spaces and the paragraph's newline included, so
/// lines partition the text), its used width in points (trailing spaces excluded, a visible
/// hyphen included), and whether it ends a paragraph or was hyphenated.
public struct Line: Hashable, Sendable {
  /// The UTF-16 range; consecutive lines are adjacent.
  public var range: Range<Int>
  /// The used width in points.
  public var width: Double
  /// The line is its paragraph's last (its fragment carries paragraphSpacing).
  public var endsParagraph: Bool
  /// The line ends inside a word at a hyphenation point, with a visible hyphen.
  public var hyphenated: Bool

  /// Makes a line.
  public init(range: Range<Int>, width: Double, endsParagraph: Bool, hyphenated: Bool) {
    self.range = range
    self.width = width
    self.endsParagraph = endsParagraph
    self.hyphenated = hyphenated
  }
}
