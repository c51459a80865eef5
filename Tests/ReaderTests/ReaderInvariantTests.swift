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

  @Test("turn-only-on-turn: the place moved on a settle") func turnOnly() {
    var s = valid()
    s.offset = 260
    #expect(rules(s) == ["turn-only-on-turn"])
    s.cause = "turn"
    #expect(rules(s).isEmpty)
  }

  @Test("same-key-same-breaks") func sameKey() {
    var checker = ReaderInvariants()
    var s = valid()
    #expect(rules(s, checker: &checker).isEmpty)
    s.breaksFingerprint = 2
    #expect(rules(s, checker: &checker) == ["same-key-same-breaks"])
  }
}
