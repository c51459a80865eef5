import Testing

@testable import Typesetter

/// Glyphs neither Inter nor the profile's DejaVu Sans has come from the first font of
/// fontconfig's sort for "Inter" that covers them, as Pango takes them (fonts-noto-color-emoji is
/// installed by bin/bootstrap.sh for these tests).
@Suite struct FontFallbackTests {
  static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
  static let style = TextStyle(
    pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0)

  /// The width of a line holding `text` (one line, wide page).
  static func width(_ layout: TextLayout) -> Double {
    layout.paginate(width: 1e5, height: 300, style: style).lines(onPage: 0)[0].width
  }

  /// A font's advance for `text` shaped alone, rounded to Inter's units, in points at 17 pt.
  static func expected(_ font: Font, _ text: String) -> Double {
    let units =
      (font.advance(of: text, pointSize: Double(font.unitsPerEm)) * Double(Fixtures.font.unitsPerEm)
      / Double(font.unitsPerEm)).rounded()
    return units * 17 / Double(Fixtures.font.unitsPerEm)
  }

  /// Emoji take the first color font of the sort that covers them, as Pango does: 👍🏽 (DejaVu
  /// Sans has the thumb, not the skin tone), flags, 👨‍👩‍👧 (DejaVu has each person; HarfBuzz
  /// makes the sequence one cluster), 😀 (DejaVu has it in black and white), ❤️ (Inter has ❤;
  /// VS16 asks for emoji presentation). Each is Noto Color Emoji's single glyph.
  @Test(arguments: ["👍🏽", "🇫🇷", "🇩🇪", "👨‍👩‍👧", "😀", "❤️"])
  func emojiClustersTakeTheFirstColorFontThatCoversThem(_ emoji: String) throws {
    let noto = try Font(path: Self.emojiPath)
    let layout = Fixtures.layout(emoji)
    #expect(abs(Self.width(layout) - Self.expected(noto, emoji)) < 1e-9)
    #expect(layout.systemFallbackFonts == [Self.emojiPath])
  }

  /// Hebrew (which Inter lacks) still comes from the profile's DejaVu Sans, the first fallback,
  /// and fontconfig is never asked for a text the two fonts cover.
  @Test func theProfilesFallbackComesFirstAndFontconfigOnlyWhenNeeded() throws {
    let dejavu = try #require(Fixtures.fallback)
    let hebrew = "שלום"
    let layout = Fixtures.layout(hebrew)
    #expect(abs(Self.width(layout) - Self.expected(dejavu, hebrew)) < 1e-9)
    #expect(layout.systemFallbackFonts.isEmpty)
    let english = Fixtures.layout("It is a truth universally acknowledged ☃.")
    _ = english.paginate(width: 342, height: 580, style: Self.style)
    #expect(english.systemFallbackFonts.isEmpty)
  }

  /// Mixed Latin, Hebrew and emoji in one segment (no break opportunity between them): each run
  /// is measured with its own font, so the line is as wide as the three measured apart.
  @Test func aSegmentMixingFontsIsTheSumOfItsFontRuns() throws {
    let noto = try Font(path: Self.emojiPath)
    let dejavu = try #require(Fixtures.fallback)
    let layout = Fixtures.layout("abc🇫🇷שלום")
    let sum =
      Fixtures.font.advance(of: "abc", pointSize: 17) + Self.expected(noto, "🇫🇷")
      + Self.expected(dejavu, "שלום")
    #expect(abs(Self.width(layout) - sum) < 0.01)
  }

  /// A space between a Hebrew word and an English one in an English paragraph is at the
  /// paragraph's level, not the Hebrew's, so (as Pango itemises bidi runs apart) it is Inter's
  /// space; between two Hebrew words it is DejaVu Sans's, the font before it.
  @Test func spacesTakeTheFontOfTheirBidiRun() throws {
    let dejavu = try #require(Fixtures.fallback)
    let layout = Fixtures.layout("He said שלום today")
    let expected =
      Fixtures.font.advance(of: "He said ", pointSize: 17) + Self.expected(dejavu, "שלום")
      + Fixtures.font.advance(of: " today", pointSize: 17)
    #expect(abs(Self.width(layout) - expected) < 0.01)
    let hebrew = Fixtures.layout("שלום עולם")
    #expect(abs(Self.width(hebrew) - Self.expected(dejavu, "שלום עולם")) < 0.01)
  }

  /// A code point no installed font covers (plane 16 private use) keeps Inter's `.notdef`
  /// advance, and lines still fit.
  @Test func aTextNoFontCoversLaysOutWithNotdef() {
    let text = String(repeating: "\u{10FFFD}", count: 40)
    let layout = Fixtures.layout(text)
    let notdef = Fixtures.font.advance(of: "\u{10FFFD}", pointSize: 17)
    #expect(abs(Self.width(layout) - 40 * notdef) < 0.01)
    let p = layout.paginate(width: 100, height: 571, style: Self.style)
    Fixtures.expectPartition(p, count: text.utf16.count)
    #expect((0..<p.pageCount).allSatisfy { p.lines(onPage: $0).allSatisfy { $0.width <= 100 } })
  }
}
