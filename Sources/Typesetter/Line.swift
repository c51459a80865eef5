/// One laid-out line: its UTF-16 range (trailing spaces and the paragraph's newline included, so
/// lines partition the text), its used width in points (trailing spaces excluded, a visible
/// hyphen included), and whether it ends a paragraph or was hyphenated.
public struct Line: Hashable, Sendable {
  /// The UTF-16 range; consecutive lines are adjacent.
  public var range: Range<Int>
  /// The used width in points: never more than the page width, but for a line holding a single
  /// grapheme cluster wider than the page (clusters are not split), and for a tie within one font
  /// unit of the width that Pango's rounding fits (see `TextLayout.tieFits`).
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
