import Reader
import TestSupport
import Testing
import Typesetter

@testable import EventStream

/// Reader behaviours no test pinned before: turning back to the first page, a start offset past
/// the end, and the charge for pre-pagination still running in the background.
@Suite("Reader, pinned")
struct ReaderPinnedTests {
  typealias F = ReaderFixtures

  @Test("prev from page 2 turns back to the first page, re-anchored at offset 0")
  func prevToFirstPage() {
    let out = F.run(
      [F.hinge(0, at: 0), Event(time: 500, .turn(.next)), Event(time: 600, .turn(.prev))], offset: 0)
    let shown = F.shown(out).map(\.1)
    #expect(shown.map(\.pages) == [[0], [1], [0]])
    #expect(shown.last?.offset == 0)
    #expect(F.violations(out).isEmpty)
  }

  @Test("prev from the spread of pages 3–4 turns back to pages 1–2, re-anchored at offset 0")
  func prevToFirstSpread() {
    let out = F.run(
      [F.hinge(180, at: 0), Event(time: 500, .turn(.next)), Event(time: 600, .turn(.prev))], offset: 0)
    let shown = F.shown(out).map(\.1)
    #expect(shown.map(\.layout) == [.spread, .spread, .spread])
    #expect(shown.map(\.pages) == [[0, 1], [2, 3], [0, 1]])
    #expect(shown.last?.offset == 0)
    #expect(F.violations(out).isEmpty)
  }

  /// DESIGN §6.3: a spread starts on an even page (0-based), so a place on page 3 shows pages 2–3.
  @Test("a place on an odd page shows the spread that starts on the even page before it")
  func oddPageInASpread() {
    let document = F.document
    let spreadPage = PaginationCache(document: document).pagination(width: 331.5, height: 571, textSize: .large).result
    let third = spreadPage.pageRange(3)
    for offset in [third.lowerBound, third.upperBound - 1] {
      let out = F.run([F.hinge(180, at: 0), Event(time: 500, .goto(offset: offset))], offset: 0)
      let shown = F.shown(out).map(\.1)
      #expect(shown.map(\.pages) == [[0, 1], [2, 3]], "goto \(offset)")
      #expect(F.violations(out).isEmpty)
    }
    let out = F.run([F.hinge(180, at: 0)], offset: third.lowerBound)
    #expect(F.shown(out).map(\.1.pages) == [[2, 3]])
  }

  @Test("prev on the first page does nothing")
  func prevOnFirstPage() {
    let out = F.run([F.hinge(0, at: 0), Event(time: 500, .turn(.prev))], offset: 0)
    #expect(F.shown(out).map(\.1.pages) == [[0]])
  }

  /// `--offset` past the end of the text starts at the text's end: the last page is shown (in a
  /// spread, the spread holding it, starting on an even page), and no rule is broken.
  @Test("a start offset past the end shows the last page, the place clamped to the text's end")
  func offsetPastTheEnd() {
    let length = F.document.utf16Count
    for hinge in [0.0, 180] {
      let out = F.run([F.hinge(hinge, at: 0)], offset: length + 1_000_000)
      let shown = F.shown(out).map(\.1)
      #expect(shown.count == 1)
      guard let s = shown.first else { continue }
      #expect(s.offset == length)
      #expect(s.pages.last == s.pageCount - 1)
      #expect(s.pages.first! % 2 == 0)
      #expect(s.ranges.last?.upperBound == length)
      #expect(F.violations(out).isEmpty, "hinge \(hinge)")
    }
  }

  @Test("next on the last page does nothing; prev then next comes back to it")
  func nextOnTheLastPage() {
    let out = F.run(
      [
        F.hinge(0, at: 0), Event(time: 500, .turn(.next)), Event(time: 600, .turn(.prev)),
        Event(time: 700, .turn(.next)),
      ], offset: F.document.utf16Count)
    let shown = F.shown(out).map(\.1)
    let last = shown[0].pageCount - 1
    #expect(shown.map(\.pages) == [[last], [last - 1], [last]])
  }

  @Test("a negative start offset starts at the beginning")
  func negativeOffset() {
    let out = F.run([F.hinge(0, at: 0)], offset: -5)
    let shown = F.shown(out).map(\.1)
    #expect(shown.map(\.offset) == [0])
    #expect(shown.map(\.pages) == [[0]])
  }

