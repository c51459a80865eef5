import Reader
import TestSupport
import Testing

@testable import EventStream

/// The fixed-layout reader shows PDF pages the way the reference reader did (DESIGN §6):
/// scaled to fit, two-up centred on the fold, pages 1 and 2 together, the page index kept.
@Suite("Fixed-layout reader")
struct FixedLayoutReaderTests {
  typealias F = FixedLayoutFixtures
  static let foldCentre = 455.5 + 40 / 2
  static let insets = F.profile.pages

  @Test("closed: one A5 page fills the inset frame's width, aspect kept, centred vertically")
  func closedFits() throws {
    let shown = try #require(F.shown(F.run([F.settled(382, 620)])).first)
    #expect(shown.layout == .single && shown.pages == [0])
    let frame = shown.frames[0]
    let e = Self.insets.edge
    // 342/580 is narrower than A5's 419.53/595.28: the width is what limits
    #expect(abs(frame.width - (382 - 2 * e)) < 1e-9)
    #expect(abs(frame.height / frame.width - 595.28 / 419.53) < 1e-9)
    #expect(abs((frame.y + frame.maxY) / 2 - 620 / 2) < 1e-9)
    #expect(shown.pageScales == [frame.width / 419.53])
  }

  @Test("open wide, the fold flat: pages 1 and 2 meet at the fold's centre (measured)")
  func flatSpreadMeetsAtCentre() throws {
    let shown = try #require(F.shown(F.run([F.wide(active: false)])).first)
    #expect(shown.layout == .spread && shown.pages == [0, 1])
    #expect(abs(shown.frames[0].maxX - Self.foldCentre) < 1e-9)
    #expect(abs(shown.frames[1].x - Self.foldCentre) < 1e-9)
    #expect(F.violations(F.run([F.wide(active: false)])).isEmpty)
  }

  @Test("pages narrower than their slot (height-limited) still sit against the fold and meet at its centre")
  func narrowPagesMeetAtCentre() throws {
    let tall = FixedLayoutDocument(name: "tall", pageSizes: Array(repeating: .init(width: 200, height: 800), count: 4))
    let shown = try #require(F.shown(F.run([F.wide(active: false)], document: tall)).first)
    #expect(shown.frames[0].width < 200)  // scaled to the slot's 571-pt height
    #expect(abs(shown.frames[0].maxX - Self.foldCentre) < 1e-9)
    #expect(abs(shown.frames[1].x - Self.foldCentre) < 1e-9)
  }

  @Test("book, the fold active: the pages step back from the fold, symmetric about its centre")
  func activeSpreadClearsFold() throws {
    let shown = try #require(F.shown(F.run([F.wide(active: true)])).first)
    #expect(shown.pages == [0, 1])
    #expect(!shown.frames[0].intersects(F.foldFrame) && !shown.frames[1].intersects(F.foldFrame))
    #expect(abs(shown.frames[0].maxX - (455.5 - Self.insets.fold)) < 1e-9)
    #expect(abs((shown.frames[0].maxX + shown.frames[1].x) / 2 - Self.foldCentre) < 1e-9)
  }

  @Test(
    "displays as book off: spreads pair pages 1–2, 3–4 … so the cover never sits alone",
    arguments: [(0, [0, 1]), (1, [0, 1]), (3, [2, 3]), (4, [4, 5]), (9, [8, 9])])
  func spreadPairs(place: Int, pages: [Int]) throws {
    let shown = try #require(F.shown(F.run([F.wide(active: false)], place: place)).first)
    #expect(shown.pages == pages)
    #expect(shown.offset == place)
  }

  @Test("a turn moves by a spread and the place becomes its first page; at the end nothing moves")
  func turns() {
    let events = F.run([
      F.wide(active: false), Event(time: 300, .turn(.next)), Event(time: 400, .turn(.prev)),
      Event(time: 500, .goto(offset: 9)), Event(time: 600, .turn(.next)),
    ])
    let shown = F.shown(events)
    #expect(shown.map(\.pages) == [[0, 1], [2, 3], [0, 1], [8, 9]])
    #expect(shown.map(\.offset) == [0, 2, 0, 9])
    #expect(F.violations(events).isEmpty)
  }

  @Test("a text-size change lays nothing out: skipped, reason fixedLayout (a PDF does not reflow)")
  func textSizeDoesNothing() {
    let events = F.run([F.settled(382, 620), F.settled(382, 620, textSize: .AX5, at: 1000)])
    let skipped = events.compactMap { if case .skipped(let s) = $0.kind { s } else { nil } }
    #expect(skipped.map(\.reason) == [.fixedLayout])
    #expect(F.shown(events).count == 1)
  }

  @Test("tabletop: the page sits above the fold")
  func tabletopAboveFold() throws {
    let fold = Division(frame: Rect(x: 0, y: 339.5, width: 669, height: 40), isActive: true)
    let shown = try #require(F.shown(F.run([F.settled(669, 835, fold: fold)], place: 4)).first)
    #expect(shown.layout == .tabletop && shown.pages == [4])
    #expect(shown.frames[0].maxY <= 339.5)
  }

  @Test("the fold turning active with no new size moves the spread clear of it one frame later")
  func foldOnlyChange() throws {
    let events = F.run([
      F.wide(active: false),
      Event(time: 500, .regions(RegionsChange(division: Division(frame: F.foldFrame, isActive: true)))),
    ])
    let times = events.compactMap { if case .shown = $0.kind { $0.time } else { nil } }
    #expect(times == [5, 500 + 16.667])  // settled at 0 + 5 ms pinned; one 60-Hz frame (displays.frameMs)
    let last = try #require(F.shown(events).last)
    #expect(!last.frames[0].intersects(F.foldFrame) && !last.frames[1].intersects(F.foldFrame))
    #expect(F.violations(events).isEmpty)
  }

  @Test("while a 300-ms layout runs, inputs wait in order; of two queued settles only the later is laid out")
  func busyQueue() {
    let events = F.run(
      [
        F.settled(382, 620), F.wide(active: false, at: 100), Event(time: 150, .turn(.next)),
        F.wide(active: true, at: 200),
      ], computeMs: 300)
    let paginated = events.compactMap { if case .paginated(let p) = $0.kind { ($0.time, p.settled) } else { nil } }
    #expect(paginated.map(\.0) == [300, 600])  // 0 + 300; the 200 settle starts when the first ends
    #expect(paginated.map(\.1) == [0, 200])
    let skipped = events.compactMap { if case .skipped(let s) = $0.kind { (s.settled, s.reason) } else { nil } }
    #expect(skipped.map(\.0) == [100] && skipped.map(\.1) == [.superseded])
    // the turn, queued behind the first layout, moves the closed single page: page 2, then the spread 1–2
    #expect(F.shown(events).map(\.pages) == [[0], [1], [0, 1]])
  }

  @Test("layout is charged as the compute model says: 5 ms pinned, a cached key costs nothing")
  func charged() {
    let events = F.run([F.wide(active: false), F.settled(382, 620, at: 1000), F.wide(active: false, at: 2000)])
    let paginated = events.compactMap { if case .paginated(let p) = $0.kind { p } else { nil } }
    #expect(paginated.map(\.ms) == [5, 5, 0])
    #expect(paginated.map(\.cache) == [.miss, .miss, .hit])
  }
}
