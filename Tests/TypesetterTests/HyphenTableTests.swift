import Testing

@testable import Typesetter

/// The flat hyphenation table must give exactly the points and widths of the word splits, and the
/// body glyphs kept by the analysis must be exactly the body shaped alone.
@Suite struct HyphenTableTests {
  static let tricky =
    "A-B x->y 1:30 12x34 f.i. ff ffi ffl office AVA T.Y. “Quoted,” (parenthetical) "
    + "hyphen-ated em—dash 3/4 ½ naïve Zürich straße Ⅻ fi\u{00AD}nal --> <= != ::: ... "
    + "WAVE Tywater LTAVAJ Yo,Vo.To; Ελληνικά «кириллица» Հայերեն co\u{301}mbining ‘quote’"

  static var texts: [String] {
    [SampleText.builtIn, tricky] + (SampleText.bundled.map { [$0] } ?? [])
  }

  @Test(arguments: 0..<3)
  func tableMatchesTheWordSplits(_ index: Int) {
    let texts = Self.texts
    guard index < texts.count else { return }  // no bundled sample
    let layout = Fixtures.layout(texts[index], hyphenate: true)
    var table = HyphenTable(wordCount: layout.words.count)
    var seen = Set<Int32>()
    var checked = 0
    for segment in layout.segments where segment.word >= 0 && seen.insert(segment.word).inserted {
      let entry = layout.hyphenEntry(of: segment, in: &table)
      let points = table.points[Int(entry.first)..<Int(entry.first + entry.count)]
      let splits = layout.splits(of: segment)
      #expect(points.map(\.offset) == splits.hyphenOffsets)
      #expect(points.map(\.width) == splits.hyphenWidths)
      checked += points.count
    }
    #expect(checked > 0)
  }

  @Test(arguments: 0..<3)
  func recordedBodyGlyphsAreTheBodyShapedAlone(_ index: Int) {
    let texts = Self.texts
    guard index < texts.count else { return }  // no bundled sample
    let layout = Fixtures.layout(texts[index], hyphenate: true)
    let measurer = SegmentMeasurer(
      font: layout.font, fallback: layout.fallback, shaper: HarfBuzzShaper())
    var seen = Set<Int32>()
    var recorded = 0
    for segment in layout.segments where segment.word >= 0 && seen.insert(segment.word).inserted {
      let range = layout.words.bodyGlyphRanges[Int(segment.word)]
      guard range.first >= 0 else { continue }
      let kept = layout.words.bodyGlyphs[Int(range.first)..<Int(range.first + range.count)]
      let alone = layout.units.withUnsafeBufferPointer {
        measurer.glyphAdvances(
          $0.baseAddress! + Int(segment.start), count: Int(segment.bodyLength))
      }
      #expect(kept.map(\.cluster) == alone.map { Int32($0.cluster) })
      #expect(kept.map(\.advance) == alone.map { Int32($0.advance) })
      recorded += 1
    }
    #expect(recorded > 0)
  }
}
