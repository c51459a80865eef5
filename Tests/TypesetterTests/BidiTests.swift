import Testing

@testable import Typesetter

/// Paragraph directions and embedding levels (UAX #9 through FriBidi); line breaking and widths
/// do not depend on them (lines are broken on the logical text).
@Suite struct BidiTests {
  /// P2–P3: the first strong character decides; digits and punctuation are not strong.
  @Test(arguments: [
    ("שלום עולם.", TextDirection.rightToLeft),
    ("مرحبا بالعالم", .rightToLeft),
    ("123, 456: שלום", .rightToLeft),
    ("Hello שלום", .leftToRight),
    ("“שלום” said he", .rightToLeft),
    ("\u{2067}שלום\u{2069} hello", .leftToRight),  // an isolate is skipped by P2
    ("", .leftToRight),
    ("123", .leftToRight),
  ])
  func theFirstStrongCharacterSetsTheDirection(_ text: String, _ direction: TextDirection) {
    let layout = Fixtures.layout(text)
    #expect(layout.baseDirection == direction)
    #expect(layout.paragraphDirection(at: 0) == direction)
  }

  /// The text's direction is its first paragraph with a strong character; each paragraph keeps
  /// its own.
  @Test func paragraphsHaveTheirOwnDirection() {
    let text = "42\nשלום עולם\nHello world"
    let layout = Fixtures.layout(text)
    #expect(layout.baseDirection == .rightToLeft)
    #expect(layout.paragraphDirection(at: 0) == .leftToRight)
    #expect(layout.paragraphDirection(at: 3) == .rightToLeft)
    #expect(layout.paragraphDirection(at: 14) == .leftToRight)
  }

  /// Levels: a Hebrew quotation in an English paragraph is at level 1, the English at 0; English
  /// inside a Hebrew paragraph at 2 (L in an RTL paragraph, rule I2), Hebrew at 1.
  @Test func embeddingLevelsFollowUAX9() {
    let english = Fixtures.layout("He said שלום today")
    #expect((0..<8).allSatisfy { english.embeddingLevel(at: $0) == 0 })
    #expect((8..<12).allSatisfy { english.embeddingLevel(at: $0) == 1 })
    #expect(english.embeddingLevel(at: 13) == 0)
    let hebrew = Fixtures.layout("שלום Bob שלום")
    #expect(hebrew.embeddingLevel(at: 0) == 1)
    #expect(hebrew.embeddingLevel(at: 5) == 2)
    #expect(hebrew.embeddingLevel(at: 9) == 1)
  }

  /// Explicit embeddings nested past the maximum depth (125) are ignored (X5), not a crash (a
  /// level is at most 126: the deepest explicit level plus one by the implicit rules I1–I2), and
  /// the lines still fit their page.
  @Test func embeddingsBeyondTheMaximumDepthLayOut() {
    let text = String(repeating: "\u{202B}", count: 300) + "abc שלום " + String(repeating: "\u{202C}", count: 300)
    let layout = Fixtures.layout(text)
    #expect((0..<text.utf16.count).allSatisfy { layout.embeddingLevel(at: $0) <= 126 })
    let p = layout.paginate(width: 100, height: 571, style: Fixtures.style(.large))
    Fixtures.expectPartition(p, count: text.utf16.count)
    #expect((0..<p.pageCount).allSatisfy { p.lines(onPage: $0).allSatisfy { $0.width <= 100 } })
  }

  /// An English text never asks FriBidi: every level is 0 and no level array is kept.
  @Test func aLeftToRightTextKeepsNoLevels() {
    let layout = Fixtures.layout("It is a truth universally acknowledged.\n“Quoted” — 12.")
    #expect(layout.bidi.levels.isEmpty)
    #expect(layout.baseDirection == .leftToRight)
  }
}
