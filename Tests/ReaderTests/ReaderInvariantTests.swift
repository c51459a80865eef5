import Reader
import TestSupport
import Testing
import Typesetter

@testable import EventStream

@Suite("Reader invariants fire on broken states")
struct ReaderInvariantTests {
  let profile = TestSupport.profile()

  func valid() -> ReaderSnapshot { ReaderFixtures.validSpreadSnapshot() }

  func rules(_ s: ReaderSnapshot, checker: inout ReaderInvariants) -> [String] {
    checker.check(s).map(\.rule)
  }

  func rules(_ s: ReaderSnapshot) -> [String] {
    var checker = ReaderInvariants()
    return rules(s, checker: &checker)
  }

  @Test("a valid state breaks nothing")
  func validState() { #expect(rules(valid()).isEmpty) }

  @Test("offset-visible") func offsetVisible() {
    var s = valid()
    s.offset = 50
    s.previousOffset = 50
    #expect(rules(s) == ["offset-visible"])
  }

  @Test("page-order: a spread's frames must run in the reading direction")
  func pageOrder() {
    var s = valid()
    s.direction = .rtl  // an rtl reader shown ltr frames: page 1 left of the fold
    #expect(rules(s) == ["page-order"])
    s.geometry = PageGeometry(
      width: 867, height: 611, division: s.geometry.division, insets: profile.pages, direction: .rtl)
    #expect(rules(s).isEmpty)
    s.direction = .ltr  // an ltr reader shown rtl frames
    #expect(rules(s) == ["page-order"])
  }

  @Test("rtl: the other rules hold with the frames swapped")
  func rtlRules() {
    var s = valid()
    s.direction = .rtl
    s.geometry = PageGeometry(
      width: 867, height: 611, division: s.geometry.division, insets: profile.pages, direction: .rtl)
    #expect(rules(s).isEmpty)
    var odd = s
    odd.pages = [1, 2]
    odd.offset = 150
    odd.previousOffset = 150
    #expect(rules(odd) == ["spread-even"])
    var hidden = s
    hidden.offset = 50
    hidden.previousOffset = 50
    #expect(rules(hidden) == ["offset-visible"])
    var across = s  // the first (right) page moved onto the fold
    across.geometry.frames[0].x = 470
    #expect(rules(across).contains("fold-clear"))
  }

  @Test("spread-even") func spreadEven() {
    var s = valid()
    s.pages = [1, 2]
    s.offset = 150
    s.previousOffset = 150
    #expect(rules(s) == ["spread-even"])
  }

  @Test("pages-partition") func partition() {
    var s = valid()
    s.pageRanges = [0..<100, 101..<200, 200..<300, 300..<400]
    #expect(rules(s) == ["pages-partition"])
    s.pageRanges = [0..<100, 100..<200, 200..<300, 300..<399]
    #expect(rules(s) == ["pages-partition"])
  }

  @Test("page-overflow: too many lines, or a line wider than the page") func overflow() {
    var s = valid()
    let line = Line(range: 200..<210, width: 100, endsParagraph: true, hyphenated: false)
    s.visibleLines[0] = Array(repeating: line, count: 20)  // 20 × 35 pt > 571 pt
    #expect(rules(s) == ["page-overflow"])
    s = valid()
    s.visibleLines[1][0].width = 400
    #expect(rules(s).contains("page-overflow"))
  }

  @Test("fold-clear: a line running into the fold") func foldClear() {
    var s = valid()
    s.visibleLines[0][0].width = 331  // fits the page
    s.geometry.frames[0].x = 140  // but the page was placed over the fold
    #expect(rules(s).contains("fold-clear"))
  }

  @Test("fold-clear: a page placed across the fold, even with lines too short to reach it")
  func foldClearPage() {
    var s = valid()
    s.geometry.frames[1].x = 480  // the trailing page starts inside the fold (455.5 … 495.5)
    s.visibleLines[1] = s.visibleLines[1].map {
      var line = $0
      line.width = 5
      return line
    }
    var checker = ReaderInvariants()
    let found = checker.check(s)
    #expect(found.map(\.rule) == ["fold-clear"])
    #expect(found.first?.message == "page 4 lies across the fold at x 455.5, y 0")
  }

  /// A line of one or two characters may be wider than its page (TextKit sets a glyph wider
  /// than the line on it anyway); from the leading page, 20 pt wide and 20 pt from the fold,
  /// a 45-pt glyph still reaches into the fold.
  @Test("fold-clear: a glyph wider than its page runs into the fold")
  func foldClearWideGlyph() {
    let g = PageGeometry(
      width: 555.5, height: 611,
      division: Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true), insets: profile.pages)
    #expect(g.layout == .spread && g.pageWidth == 20)
    var s = valid()
    s.geometry = g
    s.visibleLines = [200, 300].map { [Line(range: $0..<($0 + 1), width: 45, endsParagraph: false, hyphenated: false)] }
    var checker = ReaderInvariants()
    let found = checker.check(s)
    #expect(found.map(\.rule) == ["fold-clear"])
    #expect(found.first?.message == "page 3 line 1 crosses the fold at x 455.5, y 0")
  }

  /// Issue 12: mid-burst the reader is 611.5 tall and the fold region still 611; the geometry
  /// lays one page over the whole reader, so its lines run over the fold's x range — which is
  /// not a fold the geometry keeps clear, and no violation.
  @Test("no fold-clear for a page over a fold the geometry does not split at")
  func foldNotInTheWay() {
    let g = PageGeometry(
      width: 867, height: 611.5,
      division: Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true), insets: profile.pages)
    #expect(g.layout == .single)
    var s = valid()
    s.geometry = g
    s.pages = [2]
    s.visibleLines = [
      s.visibleLines[0].map {
        var line = $0
        line.width = 827
        return line
      }
    ]
    #expect(rules(s).isEmpty)
  }

  @Test("turn-only-on-turn: the place moved on a settle") func turnOnly() {
    var s = valid()
    s.offset = 260
    #expect(rules(s) == ["turn-only-on-turn"])
    s.cause = "goto"
    #expect(rules(s).isEmpty)
  }

  /// DESIGN §6 rules 3 and 7: a turn moves one page or one spread — never past unread pages — and
  /// the place becomes the first character on screen. The fixture shows the spread of pages 3–4
  /// (200..<300, 300..<400).
  @Test("turn-one-screen: one spread, re-anchored") func turnOneScreen() {
    var before = valid()
    before.pages = [0, 1]
    before.offset = 0
    var turned = valid()
    turned.cause = "turn"
    turned.offset = 200
    var checker = ReaderInvariants()
    _ = checker.check(before)
    #expect(rules(turned, checker: &checker).isEmpty)  // pages 1–2 → 3–4, the place at 200
    #expect(rules(turned, checker: &checker).isEmpty)  // a turn at the end stays put
    turned.offset = 250
    #expect(rules(turned, checker: &checker) == ["turn-one-screen"])  // on screen, but mid-page
    turned.offset = 200
    before.pages = [6, 7]
    checker = ReaderInvariants()
    _ = checker.check(before)
    #expect(rules(turned, checker: &checker) == ["turn-one-screen"])  // pages 7–8 → 3–4 skips a spread
    checker.forgetScreen()
    #expect(rules(turned, checker: &checker).isEmpty)  // nothing to measure from
  }

  @Test("same-key-same-breaks") func sameKey() {
    var checker = ReaderInvariants()
    var s = valid()
    #expect(rules(s, checker: &checker).isEmpty)
    s.breaksFingerprint = 2
    #expect(rules(s, checker: &checker) == ["same-key-same-breaks"])
  }
}
