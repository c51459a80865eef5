import Testing

@testable import HingeSimCLI

/// paginate's page list: up to six words of a page's beginning, the words being what
/// `split(whereSeparator: \.isWhitespace)` finds.
@Suite struct FirstWordsTests {
  static func reference(_ text: String) -> String {
    text.split(whereSeparator: { $0.isWhitespace }).prefix(6).joined(separator: " ")
  }

  @Test(
    "six words at most, split at any Unicode whitespace, a space with a combining mark being one character",
    arguments: [
      "It is a truth universally acknowledged, that a single man",
      "  leading\tand\ttabs\r\nCR LF\u{0B}vertical\u{0C}feed",
      "no-break\u{00A0}space, ideographic\u{3000}space, em\u{2003}space, nnbsp\u{202F}x and\u{2028}more",
      "a \u{301}accent after a space, e\u{301} in a word, and so on",
      "\u{1C}\u{1D} separators are not White_Space words",
      "one", "", "   ", "😀 👨‍👩‍👧 🇫🇷 flags and emoji and more words",
      "“Quoted,” said she — “and dashed—words” here too",
    ])
  func asSplitFindsThem(_ text: String) {
    #expect(PaginateCommand.firstWords(text) == Self.reference(text))
  }
}
