import EventStream
import Reader
import TestSupport
import Testing
import Typesetter

/// DESIGN §6 rule 4: two pages only when a top-to-bottom division crosses the reader. The
/// geometry decides which fold is in the way and lists it in `keepOutFrames`; `fold-clear`
/// checks against exactly those (docs/reader.md, "Which folds are in the way").
@Suite("Page geometry: which folds split the pages")
struct PageGeometryFoldTests {
  let insets = TestSupport.profile().pages
  let fold = Rect(x: 455.5, y: 0, width: 40, height: 611)

  func geometry(_ width: Double, _ height: Double, _ frame: Rect, active: Bool = true) -> PageGeometry {
    PageGeometry(width: width, height: height, division: Division(frame: frame, isActive: active), insets: insets)
  }

  @Test("a vertical division that does not reach the reader's top or bottom leaves one page")
  func partialFoldDoesNotSplit() {
    for frame in [Rect(x: 455.5, y: 100, width: 40, height: 511), Rect(x: 455.5, y: 0, width: 40, height: 500)] {
      let g = geometry(867, 611, frame)
      #expect(g.layout == .single, "\(frame)")
      #expect(g.keepOutFrames.isEmpty, "\(frame)")
    }
  }

  @Test("the same division from top to bottom splits a spread at it, and keeps the pages clear of it")
  func fullFoldSplits() {
    let g = geometry(867, 611, fold)
    #expect(g.layout == .spread)
    #expect(g.keepOutFrames == [fold])
  }

  /// Mid-burst: the reader is 611.5 tall while the region still has the 611-pt fold of the
  /// size before (regions lag the resize). The fold does not run the reader's height, so it is
  /// not split at and not in the way: one page over the whole reader, 867 − 2 × 20 wide and
  /// 611.5 − 2 × 20 tall.
  @Test("mid-burst: a fold half a point shorter than the reader is neither split at nor kept clear")
  func foldShorterThanTheReader() {
    let g = geometry(867, 611.5, fold)
    #expect(g.layout == .single)
    #expect(g.frames == [Rect(x: 20, y: 20, width: 827, height: 571.5)])
    #expect(g.keepOutFrames.isEmpty)
    #expect(g.notes == .sheet)
  }

  /// Mid-rotation from book to tabletop (851 × 629, the book's fold not yet replaced): one page.
  @Test("mid-rotation: the previous size's fold is ignored")
  func staleFoldMidRotation() {
    let g = geometry(851, 629, fold)
    #expect(g.layout == .single)
    #expect(g.frames == [Rect(x: 20, y: 20, width: 811, height: 589)])
    #expect(g.keepOutFrames.isEmpty)
  }

  /// Split View narrows the reader to 547 pt while the fold is still there: right of the fold
  /// 547 − 495.5 − 2 × 20 = 11.5 pt is left, under the 20-pt minimum page, so no spread (it
  /// made 1,763 pages of 11.5 pt); left of it 455.5 − 2 × 20 = 415.5 pt, one page there.
  @Test("a fold with room for a page on one side only: one page on that side, clear of the fold")
  func pageBesideTheFold() {
    let g = geometry(547, 611, fold, active: false)
    #expect(g.layout == .single)
    #expect(g.frames == [Rect(x: 20, y: 20, width: 415.5, height: 571)])
    #expect(g.keepOutFrames == [fold])
    #expect(g.notes == .sheet)
    // The fold overlapping the reader's trailing edge: the same page.
    #expect(geometry(480, 611, fold).frames == g.frames)
    // A fold near the leading edge: the page goes right of it, 867 − 70 − 2 × 20 = 757 wide.
    let left = geometry(867, 611, Rect(x: 30, y: 0, width: 40, height: 611))
    #expect(left.layout == .single)
    #expect(left.frames == [Rect(x: 90, y: 20, width: 757, height: 571)])
  }

  @Test("a spread needs a 20-pt page on each side: 555.5 pt splits, 555 pt does not")
  func minimumPageWidth() {
    let g = geometry(555.5, 611, fold)
    #expect(g.layout == .spread)
    #expect(g.pageWidth == 20)
    #expect(geometry(555, 611, fold).layout == .single)
  }

  @Test("a fold outside the reader is not in the way")
  func foldOutsideTheReader() {
    let g = geometry(412.5, 619.5, Rect(x: 455.5, y: 0, width: 40, height: 620))
    #expect(g.layout == .single)
    #expect(g.keepOutFrames.isEmpty)
  }

  /// The agreement itself: over reader sizes and folds of every kind (full height, a little
  /// short, inside, at an edge, outside, active or flat, vertical or across), no page frame
  /// meets a fold the geometry keeps clear, and pages filled edge to edge with text break no
  /// rule — a page over a fold the geometry does not keep clear is no violation.
  @Test("the invariants agree with the geometry on every fold")
  func invariantsAgreeWithGeometry() {
    let style = TextStyle(pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0.7)
    var checked = 0
    for width in stride(from: 380.0, through: 900, by: 37.5) {
      for height in [560.5, 611, 611.5, 629, 700, 835] {
        var folds: [Rect] = []
        for x in [-20.0, 0, 30, 300, 455.5, width - 60, width - 40, width - 10, width + 5] {
          for foldHeight in [height - 20, height - 0.5, height, height + 10] {
            folds.append(Rect(x: x, y: 0, width: 40, height: foldHeight))
          }
        }
        for y in [-10.0, 0, 339.5, height - 30, height + 5] {
          folds.append(Rect(x: 0, y: y, width: width, height: 40))
        }
        for frame in folds {
          for active in [true, false] {
            let g = geometry(width, height, frame, active: active)
            for page in g.frames {
              #expect(!g.keepOutFrames.contains { page.intersects($0) }, "\(width)×\(height) \(frame) \(active)")
            }
            let lines = g.frames.map { page in
              (0..<Int(page.height / 25)).map { n in
                Line(range: (n * 10)..<(n * 10 + 10), width: page.width, endsParagraph: false, hyphenated: false)
              }
            }
            let count = lines.reduce(0) { $0 + $1.count }
            var checker = ReaderInvariants()
            let found = checker.check(
              ReaderSnapshot(
                offset: 0, previousOffset: 0, pages: Array(0..<g.pagesPerScreen), pageRanges: [0..<max(1, count * 10)],
                textLength: max(1, count * 10), geometry: g, visibleLines: lines, style: style, cause: "settled",
                breaksFingerprint: 1, key: "k"))
            #expect(!found.contains { $0.rule == "fold-clear" }, "\(width)×\(height) \(frame) \(active): \(found)")
            checked += 1
          }
        }
      }
    }
    #expect(checked > 1_000)
  }
}
