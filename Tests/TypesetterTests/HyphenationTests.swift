import Testing

@testable import Typesetter

@Suite struct HyphenationTests {
  @Test func libhyphenPointsWithMinimums() {
    let h = Fixtures.hyphenator
    #expect(h.hyphenationPoints(in: "hyphenation") == [2, 6])  // hy-phen-ation
    #expect(h.hyphenationPoints(in: "extraordinary") == [2, 5, 7, 9])  // ex-tra-or-di-nary
    #expect(h.hyphenationPoints(in: "Hyphenation") == [2, 6])
    #expect(h.hyphenationPoints(in: "cat") == [])
  }

  /// "abcdefg hyphenation": at a width where "abcdefg hyphen‐" fits but the whole text does not,
  /// the line broken without hyphenation ("abcdefg") fills less than 70 %: the word is hyphenated at the
  /// largest point that fits, and the hyphen counts in the width.
  @Test func hyphenatesAtTheLargestPointThatFitsWhenTheLineIsUnderFilled() {
    let text = "abcdefg hyphenation"
    let hyphen = Fixtures.units("\u{2010}")
    let upToPhen = Fixtures.units("abcdefg hyphen")
    let layout = Fixtures.layout(text, hyphenate: true)
    let width = upToPhen + hyphen
    #expect(width < Fixtures.units(text))
    #expect(Fixtures.units("abcdefg") < 0.7 * width)
    let on = layout.paginate(
      width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 0.7))
    #expect(Fixtures.lineTexts(layout, on) == ["abcdefg hyphen", "ation"])
    let first = on.lines(onPage: 0)[0]
    #expect(first.hyphenated)
    #expect(first.width == width)
    // One unit narrower: "hyphen‐" no longer fits, "hy‐" does.
    let narrower = layout.paginate(
      width: width - 1, height: 1000, style: Fixtures.unitStyle(hyphenation: 0.7))
    #expect(Fixtures.lineTexts(layout, narrower) == ["abcdefg hy", "phenation"])
    // Hyphenation off (factor 0, or no hyphenator): the word moves down whole.
    let off = layout.paginate(width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 0))
    #expect(Fixtures.lineTexts(layout, off) == ["abcdefg ", "hyphenation"])
    let none = Fixtures.layout(text).paginate(
      width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 0.7))
    #expect(none.lineStarts == [0, 8])
  }

  @Test func noHyphenationWhenTheLineIsFullEnough() {
    // "aaaaaaaaaaaa" then "hyphenation": the first line is more than 70 % full without it.
    let lead = "abcdefghijklmnop"
    let text = lead + " hyphenation"
    let layout = Fixtures.layout(text, hyphenate: true)
    let width = Fixtures.units(lead + " hy\u{2010}") + 1
    #expect(Fixtures.units(lead) >= 0.7 * width)
    let p = layout.paginate(width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 0.7))
    #expect(Fixtures.lineTexts(layout, p) == [lead + " ", "hyphenation"])
    // With factor 1.0 it would hyphenate.
    let eager = layout.paginate(
      width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 1))
    #expect(Fixtures.lineTexts(layout, eager) == [lead + " hy", "phenation"])
  }

  @Test func wordsKeepTheirPunctuationAndHyphenateTheirLetters() {
    let text = "a “extraordinary,”"
    let layout = Fixtures.layout(text, hyphenate: true)
    let width = Fixtures.units("a “extraor") + Fixtures.units("\u{2010}")
    let p = layout.paginate(width: width, height: 1000, style: Fixtures.unitStyle(hyphenation: 0.7))
    #expect(Fixtures.lineTexts(layout, p) == ["a “extraor", "dinary,”"])
  }
}
