import Reader
import TestSupport
import Testing

@testable import EventStream

@Suite("Navigation: the library beside the reader, one selection owner")
struct NavigationTests {
  typealias F = ReaderFixtures
  typealias N = NavigationFixtures

  /// The duo profile's page insets (profiles/iphone-duo.json `pages`).
  static let edge = 20.0
  static let fold = 20.0

  @Test("open tall with the sidebar: the page is the frame − 280 − both edge insets, re-settled with cause sidebar")
  func sidebarOpenTall() {
    // Held tall (landscapeLeft) and fully open: the 669-pt-wide reader (DESIGN §3.2), regular width.
    let out = N.run([
      N.rotate(.landscapeLeft, at: 0), F.hinge(180, at: 0), Event(time: 2000, .sidebar(.show)),
    ])
    let settled = N.settled(out)
    #expect(settled.last?.1.cycle.cause == .sidebar)
    #expect(settled.last?.0 == 2000)
    let pages = F.paginated(out)
    #expect(pages.last?.1.pageWidth == 669 - 280 - 2 * Self.edge)
    #expect(pages.last!.0 > 2000)
  }

  @Test("open wide with the sidebar: the fold moves 280 pt left, both pages get the narrower region less its insets")
  func sidebarSpread() {
    let out = N.run([F.hinge(180, at: 0), Event(time: 2000, .sidebar(.show))])
    let shown = F.shown(out)
    #expect(shown.last?.1.layout == .spread)
    // The fold at x 455.5 of the 867-pt reader (DESIGN §3.3) is at 455.5 − 280 = 175.5 of the
    // narrowed one: the leading region (175.5) is the narrower one.
    #expect(F.paginated(out).last?.1.pageWidth == 455.5 - 280 - Self.edge - Self.fold)
    #expect(F.violations(out).isEmpty)
  }

  @Test("closed (compact): showing the sidebar changes no frame — nothing is re-settled or paginated")
  func sidebarCompact() {
    let out = N.run([F.hinge(0, at: 0), Event(time: 1000, .sidebar(.show))])
    #expect(N.settled(out).count == 1)
    #expect(F.paginated(out).map(\.1.pageWidth) == [382 - 2 * Self.edge])
    #expect(N.navigation(out).last?.1.columns == .stack)
    #expect(N.navigation(out).last?.1.sidebarWidth == 0)
  }

  @Test("opening a chapter moves the place to its start, and shown carries its id")
  func openChapter() {
    let out = N.run([F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 3))])
    let start = N.library.chapters[2].range.lowerBound
    let shown = F.shown(out)
    #expect(shown.last?.1.offset == start)
    #expect(shown.last?.1.chapter == 3)
    #expect(shown.last!.1.ranges[0].contains(start))
    #expect(F.violations(out).isEmpty)
  }

  @Test("the tour: a chapter opened closed, unfold, sidebar in and out, fold, rotate, close, another chapter")
  func tour() {
    let out = N.run(
      [
        F.hinge(0, at: 0), Event(time: 800, .openChapter(id: 2)), F.hinge(180, at: 1500),
        Event(time: 3000, .sidebar(.show)), Event(time: 4000, .sidebar(.hide)), Event(time: 5000, .sidebar(.show)),
        F.hinge(110, at: 6000), N.rotate(.landscapeLeft, at: 7000), F.hinge(0, at: 8500),
        Event(time: 10_000, .openChapter(id: 4)),
      ], draft: "a margin note")
    #expect(F.violations(out).isEmpty)
    let navigation = N.navigation(out)
    // Chapter 2 from 800 ms until chapter 4 is opened; the draft throughout.
    for (t, n) in navigation {
      #expect(n.chapter == (t < 10_000 ? 2 : 4), "at \(t) ms")
      #expect(n.draftLength == "a margin note".utf16.count)
    }
    // Collapsed with a chapter: the reader on top and back available.
    for (_, n) in navigation where n.columns == .stack { #expect(n.top == .reader && n.canGoBack) }
    let shown = F.shown(out)
    for (t, s) in shown where t >= 800 {
      let chapter = N.library.chapters[(t < 10_000 ? 2 : 4) - 1]
      #expect(chapter.range.contains(s.offset), "at \(t) ms the place \(s.offset) left chapter \(chapter.id)")
    }
    let causes = N.settled(out).map(\.1.cycle.cause)
    #expect(causes.filter { $0 == .sidebar }.count == 3)
  }

  @Test("back: pops the collapsed stack to the library; at the root or side by side it is a no-op with a warning")
  func back() {
    let out = N.run([
      F.hinge(0, at: 0), Event(time: 1000, .back), Event(time: 1100, .back), F.hinge(180, at: 1500),
      Event(time: 3000, .back),
    ])
    let navigation = N.navigation(out).map(\.1)
    #expect(navigation[0].chapter == nil && navigation[0].top == .library && navigation[0].warning == nil)
    #expect(navigation[1].chapter == nil && navigation[1].warning != nil)  // at the root
    #expect(navigation.last?.columns == .split && navigation.last?.warning != nil)
    #expect(F.violations(out).isEmpty)
  }

  @Test("an unknown chapter id (a JSONL stream) is a no-op with a warning; the selection stays")
  func unknownChapter() {
    let out = N.run([F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 9))], offset: 0)
    let n = N.navigation(out).last!.1
    #expect(n.chapter == 1 && n.offset == nil && n.warning != nil)
    #expect(F.shown(out).count == 1)
  }

  @Test("a stream without navigation inputs gets no navigation events (old streams unchanged)")
  func silentUntilUsed() {
    let out = N.run([F.hinge(0, at: 0), F.hinge(180, at: 1000), N.rotate(.landscapeLeft, at: 2500)])
    #expect(N.navigation(out).isEmpty)
    #expect(F.shown(out).allSatisfy { $0.1.chapter == nil })
  }
}
