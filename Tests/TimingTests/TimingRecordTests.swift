import TestSupport
import Testing

@testable import EventStream
@testable import Timing

@Suite("Timing records from the stage alone")
struct TimingRecordTests {
  @Test("a cycle paginated twice charges both paginations (shown = settled + queued wait + pagination)")
  func paginationsAddUp() {
    let cycle = SettleCycle(
      cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: 0, lastSize: 0)
    let settled = Settled(
      width: 382, height: 620, textSize: .large, division: nil, sizes: 1, changed: true, cycle: cycle)
    func paginated(_ ms: Double, _ cache: CacheOutcome) -> Paginated {
      Paginated(pageWidth: 342, pageHeight: 580, textSize: .large, pageCount: 61, ms: ms, cache: cache, characters: 100)
    }
    let shown = Shown(
      offset: 0, pages: [0], ranges: [0..<100], pageCount: 61, layout: .single, frames: [], notes: .sheet,
      excerpt: "")
    let records = TimingFixtures.feed(
      [
        Event(time: 200, .settled(settled)), Event(time: 203, .paginated(paginated(3, .miss))),
        Event(time: 207, .paginated(paginated(4, .hit))), Event(time: 207, .shown(shown)),
      ], into: TimingStateMachine(expectsReader: true))
    #expect(records.count == 1)
    #expect(records.first?.paginationMs == 7)
    #expect(records.first?.cache == .miss)  // a miss in the cycle is not hidden by a later hit
    #expect(records.first?.characters == 200)
    #expect(records.first?.shown == 207)
  }
}
