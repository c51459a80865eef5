import EventStream
import Testing
import Typesetter

@testable import Reader

/// The rules alone, with no clock: the pagination a settle needs is laid out here, and every
/// event comes out stamped with the time it was given.
@Suite("Reader rules")
struct ReaderRulesTests {
  typealias F = ReaderFixtures

  let document = F.document
  var cache: PaginationCache { PaginationCache(document: document) }

  func rules(offset: Int = 20_000) -> ReaderRules {
    ReaderRules(document: document, insets: F.profile.pages, offset: offset)
  }

  /// A settle of a pose's reader frame, its fold active or not.
  func settled(_ pose: Pose, active: Bool = true, textSize: TextSize = .large, changed: Bool = true) -> Settled {
    let g = F.profile.poses[pose]!
    return Settled(
      width: g.width, height: g.height, textSize: textSize,
      division: g.division.map { Division(frame: $0, isActive: active) }, sizes: 1, changed: changed,
      cycle: SettleCycle(cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil))
  }

  /// Settles, lays out what the settle needs, and hands it back at `time`.
  func settle(
    _ s: Settled, at time: Double, _ rules: inout ReaderRules, cache: PaginationCache, ms: Double = 7
  ) -> [Event] {
    let layout = rules.layout(for: s)
    guard !rules.keepsScreen(for: layout) else { return [] }
    let (pagination, hit) = cache.pagination(
      width: layout.key.width, height: layout.key.height, textSize: layout.key.textSize)
    var output: [Event] = []
    rules.paginated(
      pagination, for: layout, ms: ms, cache: hit ? .hit : .miss,
      answer: .init(settled: time, queuedMs: 0, computeClock: "fixed:\(ms)"), cause: Event(time: time, .settled(s)),
      at: time, into: &output)
    return output
  }

  func shown(_ events: [Event]) -> [Shown] {
    events.compactMap { if case .shown(let s) = $0.kind { s } else { nil } }
  }

  func isWaiting(_ rules: ReaderRules) -> Bool {
    if case .waitingForLayout = rules.state { true } else { false }
  }

  @Test("a settle asks for its page size and text size; paginated and shown carry the time they were given")
  func settleThenShow() {
    var rules = rules()
    let s = settled(.closed, textSize: .xLarge)
    let layout = rules.layout(for: s)
    #expect(layout.key == PageKey(width: 342, height: 580, textSize: .xLarge))
    let kept = rules.keepsScreen(for: layout)
    #expect(!kept)
    #expect(isWaiting(rules))  // asking changes nothing
    let out = settle(s, at: 1234.5, &rules, cache: cache)
    #expect(out.map(\.time) == [1234.5, 1234.5])
    guard case .paginated(let p) = out.first?.kind else {
      Issue.record("no paginated first: \(out)")
      return
    }
    #expect(p.ms == 7 && p.cache == .miss && p.textSize == .xLarge && p.characters == document.utf16Count)
    let s0 = shown(out)
    #expect(s0.count == 1)
    #expect(s0.first?.ranges.first?.contains(20_000) == true)
    guard case .showing(let screen) = rules.state else {
      Issue.record("not showing after a pagination")
      return
    }
    #expect(screen.textSize == .xLarge)
    #expect([screen.firstPage] == s0.first?.pages)
  }

  @Test("before the first settle a turn does nothing and a goto only moves the place")
  func beforeTheFirstSettle() {
    var rules = rules()
    var out: [Event] = []
    rules.turned(.next, cause: Event(time: 10, .turn(.next)), at: 10, into: &out)
    rules.wentTo(30_000, cause: Event(time: 20, .goto(offset: 30_000)), at: 20, into: &out)
    #expect(out.isEmpty)
    #expect(rules.offset == 30_000)
    #expect(isWaiting(rules))
    rules.wentTo(-3, cause: Event(time: 30, .goto(offset: -3)), at: 30, into: &out)
    #expect(rules.offset == 0)
    rules.wentTo(.max, cause: Event(time: 40, .goto(offset: .max)), at: 40, into: &out)
    #expect(rules.offset == document.utf16Count)
    #expect(out.isEmpty)
    let last = shown(settle(settled(.closed), at: 500, &rules, cache: cache))
    #expect(last.first?.pages == last.first.map { [$0.pageCount - 1] })
  }

  @Test("a layout that would show what is shown is not paginated again, changed or not; the new fold state is kept")
  func samePageSize() {
    var rules = rules()
    let cache = cache
    _ = settle(settled(.openWide, active: false), at: 0, &rules, cache: cache)
    // The settle stage saw the fold's key change; the screen would not: nothing to repaginate.
    let book = rules.keepsScreen(for: rules.layout(for: settled(.book, active: true, changed: true)))
    #expect(book)
    guard case .showing(let screen) = rules.state else {
      Issue.record("not showing")
      return
    }
    #expect(screen.geometry.division?.isActive == true)
    // The same page size at another text size is paginated, even when the settle stage saw no
    // change (the previous settle was superseded before it was shown).
    let xSmall = rules.keepsScreen(for: rules.layout(for: settled(.book, textSize: .xSmall, changed: false)))
    #expect(!xSmall)
    // Another pose is shown.
    let closed = rules.keepsScreen(for: rules.layout(for: settled(.closed)))
    #expect(!closed)
  }

  @Test("a hit reports no characters laid out")
  func hitCharacters() {
    var rules = rules()
    let cache = cache
    _ = settle(settled(.closed), at: 0, &rules, cache: cache)
    _ = settle(settled(.openWide), at: 500, &rules, cache: cache)
    let out = settle(settled(.closed), at: 1000, &rules, cache: cache)
    guard case .paginated(let p) = out.first?.kind else {
      Issue.record("no paginated first: \(out)")
      return
    }
    #expect(p.cache == .hit && p.characters == 0)
  }

  @Test("a spread starts on an even page; turns move by the spread and stop at the first one")
  func spreadTurns() {
    let cache = cache
    let third = cache.pagination(width: 331.5, height: 571, textSize: .large).result.pageRange(3)
    var rules = rules(offset: third.lowerBound + 1)
    let first = shown(settle(settled(.openWide), at: 0, &rules, cache: cache))
    #expect(first.map(\.pages) == [[2, 3]])
    #expect(rules.offset == third.lowerBound + 1)  // a settle never moves the place
    var out: [Event] = []
    rules.turned(.next, cause: Event(time: 100, .turn(.next)), at: 100, into: &out)
    rules.turned(.prev, cause: Event(time: 200, .turn(.prev)), at: 200, into: &out)
    rules.turned(.prev, cause: Event(time: 300, .turn(.prev)), at: 300, into: &out)
    rules.turned(.prev, cause: Event(time: 400, .turn(.prev)), at: 400, into: &out)  // at the start: nothing
    #expect(out.map(\.time) == [100, 200, 300])
    let turned = shown(out)
    #expect(turned.map(\.pages) == [[4, 5], [2, 3], [0, 1]])
    #expect(turned.allSatisfy { $0.offset == $0.ranges[0].lowerBound })
    #expect(rules.offset == 0)
  }
}
