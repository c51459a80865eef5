import EventStream
import Reader
import TestSupport
import Testing

/// DESIGN §6 rule 4: two pages only when a top-to-bottom division crosses the reader.
@Suite("Page geometry: which folds split the pages")
struct PageGeometryFoldTests {
  let insets = TestSupport.profile().pages

  @Test("a vertical division that does not reach the reader's top or bottom leaves one page")
  func partialFoldDoesNotSplit() {
    for frame in [Rect(x: 455.5, y: 100, width: 40, height: 511), Rect(x: 455.5, y: 0, width: 40, height: 500)] {
      let g = PageGeometry(width: 867, height: 611, division: Division(frame: frame, isActive: true), insets: insets)
      #expect(g.layout == .single, "\(frame)")
    }
  }

  @Test("the same division from top to bottom splits a spread at it")
  func fullFoldSplits() {
    let frame = Rect(x: 455.5, y: 0, width: 40, height: 611)
    let g = PageGeometry(width: 867, height: 611, division: Division(frame: frame, isActive: true), insets: insets)
    #expect(g.layout == .spread)
  }
}