  /// `--prepaginate` lays out every pose's page size on a background worker after the first
  /// pagination, each taking the pinned 300 ms, narrowest page first: the spread's 331.5-pt page
  /// (profile: (867 − 495.5) − 2 × 20) is ready at 500 + 300 = 800. The reader needs it when the
  /// open settles at 650 (a 7-size burst from 250 to 450, + 200 ms): it waits the 150 ms left,
  /// not 0 ms, and not the whole 300 ms of a fresh layout.
  @Test("with pre-pagination, a layout still running in the background is charged until it is ready")
  func prepaginationStillRunning() {
    let inputs = [F.hinge(0, at: 0), F.hinge(180, at: 250)]
    let ahead = F.paginated(F.run(inputs, computeMs: 300, prepaginate: true))
    #expect(ahead.map(\.1.cache) == [.miss, .hit])
    #expect(ahead.map(\.1.pageWidth) == [342, 331.5])
    #expect(ahead.map(\.1.ms) == [300, 150])
    #expect(ahead.map(\.0) == [500, 800])
    let plain = F.paginated(F.run(inputs, computeMs: 300))
    #expect(plain.map(\.1.ms) == [300, 300])
    #expect(plain.map(\.0) == [500, 950])
  }
}

/// The invariant checker's blind spots: an empty page in the page ranges, and a page whose second
/// line already overflows it.
@Suite("Reader invariants, pinned")
struct ReaderInvariantPinnedTests {
  let profile = TestSupport.profile()

  func valid() -> ReaderSnapshot { ReaderFixtures.validSpreadSnapshot() }

  func rules(_ s: ReaderSnapshot) -> [String] {
    var checker = ReaderInvariants()
    return checker.check(s).map(\.rule)
  }

  @Test("the valid snapshot breaks nothing")
  func validSnapshot() { #expect(rules(valid()).isEmpty) }

  @Test("an empty page among the page ranges breaks pages-partition")
  func emptyPage() {
    var s = valid()
    s.pageRanges = [0..<100, 100..<200, 200..<200, 200..<400]  // the third page holds nothing
    s.pages = [2, 3]
    var checker = ReaderInvariants()
    let found = checker.check(s)
    #expect(found.map(\.rule) == ["pages-partition"])
    #expect(found.first?.message == "page 3 is empty")  // numbered from 1, like the timeline
  }

  @Test("an empty last page breaks pages-partition")
  func emptyLastPage() {
    var s = valid()
    s.pageRanges = [0..<100, 100..<200, 200..<400, 400..<400]
    s.pages = [2, 3]
    #expect(rules(s) == ["pages-partition"])
  }

  @Test("the one empty page of an empty text is fine")
  func emptyText() {
    var s = valid()
    s.offset = 0
    s.previousOffset = 0
    s.pages = [0]
    s.pageRanges = [0..<0]
    s.textLength = 0
    s.visibleLines = [[]]
    #expect(rules(s).isEmpty)
  }

  @Test("a goto may move the place; a settle may not")
  func gotoMovesThePlace() {
    var s = valid()
    s.offset = 260
    s.cause = "goto"
    #expect(rules(s).isEmpty)
    s.cause = "settled"
    #expect(rules(s) == ["turn-only-on-turn"])
  }

  /// The page is 40 pt tall: the first 25-pt line fits, the second ends at 50 pt.
  @Test("a page whose second line overflows breaks page-overflow")
  func secondLineOverflows() {
    var s = valid()
    s.geometry.frames[0].height = 40
    var checker = ReaderInvariants()
    let found = checker.check(s)
    #expect(found.map(\.rule) == ["page-overflow"])
    #expect(found.first?.message == "page 3 overflows: line 2 ends at 50 pt, the page is 40 pt tall")
  }

  /// TextKit puts a page's first line on the page even when it does not fit (DESIGN §7).
  @Test("a first line taller than its page is not an overflow")
  func firstLineAlwaysFits() {
    var s = valid()
    s.geometry.frames[0].height = 10
    s.visibleLines[0] = [s.visibleLines[0][0]]
    #expect(rules(s).isEmpty)
  }
}
