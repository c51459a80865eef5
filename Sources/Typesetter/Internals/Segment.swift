/// The text between two line-break opportunities: a body, then hanging spaces, then (on the last
/// segment of a paragraph or forced line) the line terminator. Widths are in font units.
struct Segment {
  /// The UTF-16 offset of the first unit.
  var start: Int32
  /// The UTF-16 offset after the last unit (terminator included).
  var end: Int32
  /// UTF-16 units of the body (without the trailing spaces and terminator).
  var bodyLength: Int32
  /// The distinct-word entry (index into the word table), or -1 for an empty segment.
  var word: Int32
  /// Advance of the body.
  var bodyWidth: Int32
  /// Advance of the body and the trailing spaces.
  var fullWidth: Int32
  /// Kerning with the previous segment when both sit on one line (0 after spaces).
  var kernBefore: Int32
  /// `endsParagraph` and/or `endsLine`.
  var flags: UInt8

  /// The segment ends a paragraph (`\n`, `\r\n`, `\r`, U+2029, or the text end).
  static let endsParagraph: UInt8 = 1
  /// The segment ends with a forced line break inside the paragraph (VT, FF, NEL, U+2028).
  static let endsLine: UInt8 = 2
}
