import TestSupport
import Testing

@testable import EventStream
@testable import Timing

@Suite("Timing records from the stage alone")
struct TimingRecordTests {
  static let cycle = SettleCycle(
    cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: 0, lastSize: 0)
  static func settled(_ textSize: TextSize) -> Settled {
    Settled(width: 382, height: 620, textSize: textSize, division: nil, sizes: 1, changed: true, cycle: cycle)
  }
  static func paginated(_ pages: Int, settled: Double, queued: Double, ms: Double) -> Paginated {
    Paginated(
      pageWidth: 342, pageHeight: 580, textSize: .large, pageCount: pages, ms: ms, cache: .miss, characters: 100,
      settled: settled, queuedMs: queued, computeClock: "fixed:\(ms)")
  }
  static let shown = Shown(
    offset: 0, pages: [0], ranges: [0..<100], pageCount: 61, layout: .single, frames: [], notes: .sheet,
    excerpt: "")

  @Test("each settle gets the pagination that answers it; shown = settled + queued wait + pagination")
  func answersInOrder() {
    let records = TimingFixtures.feed(
      [
        Event(time: 200, .settled(Self.settled(.large))),
        Event(time: 300, .settled(Self.settled(.xSmall))),  // the reader is busy until 350
        Event(time: 350, .paginated(Self.paginated(27, settled: 200, queued: 0, ms: 150))),
        Event(time: 350, .shown(Self.shown)),
        Event(time: 450, .paginated(Self.paginated(21, settled: 300, queued: 50, ms: 100))),
        Event(time: 450, .shown(Self.shown)),
      ], into: TimingStateMachine(expectsReader: true))
    #expect(records.map(\.settled) == [200, 300])
    #expect(records.map(\.pageCount) == [27, 21])  // never another layout's pagination
    #expect(records.map(\.queuedMs) == [0, 50])
    #expect(records.map(\.shown) == [350, 450])
    for r in records { #expect(r.shown == r.settled + r.queuedMs + r.paginationMs) }
  }

  @Test("a superseded settle gets a record that says so, with nothing shown; the next gets its own")
  func superseded() {
    let records = TimingFixtures.feed(
      [
        Event(time: 200, .settled(Self.settled(.large))),
        Event(time: 300, .settled(Self.settled(.xSmall))),
        Event(time: 310, .settled(Self.settled(.AX1))),
        Event(time: 350, .paginated(Self.paginated(27, settled: 200, queued: 0, ms: 150))),
        Event(time: 350, .shown(Self.shown)),
        Event(
          time: 350,
          .skipped(Skipped(settled: 300, reason: .superseded, pageWidth: 342, pageHeight: 580, textSize: .xSmall))),
        Event(time: 490, .paginated(Self.paginated(90, settled: 310, queued: 40, ms: 140))),
        Event(time: 490, .shown(Self.shown)),
      ], into: TimingStateMachine(expectsReader: true))
    #expect(records.map(\.cache) == [.miss, .superseded, .miss])
    #expect(records[1].shown == nil && records[1].causeToShown == nil && records[1].pageCount == 0)
    #expect(records[2].pageCount == 90 && records[2].shown == 490)
  }

  @Test("an answer for a settle that is not the oldest waiting is not taken")
  func foreignAnswer() {
    let records = TimingFixtures.feed(
      [
        Event(time: 200, .settled(Self.settled(.large))),
        Event(time: 350, .paginated(Self.paginated(27, settled: 100, queued: 0, ms: 150))),
        Event(time: 350, .shown(Self.shown)),
      ], into: TimingStateMachine(expectsReader: true))
    #expect(records.isEmpty)
  }
}
