import EventStream
import Testing

@testable import Typesetter

@Suite struct BadInputTests {
  let large = Fixtures.style(.large)

  @Test func emptyTextIsOnePageWithOneEmptyLine() {
    let layout = Fixtures.layout("")
    let p = layout.paginate(width: 342, height: 580, style: large)
    #expect(p.pageCount == 1)
    #expect(p.pageRange(0) == 0..<0)
    #expect(
      p.lines(onPage: 0) == [Line(range: 0..<0, width: 0, endsParagraph: true, hyphenated: false)])
    #expect(p.page(containing: 0) == 0)
    #expect(p.isComplete)
  }

  @Test func onlyNewlinesAreEmptyParagraphs() {
    let text = String(repeating: "\n", count: 50)
    let layout = Fixtures.layout(text)
    // 50 empty paragraphs of 35 pt (22 + 3 + 10): 16 per 580 pt page → 4 pages.
    let p = layout.paginate(width: 342, height: 580, style: large)
    #expect(p.lineStarts == Array(0..<50))
    #expect(p.pageStarts == [0, 16, 32, 48])
    Fixtures.expectPartition(p, count: 50)
  }

  @Test func aHundredThousandCharacterWord() {
    let text = String(repeating: "abcdefghij", count: 10_000)
    let layout = Fixtures.layout(text, hyphenate: true)
    let p = layout.paginate(width: 331.5, height: 571, style: large)
    Fixtures.expectPartition(p, count: 100_000)
    let lines = (0..<p.pageCount).flatMap { p.lines(onPage: $0) }
    #expect(lines.allSatisfy { $0.width <= 331.5 })
    // Greedy: each line but the last would overflow with one more letter.
    let widest = Fixtures.font.advance(of: "m", pointSize: 17)
    #expect(lines.dropLast().allSatisfy { $0.width > 331.5 - widest })
    #expect(lines.count > 100_000 / 60)
  }

  @Test func crlfIsOneParagraphEnd() {
    let layout = Fixtures.layout("ab\r\ncd\r\n\r\nef\rgh")
    let p = layout.paginate(width: 1000, height: 1000, style: large)
    #expect(p.lineStarts == [0, 4, 8, 10, 13])
    #expect(p.lines(onPage: 0).allSatisfy { $0.endsParagraph })
    Fixtures.expectPartition(p, count: 15)
  }

  @Test func invalidUTF8BecomesReplacementCharacters() {
    // A Swift String cannot hold invalid UTF-8 or lone surrogates: decoding replaces them with
    // U+FFFD, which the layout measures like any other character.
    let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xED, 0xA0, 0x80, 0x63]  // a, bad, b, lone surrogate, c
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count >= 2)
    let layout = Fixtures.layout(text)
    let p = layout.paginate(width: 342, height: 580, style: large)
    Fixtures.expectPartition(p, count: text.utf16.count)
    #expect(p.lines(onPage: 0)[0].width > 0)
  }

  @Test func missingGlyphsTakeTheFallbackAdvanceOrNotdef() throws {
    let snowman: Unicode.Scalar = "\u{2603}"
    try #require(!Fixtures.font.hasGlyph(for: snowman))
    let fallback = try #require(Fixtures.fallback)
    try #require(fallback.hasGlyph(for: snowman))
    let size = 17.0
    let style = TextStyle(
      pointSize: size, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0)
    let with = Fixtures.layout("\u{2603}").paginate(width: 300, height: 300, style: style)
    // DejaVu's advance, rounded to Inter's units.
    let fallbackUnits =
      (fallback.advance(of: "\u{2603}", pointSize: Double(fallback.unitsPerEm))
      * Double(Fixtures.font.unitsPerEm) / Double(fallback.unitsPerEm)).rounded()
    let expected = fallbackUnits * size / Double(Fixtures.font.unitsPerEm)
    #expect(abs(with.lines(onPage: 0)[0].width - expected) < 1e-9)
    let without = Fixtures.layout("\u{2603}", fallback: false).paginate(
      width: 300, height: 300, style: style)
    let notdef = Fixtures.font.advance(of: "\u{2603}", pointSize: size)
    #expect(notdef > 0)
    #expect(abs(without.lines(onPage: 0)[0].width - notdef) < 1e-9)
  }

  @Test func ax5OnANarrowPage() {
    let text = "Incomprehensibilities notwithstanding, the extraordinarily long words wrap.\nShort."
    let layout = Fixtures.layout(text, hyphenate: true)
    let ax5 = Fixtures.style(.AX5)
    let p = layout.paginate(width: 120, height: 150, style: ax5)
    Fixtures.expectPartition(p, count: text.utf16.count)
    let lines = (0..<p.pageCount).flatMap { p.lines(onPage: $0) }
    #expect(lines.allSatisfy { $0.width <= 120 })
    // 62 + 3 = 65 per line, 75 on a paragraph's last: two lines per 150 pt page at most.
    #expect((0..<p.pageCount).allSatisfy { (1...2).contains(p.lineCount(onPage: $0)) })
  }
}
