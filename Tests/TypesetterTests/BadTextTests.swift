import EventStream
import Testing

@testable import Typesetter

/// The bad-text list, one test each: the text lays out (nothing here is refused: a Swift
/// string holds any of it), pages and lines partition it, and no line is wider than its page but
/// one holding a single grapheme cluster wider than the page (clusters are never split); the
/// analysis on two threads (one scanning while the other shapes) lays it out the same.
@Suite struct BadTextTests {
  static let widths = [40.0, 120, 342]

  /// Lays `text` out at every width and text size of the checks; returns the layout.
  @discardableResult
  static func expectLaidOut(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> TextLayout {
    let layout = Fixtures.layout(text, hyphenate: true, workers: 1)
    let threaded = Fixtures.layout(text, hyphenate: true, workers: 2)
    #expect(threaded.words.fullWidths == layout.words.fullWidths, sourceLocation: sourceLocation)
    for width in widths {
      for size in [TextSize.large, .AX5] {
        let p = layout.paginate(width: width, height: 580, style: Fixtures.style(size))
        let q = threaded.paginate(width: width, height: 580, style: Fixtures.style(size))
        #expect(q.lineStarts == p.lineStarts, sourceLocation: sourceLocation)
        Fixtures.expectPartition(p, count: text.utf16.count, sourceLocation: sourceLocation)
        for page in 0..<p.pageCount {
          for line in p.lines(onPage: page) where line.width > width {
            let content = layout.text(in: line.range).filter { !$0.isWhitespace }
            #expect(
              content.count == 1, "a \(line.width) pt line on a \(width) pt page: \(line.range)",
              sourceLocation: sourceLocation)
          }
        }
      }
    }
    return layout
  }

  /// Invalid UTF-8 (a stray continuation byte, an overlong encoding, an encoded surrogate, a
  /// byte never valid, a sequence cut off at the end) decodes to U+FFFD, which lays out.
  @Test func invalidUTF8() {
    let words: [[UInt8]] = [
      [0x61, 0x80, 0x62], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0x63, 0xE2, 0x82],
    ]
    var bytes: [UInt8] = []
    for k in 0..<200 { bytes += words[k % words.count] + [0x20] }
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count >= 200)
    Self.expectLaidOut(text)
  }

  /// Offsets inside a surrogate pair (a place the reader got from elsewhere): no line starts
  /// there, the page holding it is its pair's, and text asked for from there shows U+FFFD.
  @Test func unpairedSurrogatesAtUTF16Offsets() throws {
    let text = String(repeating: "a😀𝔸b 😀😀😀😀😀 ", count: 60)
    let layout = Self.expectLaidOut(text)
    let units = Array(text.utf16)
    let inside = units.indices.filter { UTF16.isTrailSurrogate(units[$0]) }
    try #require(inside.count == 60 * 7)
    let p = layout.paginate(width: 40, height: 580, style: Fixtures.style(.AX5))
    #expect(Set(p.lineStarts).isDisjoint(with: inside))
    for offset in inside { #expect(p.page(containing: offset) == p.page(containing: offset - 1)) }
    #expect(layout.text(in: 2..<4) == "\u{FFFD}\u{FFFD}")  // the second half of 😀, the first of 𝔸
  }

  /// Combining marks with no base: at the text's start, after a line end, after a space, a
  /// thousand in a row.
  @Test func isolatedCombiningMarks() {
    let marks = String(repeating: "\u{301}", count: 1000)
    Self.expectLaidOut("\u{301}\u{308}abc\n\u{301}x \u{303}\u{303} y " + marks + " z")
  }

  /// Zero-width space, non-joiner, joiner, word joiner, BOM and soft hyphen, alone, in long runs
  /// and inside words; a text of nothing else. A zero-width space is a break opportunity (UAX #14
  /// rule LB8), so a long word of them breaks there.
  @Test func zeroWidthCharacters() {
    let zero = ["\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{AD}"]
    Self.expectLaidOut(zero.joined())
    Self.expectLaidOut(String(repeating: zero.joined(), count: 500))
    Self.expectLaidOut(zero.map { "word\($0)word \($0)\($0) " }.joined(separator: "x"))
    let word = String(repeating: "abcdefgh\u{200B}", count: 40)
    let p = Fixtures.layout(word).paginate(width: 120, height: 580, style: Fixtures.style(.large))
    #expect(p.lineStarts.count > 1)
    #expect(p.lineStarts.allSatisfy { $0 % 9 == 0 })  // each after a U+200B
  }

  /// Embeddings, overrides and isolates nested far past UAX #9's depth of 125: FriBidi ignores
  /// the excess (rule X5), levels stay at most 126.
  @Test func bidiControlsNestedBeyondTheirDepth() {
    let openers = ["\u{202A}", "\u{202B}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}"]
    let open = (0..<400).map { openers[$0 % openers.count] }.joined()
    let close = (0..<400).map { $0 % 2 == 0 ? "\u{202C}" : "\u{2069}" }.joined()
    let text = open + "abc שלום مرحبا 123 " + close + "\n" + close + "tail"
    let layout = Self.expectLaidOut(text)
    #expect((0..<text.utf16.count).allSatisfy { layout.embeddingLevel(at: $0) <= 126 })
    #expect((0..<text.utf16.count).contains { layout.embeddingLevel(at: $0) >= 120 })
  }

  /// Characters no installed font has (plane 15 private use): no fallback is found, each keeps
  /// Inter's `.notdef` advance.
  @Test func aTextNoInstalledFontCovers() throws {
    let scalars = (0..<600).map { k in k % 7 == 6 ? " " : String(UnicodeScalar(0xF0000 + k)!) }
    let text = scalars.joined()
    let layout = Self.expectLaidOut(text)
    #expect(layout.systemFallbackFonts.isEmpty)
    let one = Fixtures.layout(String(UnicodeScalar(0xF0000)!))
    let p = one.paginate(width: 342, height: 580, style: Fixtures.style(.large))
    let notdef = Fixtures.font.advance(of: String(UnicodeScalar(0xF0000)!), pointSize: 17)
    #expect(notdef > 0)
    #expect(abs(p.lines(onPage: 0)[0].width - notdef) < 1e-9)
  }
}
