import EventStream
import Reader
import TestSupport
import Testing

@testable import Simulator

/// The reader's numbers that were constants in code come from the profile (issue 28): the
/// sidebar's width, one display frame for a PDF's redraw, and the narrowest page. Each is
/// changed in a copy of the profile and the reader follows it.
@Suite("Reader values from the profile")
struct ProfileLayoutValuesTests {
  static func wideSettled(horizontal: SizeClass = .regular) -> Settled {
    Settled(
      width: 867, height: 611, textSize: .large,
      division: Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: false), sizes: 1,
      changed: true,
      cycle: SettleCycle(cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil),
      horizontalSizeClass: horizontal)
  }

  @Test("the sidebar takes pages.sidebarWidth from the reader's frame in regular width")
  func sidebar() {
    var insets = TestSupport.profile().pages
    #expect(insets.sidebarWidth == 280)
    let kit = PageGeometry(settled: Self.wideSettled(), sidebar: .show, insets: insets)
    #expect(kit.readerWidth == 867 - 280)
    insets.sidebarWidth = 300
    let wider = PageGeometry(settled: Self.wideSettled(), sidebar: .show, insets: insets)
    #expect(wider.readerWidth == 867 - 300)
    #expect(
      PageGeometry(settled: Self.wideSettled(horizontal: .compact), sidebar: .show, insets: insets).readerWidth == 867)
  }

  @Test("the navigation stage reports the profile's sidebar width")
  func navigation() {
    var stage = NavigationStateMachine(library: Library(text: "Chapter One\nText.\n"), sidebarWidth: 300)
    var out: [Event] = []
    stage.receive(Event(time: 0, .settled(Self.wideSettled())), into: &out)
    stage.receive(Event(time: 10, .sidebar(.show)), into: &out)
    let widths = out.compactMap { if case .navigation(let n) = $0.kind { n.sidebarWidth } else { nil } }
    #expect(widths.last == 300)
    #expect(!out.contains { if case .violation = $0.kind { true } else { false } })
  }

  /// 555.5 − 495.5 − 2 × 20 = 20-pt pages beside the fold: a spread at the profile's 20-pt
  /// minimum, one page at 21.
  @Test("a fold is split at only with pages.minimumWidth on each side")
  func minimumWidth() {
    var insets = TestSupport.profile().pages
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    #expect(PageGeometry(width: 555.5, height: 611, division: fold, insets: insets).layout == .spread)
    insets.minimumWidth = 21
    #expect(PageGeometry(width: 555.5, height: 611, division: fold, insets: insets).layout == .single)
  }

  @Test("a fold-only change redraws a PDF spread one profile frame later (displays.frameMs)")
  func redraw() {
    var profile = TestSupport.profile()
    profile.displayFrameMs = 8.333
    let events = TestSupport.run(
      [
        FixedLayoutFixtures.wide(active: false),
        Event(
          time: 500, .regions(RegionsChange(division: Division(frame: FixedLayoutFixtures.foldFrame, isActive: true)))),
      ],
      stages: [FixedLayoutReader(document: FixedLayoutFixtures.sample, profile: profile, model: .fixed(5))])
    let times = events.compactMap { if case .shown = $0.kind { $0.time } else { nil } }
    #expect(times == [5, 508.333])
  }
}
