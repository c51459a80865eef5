import Reader
import TestSupport
import Testing

@testable import EventStream

/// Right to left (`--direction rtl`): the same pages in the same reading order, a spread's
/// first page right of the fold, notes on the left. Expectations come from the profile's fold
/// frame, not from the reader's output.
@Suite("Reader direction")
struct ReaderDirectionTests {
  typealias F = ReaderFixtures
  let profile = TestSupport.profile()

  /// The fold of the open poses, from the profile.
  var fold: Rect { profile.poses[.openWide]!.division! }

  func geometry(_ pose: Pose, active: Bool, _ direction: ReadingDirection) -> PageGeometry {
    let g = profile.poses[pose]!
    return PageGeometry(
      width: g.width, height: g.height, division: g.division.map { Division(frame: $0, isActive: active) },
      insets: profile.pages, direction: direction)
  }

  /// Runs inputs through simulator + reader (5 ms per pagination) in `direction`.
  func run(_ inputs: [Event], _ direction: ReadingDirection, offset: Int = 20_000) -> [Event] {
    let reader = ReaderStateMachine(
      document: F.document, profile: profile, offset: offset, model: .fixed(ms: 5), direction: direction)
    return TestSupport.run(inputs, stages: Pipeline.simulator(profile: profile) + [reader])
  }

  @Test("rtl spread: the first page right of the fold, the second left of it; notes on the left")
  func spreadGeometry() {
    for (pose, active) in [(Pose.openWide, false), (.book, true)] {
      let rtl = geometry(pose, active: active, .rtl)
      let ltr = geometry(pose, active: active, .ltr)
      #expect(rtl.layout == .spread && rtl.frames.count == 2)
      #expect(rtl.frames[0].x >= fold.maxX)  // page 1 right of the fold
      #expect(rtl.frames[1].maxX <= fold.x)  // page 2 left of it
      #expect(ltr.frames[0].maxX <= fold.x && ltr.frames[1].x >= fold.maxX)
      #expect(rtl.frames == ltr.frames.reversed())  // the same two frames, swapped
      #expect(rtl.pageWidth == ltr.pageWidth && rtl.pageHeight == ltr.pageHeight)  // one pagination serves both
      #expect(rtl.notes == .trailing && ltr.notes == .trailing)
      let rtlNotes = rtl.notesRegion!
      let ltrNotes = ltr.notesRegion!
      #expect(rtlNotes.x == 0 && rtlNotes.maxX == fold.x)  // trailing is the left in rtl
      #expect(ltrNotes.x == fold.maxX && ltrNotes.maxX == profile.poses[pose]!.width)
      #expect(rtl.keepOutFrames == [fold])
    }
  }

  @Test("single and tabletop pages are placed the same in both directions; notes stay a sheet")
  func onePageUnaffected() {
    for (pose, active) in [(Pose.closed, false), (.openTall, false), (.tabletop, true), (.closedSideways, false)] {
      let rtl = geometry(pose, active: active, .rtl)
      let ltr = geometry(pose, active: active, .ltr)
      #expect(rtl.layout != .spread)
      #expect(rtl.frames == ltr.frames)
      #expect(rtl.notes == .sheet && rtl.notesRegion == nil)
    }
  }

  @Test("closed then open in rtl: the spread starts even, page 1 of it right of the fold; the place kept")
  func openRTL() {
    let inputs = [F.hinge(0, at: 0), F.hinge(180, at: 1000)]
    let rtl = F.shown(run(inputs, .rtl)).map(\.1)
    let ltr = F.shown(run(inputs, .ltr)).map(\.1)
    #expect(rtl.map(\.layout) == [.single, .spread])
    let spread = rtl[1]
    #expect(spread.pages.count == 2 && spread.pages[0] % 2 == 0)
    #expect(spread.frames[0].x >= fold.maxX && spread.frames[1].maxX <= fold.x)
    #expect(spread.ranges.contains { $0.contains(20_000) })
    // Same pagination, same pages, same place: only the frames differ.
    #expect(rtl.map(\.pages) == ltr.map(\.pages))
    #expect(rtl.map(\.offset) == ltr.map(\.offset))
    #expect(rtl.map(\.ranges) == ltr.map(\.ranges))
    #expect(rtl[0].frames == ltr[0].frames)
    #expect(spread.frames == ltr[1].frames.reversed())
    #expect(F.violations(run(inputs, .rtl)).isEmpty)
  }

  @Test("turns in rtl go on in reading order: next shows the following spread, to the left; prev comes back")
  func turnsRTL() {
    let inputs = [
      F.hinge(180, at: 0), Event(time: 1000, .turn(.next)), Event(time: 1100, .turn(.next)),
      Event(time: 1200, .turn(.prev)),
    ]
    let out = run(inputs, .rtl, offset: 0)
    let shown = F.shown(out).map(\.1)
    #expect(shown.map(\.pages) == [[0, 1], [2, 3], [4, 5], [2, 3]])
    for s in shown {
      #expect(s.frames[0].x >= fold.maxX && s.frames[1].maxX <= fold.x)
      #expect(s.offset == s.ranges[0].lowerBound)  // re-anchored to the first character in reading order
    }
    #expect(shown.map(\.offset) == F.shown(run(inputs, .ltr, offset: 0)).map(\.1.offset))
    #expect(F.violations(out).isEmpty)
  }

  @Test("the last page alone in an rtl spread sits right of the fold")
  func lastOddPage() {
    let document = F.document
    let out = run([F.hinge(180, at: 0)], .rtl, offset: document.utf16Count)
    let shown = F.shown(out).map(\.1)
    #expect(shown.count == 1)
    if let s = shown.first {
      #expect(s.pages.count == s.frames.count)
      #expect(s.frames[0].x >= fold.maxX)
      #expect(s.pages[0] % 2 == 0)
    }
    #expect(F.violations(out).isEmpty)
  }
}
