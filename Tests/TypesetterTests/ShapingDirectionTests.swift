import Testing

@testable import Typesetter

/// Each segment is shaped in the direction of its bidi level, as Pango shapes each bidi run (a
/// right-to-left run is shaped, and kerned, in visual order): the direction is part of what makes
/// two segments the same.
@Suite struct ShapingDirectionTests {
  /// "LT " in the open, then under RIGHT-TO-LEFT OVERRIDE (level 1), then after POP DIRECTIONAL
  /// FORMATTING. Inter kerns L·T but not T·L, so the order the pair is shaped in shows.
  static let text = "LT \u{202E}LT LT \u{202C}LT"

  @Test func aRunAtAnOddLevelIsShapedRightToLeft() throws {
    let forward = Fixtures.units("LT")
    let visual = Fixtures.units("TL")  // how the override draws it
    try #require(forward != visual)
    let layout = Fixtures.layout(Self.text)
    try #require(layout.segmentCount == 4)
    #expect(layout.embeddingLevel(at: 7) == 1)
    #expect(Double(layout.segments[0].bodyWidth) == forward)
    #expect(Double(layout.segments[2].bodyWidth) == visual)
    #expect(Double(layout.segments[3].bodyWidth) == forward)
  }

  /// The same units at level 0 and at level 1 are two distinct segments, each shaped once.
  @Test func theDirectionIsPartOfTheSegmentsKey() {
    let layout = Fixtures.layout(Self.text)
    #expect(layout.distinctSegmentCount == 4)
    let repeated = Fixtures.layout("LT LT LT LT")
    #expect(repeated.distinctSegmentCount == 2)
  }

  /// A text without right-to-left characters has no levels: everything left to right, as before.
  @Test func aLeftToRightTextIsShapedLeftToRight() {
    let layout = Fixtures.layout("LT LT")
    #expect(layout.bidi.levels.isEmpty)
    #expect(Double(layout.segments[0].bodyWidth) == Fixtures.units("LT"))
  }
}
