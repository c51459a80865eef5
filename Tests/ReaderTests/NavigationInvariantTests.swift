import Reader
import TestSupport
import Testing

@testable import EventStream
@testable import Reader

@Suite("Navigation invariants")
struct NavigationInvariantTests {
  typealias N = NavigationFixtures

  static let settled = EventKind.settled(
    Settled(
      width: 867, height: 611, textSize: .large, division: nil, sizes: 1, changed: true,
      cycle: SettleCycle(cause: .other, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil),
      horizontalSizeClass: .regular))

  static func state(
    chapter: Int? = 2, columns: NavigationColumns = .split, top: NavigationTop = .reader, canGoBack: Bool = false,
    sidebar: SidebarMode = .hide, sidebarWidth: Double = 0, offset: Int? = nil, draft: Int = 5,
    draftHash: String = "h5"
  ) -> NavigationState {
    NavigationState(
      chapter: chapter, chapterCount: 4, sidebar: sidebar, columns: columns, top: top, canGoBack: canGoBack,
      sidebarWidth: sidebarWidth, offset: offset, draftLength: draft, draftHash: draftHash)
  }

  static func rules(_ before: NavigationState, _ after: NavigationState, cause: EventKind = settled) -> [String] {
    var invariants = NavigationInvariants(sidebarWidth: 280)
    #expect(invariants.check(before, cause: .back, library: N.library).isEmpty)
    return invariants.check(after, cause: cause, library: N.library).map(\.0)
  }

  @Test("a valid move breaks nothing")
  func valid() {
    #expect(Self.rules(Self.state(), Self.state(columns: .stack, canGoBack: true)).isEmpty)
  }

  @Test("selection-stays-detail: a layout change that drops the selection")
  func selection() {
    #expect(Self.rules(Self.state(), Self.state(chapter: nil, top: .library)) == ["selection-stays-detail"])
  }

  @Test("back-available: collapsed with the reader on top but no back")
  func back() {
    #expect(Self.rules(Self.state(), Self.state(columns: .stack, canGoBack: false)) == ["back-available"])
  }

  @Test("no-stale-selection: opening chapter 3 leaves chapter 2 selected, or the place elsewhere")
  func stale() {
    let start = N.library.chapters[2].range.lowerBound
    #expect(Self.rules(Self.state(), Self.state(offset: start), cause: .openChapter(id: 3)) == ["no-stale-selection"])
    #expect(
      Self.rules(Self.state(), Self.state(chapter: 3, offset: start + 1), cause: .openChapter(id: 3))
        == ["no-stale-selection"])
    #expect(Self.rules(Self.state(), Self.state(chapter: 3, offset: start), cause: .openChapter(id: 3)).isEmpty)
  }

  @Test(
    "draft-survives: the draft's length, or only its content (same length, another hash), changed on a layout change")
  func draft() {
    #expect(Self.rules(Self.state(), Self.state(draft: 0)) == ["draft-survives"])
    #expect(Self.rules(Self.state(), Self.state(draftHash: "other")) == ["draft-survives"])
  }

  @Test("sidebar-width: 280 pt exactly when shown side by side")
  func sidebarWidth() {
    #expect(Self.rules(Self.state(), Self.state(sidebar: .show, sidebarWidth: 0)) == ["sidebar-width"])
    #expect(Self.rules(Self.state(), Self.state(sidebar: .show, sidebarWidth: 280)).isEmpty)
    #expect(
      Self.rules(Self.state(), Self.state(columns: .stack, canGoBack: true, sidebar: .show, sidebarWidth: 280))
        == ["sidebar-width"])
  }

  /// A deliberately broken navigation stage: it drops the selection whenever the size class changes.
  struct DropsSelectionOnSizeClass: Stage {
    var inner: NavigationStateMachine
    var lastClass: SizeClass?
    var invariants = NavigationInvariants(sidebarWidth: 280)
    var deadline: Double? { nil }
    mutating func fire(at now: Double, into output: inout [Event]) {}
    mutating func receive(_ event: Event, into output: inout [Event]) {
      var produced: [Event] = []
      inner.receive(event, into: &produced)
      var dropped = false
      if case .settled(let s) = event.kind {
        dropped = lastClass != nil && s.horizontalSizeClass != lastClass
        lastClass = s.horizontalSizeClass
      }
      for var e in produced {
        guard case .navigation(var n) = e.kind else { continue }  // the double's own check only
        if dropped {
          n.chapter = nil
          n.top = .library
          n.canGoBack = false
          e.kind = .navigation(n)
        }
        output.append(e)
        for (rule, message) in invariants.check(n, cause: event.kind, library: inner.library) {
          output.append(
            Event(
              time: e.time, .violation(Violation(rule: rule, message: message, cause: event.kind.type, causeTime: 0))))
        }
      }
    }
  }

  @Test("check catches a stage that drops the selection on a size-class change")
  func brokenDouble() {
    let broken = DropsSelectionOnSizeClass(inner: NavigationStateMachine(library: N.library, sidebarWidth: 280))
    let out = TestSupport.run(
      [ReaderFixtures.hinge(0, at: 0), Event(time: 500, .openChapter(id: 2)), ReaderFixtures.hinge(180, at: 1000)],
      stages: Pipeline.simulator(profile: ReaderFixtures.profile) + [broken])
    #expect(ReaderFixtures.violations(out).map(\.rule).contains("selection-stays-detail"))
  }
}
