import Testing

@testable import Typesetter

/// U+FFFF is libunibreak's end-of-text marker; inside a text it aborted the process (found by
/// the typeset fuzz target).
@Suite struct EndOfTextMarkerTests {
  @Test(
    "a text holding U+FFFF lays out, and its pages cover the text",
    arguments: ["ab \u{FFFF} cd", "\u{FFFF}", "x\u{FFFF}\u{FFFF}🇫🇷 y"])
  func layOut(_ text: String) {
    let layout = Fixtures.layout(text)
    let pages = layout.paginate(width: 300, height: 500, style: Fixtures.style(.large))
    #expect(pages.pageCount >= 1)
    #expect(pages.pageRange(0).lowerBound == 0)
    #expect(pages.pageRange(pages.pageCount - 1).upperBound == text.utf16.count)
  }
}
