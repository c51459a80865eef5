import TestSupport
import Testing

@testable import EventStream
@testable import Timing

@Suite("Timing records")
struct TimingStateMachineTests {
  /// The open: a 7-size open burst from 1010 (book, then fullyOpen at 1140 heads to the same
  /// size, so the burst runs on) ends at 1210; it settles 200 ms later, shown 12.5 ms after that.
  @Test("a scripted run gives one exact record per settle cycle, pagination pinned at 12.5 ms")
  func scriptedRun() {
    let events = TimingFixtures.run(TimingFixtures.scripted, readerMs: 12.5)
    let records = TimingFixtures.records(events)
    let expected = [
      TimingRecord(
        cycle: SettleCycle(
          cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: 0,
          lastSize: 0), sizes: 1, settled: 200,
        paginationMs: 12.5, computeClock: "fixed:12.5",
        cache: .miss, pageCount: 48, characters: 44_500, shown: 212.5),
      TimingRecord(
        cycle: SettleCycle(
          cause: .status(from: .closed, to: .fullyOpen), causeTime: 1010, firstChange: 1010, lastChange: 1210,
          firstSize: 1010,
          lastSize: 1210),
        sizes: 7, settled: 1410,
        paginationMs: 12.5, computeClock: "fixed:12.5", cache: .miss, pageCount: 48, characters: 44_500, shown: 1422.5),
      TimingRecord(
        cycle: SettleCycle(
          cause: .textSize, causeTime: 3000, firstChange: 3000, lastChange: 3000, firstSize: nil,
          lastSize: nil), sizes: 0, settled: 3200,
        paginationMs: 12.5, computeClock: "fixed:12.5", cache: .miss, pageCount: 48, characters: 44_500, shown: 3212.5),
      TimingRecord(
        cycle: SettleCycle(
          cause: .rotation, causeTime: 5000, firstChange: 5000, lastChange: 5300, firstSize: 5000,
          lastSize: 5300), sizes: 5,
        settled: 5500,
        paginationMs: 12.5, computeClock: "fixed:12.5", cache: .miss, pageCount: 48, characters: 44_500, shown: 5512.5),
      TimingRecord(
        cycle: SettleCycle(
          cause: .textSize, causeTime: 6000, firstChange: 6000, lastChange: 6050, firstSize: nil,
          lastSize: nil), sizes: 0, settled: 6250,
        paginationMs: 0, cache: .skip, pageCount: 48, characters: 0, shown: 6250),
    ]
    #expect(records == expected)
    // Each record is stamped at its shown (or its settle when nothing is shown).
    let stamps = events.compactMap { e -> Double? in
      if case .timing = e.kind { return e.time }
      return nil
    }
    #expect(stamps == [212.5, 1422.5, 3212.5, 5512.5, 6250])
    #expect(records[1].lastSizeToShown == 212.5)
    #expect(records[1].causeToShown == 412.5)
    #expect(records[1].settleWait == 200)
    #expect(records[2].lastSizeToShown == nil)
    #expect(records[2].settleWait == 200)
    // Two text sizes 50 ms apart: the window runs from the second, so the wait is the window.
    #expect(records[4].settleWait == 200)
    #expect(StreamTime.elapsed(from: records[4].lastChange, to: records[4].settled) == 200)
  }

  @Test("without a reader every record closes at its settle with cache skip")
  func withoutReader() {
    let records = TimingFixtures.records(
      TimingFixtures.run(TimingFixtures.scripted, readerMs: nil, expectsReader: false))
    #expect(
      records.map(\.cause.name) == [
        "initial", "status closed→fullyOpen", "text size", "rotation", "text size",
      ])
    #expect(records.map(\.shown) == [200, 1410, 3200, 5500, 6250])
    #expect(
      records.allSatisfy { $0.cache == .skip && $0.paginationMs == 0 && $0.shown == $0.settled })
  }

  @Test("a reader's answer is waited for; an unchanged settle closes at the reader's skip")
  func handMadeStream() {
    let division = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    func scene(_ t: Double, _ i: Int, _ n: Int) -> Event {
      Event(
        time: t,
        .scene(
          SceneChange(
            width: 867, height: 611, display: .inner, transient: i < n, index: i, count: n)))
    }
    let paginated = Paginated(
      pageWidth: 395.5, pageHeight: 571, textSize: .large, pageCount: 50, ms: 3.25, cache: .hit,
      characters: 0, settled: 350, computeClock: "fixed:3.25")
    let skipped = Skipped(settled: 1100, reason: .unchanged, pageWidth: 395.5, pageHeight: 571, textSize: .large)
    let shown = Shown(
      offset: 20_000, pages: [22, 23], ranges: [0..<1, 1..<2], pageCount: 50, layout: .spread,
      frames: [], notes: .trailing,
      excerpt: "")
    let stream: [Event] = [
      Event(time: 100, .status(StatusChange(status: .partiallyOpen, from: .closed, angle: 9))),
      scene(100, 1, 2), scene(150, 2, 2),
      Event(time: 150, .regions(RegionsChange(division: division))),
      Event(time: 353.25, .paginated(paginated)), Event(time: 353.25, .shown(shown)),
      // Folding flat changes no size: this status change is dropped by the later text size.
      Event(time: 500, .status(StatusChange(status: .fullyOpen, from: .partiallyOpen, angle: 161))),
      Event(time: 800, .textSize(.large)),  // the same size: no layout change either
      Event(time: 900, .split(.left)), scene(900, 1, 1), Event(time: 1100, .skipped(skipped)),
      Event(time: 1200, .shown(shown)),  // a page turn, outside any cycle
    ]
    let records = TimingFixtures.feedThroughSettle(stream, into: TimingStateMachine(expectsReader: true))
    #expect(
      records == [
        TimingRecord(
          cycle: SettleCycle(
            cause: .initial, causeTime: 100, firstChange: 100, lastChange: 150, firstSize: 100,
            lastSize: 150), sizes: 2, settled: 350,
          paginationMs: 3.25, computeClock: "fixed:3.25",
          cache: .hit, pageCount: 50, characters: 0, shown: 353.25),
        TimingRecord(
          cycle: SettleCycle(
            cause: .split, causeTime: 900, firstChange: 900, lastChange: 900, firstSize: 900,
            lastSize: 900), sizes: 1, settled: 1100,
          paginationMs: 0,
          cache: .skip, pageCount: 50, characters: 0, shown: 1100),
      ])
  }

  @Test("status causes read first from → last to; a cycle with no trigger is 'other'")
  func statusAndOther() {
    func status(_ t: Double, _ from: HingeStatus, _ to: HingeStatus) -> Event {
      Event(time: t, .status(StatusChange(status: to, from: from, angle: 0)))
    }
    func scene(_ t: Double) -> Event {
      Event(
        time: t,
        .scene(
          SceneChange(
            width: 382, height: 620, display: .outer, transient: false, index: 1, count: 1)))
    }
    let stream = [
      scene(0),
      status(1000, .fullyOpen, .partiallyOpen), scene(1000), status(1100, .partiallyOpen, .closed),
      scene(2000),
    ]
    let records = TimingFixtures.feedThroughSettle(stream, into: TimingStateMachine(expectsReader: false))
    #expect(records.map(\.cause.name) == ["initial", "status fullyOpen→closed", "other"])
    #expect(records.map(\.causeTime) == [0, 1000, 2000])
  }
}
