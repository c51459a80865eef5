import EventStream
import Testing

@testable import Typesetter

@Suite struct LineBreakingTests {
  /// Widths in font units: the style makes 1 pt = 1 unit, so the widths below are exact.
  @Test func greedyFillTakesTheLastOpportunityThatFits() {
    let text = "The quick brown fox jumps"
    let layout = Fixtures.layout(text)
    let style = Fixtures.unitStyle()
    // Exactly "The quick brown" wide: the spaces after it hang, so it fits (ties fit).
    let width = Fixtures.units("The quick brown")
    let p = layout.paginate(width: width, height: 1000, style: style)
    #expect(Fixtures.lineTexts(layout, p) == ["The quick brown ", "fox jumps"])
    #expect(p.lineStarts == [0, 16])
    #expect(p.lines(onPage: 0)[0].width == width)
    // One unit narrower: "brown" moves down.
    let q = layout.paginate(width: width - 1, height: 1000, style: style)
    #expect(Fixtures.lineTexts(layout, q) == ["The quick ", "brown fox jumps"])
  }

  @Test func lineWidthEqualsTheWholeRunShapedAtOnce() {
    // Kerning inside and across segments (e.g. "-W", "AV") is kept.
    for text in ["them.--With AVAILABLE To-morrow", "Mr. Darcy’s “Well,” said Wat.", "1/2-Way"] {
      let layout = Fixtures.layout(text)
      let p = layout.paginate(width: 1e7, height: 1000, style: Fixtures.unitStyle())
      #expect(p.lineStarts == [0])
      #expect(p.lines(onPage: 0)[0].width == Fixtures.units(text), "\(text)")
    }
  }

  @Test func breaksAtHyphensAndDashesByUAX14() {
    let layout = Fixtures.layout("well-known them.--With")
    let style = Fixtures.unitStyle()
    let p = layout.paginate(width: Fixtures.units("well-known them.--"), height: 1000, style: style)
    #expect(Fixtures.lineTexts(layout, p) == ["well-known them.--", "With"])
    let narrow = ["well-", "known", "them.--", "With"].map(Fixtures.units).max()!
    #expect(Fixtures.units("well-known") > narrow)
    let q = layout.paginate(width: narrow, height: 1000, style: style)
    #expect(Fixtures.lineTexts(layout, q) == ["well-", "known ", "them.--", "With"])
  }

  @Test func newlinesEndParagraphsAndEmptyParagraphsAreEmptyLines() {
    let layout = Fixtures.layout("one\n\ntwo three\n")
    let p = layout.paginate(width: 1e6, height: 1e6, style: Fixtures.unitStyle())
    #expect(p.lineStarts == [0, 4, 5])
    let lines = p.lines(onPage: 0)
    #expect(lines.map(\.endsParagraph) == [true, true, true])
    #expect(lines.map(\.range) == [0..<4, 4..<5, 5..<15])
    #expect(lines[1].width == 0)
  }

  @Test func forcedLineBreakInsideAParagraph() {
    // U+2028 LINE SEPARATOR ends the line but not the paragraph (no paragraph spacing).
    let layout = Fixtures.layout("ab\u{2028}cd")
    let p = layout.paginate(width: 1e6, height: 1e6, style: Fixtures.unitStyle())
    #expect(p.lineStarts == [0, 3])
    #expect(p.lines(onPage: 0).map(\.endsParagraph) == [false, true])
  }

  @Test func aWordWiderThanTheLineBreaksBetweenGraphemeClusters() {
    let word = String(repeating: "m", count: 10)
    let m = Fixtures.units("m")
    let layout = Fixtures.layout("a " + word + " b")
    // Room for 4 m's (and a bit): "a " alone, then mmmm / mmmm / mm b.
    let p = layout.paginate(width: 4 * m + 1, height: 1e6, style: Fixtures.unitStyle())
    #expect(Fixtures.lineTexts(layout, p) == ["a ", "mmmm", "mmmm", "mm b"])
    #expect(p.lines(onPage: 0).map(\.hyphenated) == [false, false, false, false])
  }

  @Test func graphemeClustersAreNeverSplit() {
    let cluster = "e\u{301}"  // e + combining acute: one Character, two UTF-16 units
    let emoji = "👍🏽"  // thumbs up + skin tone: one Character, four UTF-16 units
    let family = "👨‍👩‍👧"  // ZWJ sequence
    let text = String(repeating: cluster, count: 30) + String(repeating: emoji + family, count: 10)
    let layout = Fixtures.layout(text)
    let p = layout.paginate(width: 40, height: 25, style: Fixtures.style(.large))
    Fixtures.expectPartition(p, count: text.utf16.count)
    // Every line boundary is a Character boundary.
    var boundaries: Set<Int> = [0]
    var offset = 0
    for character in text {
      offset += character.utf16.count
      boundaries.insert(offset)
    }
    #expect(p.lineStarts.allSatisfy { boundaries.contains($0) })
    #expect(p.lineStarts.count > 5)
  }
}
