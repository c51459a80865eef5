import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Reports
@testable import Simulator
@testable import Timing

/// The settle stage decides a cycle once; timing, the Chrome trace and the plot read it.
@Suite("One settle cycle everywhere")
struct SettleCycleAgreementTests {
  /// scene@0, (settled@200), textSize(large)@500 — the size it already has — scene@1000,
  /// (settled@1200): the repeated text size changes nothing, so the second cycle starts at 1000.
  static func stream() -> [Event] {
    func scene(_ t: Double) -> Event {
      Event(
        time: t,
        .scene(SceneChange(width: 382, height: 620, display: .outer, transient: false, index: 1, count: 1)))
    }
    let inputs = [scene(0), Event(time: 500, .textSize(.large)), scene(1000)]
    return TestSupport.run(
      inputs, stages: [SettleStateMachine(windowMs: 200), TimingStateMachine(expectsReader: false)])
  }

  @Test("the settle stage, the timing record, the Chrome trace and the plot agree: the cycle starts at 1000")
  func repeatedTextSizeIsNoChange() throws {
    let events = Self.stream()
    let settles = events.compactMap { e -> (Double, SettleCycle)? in
      if case .settled(let s) = e.kind { (e.time, s.cycle) } else { nil }
    }
    #expect(settles.map(\.0) == [200, 1200])
    #expect(settles.last?.1.firstChange == 1000)
    #expect(settles.last?.1.cause == .other)

    let records = TimingFixtures.records(events)
    #expect(records.count == 2)
    #expect(records.last?.causeTime == 1000)
    #expect(records.last?.firstSize == 1000)

    let trace = try ChromeTraceTests.parse(ChromeTrace.document(events))
    let debounces = trace.filter { $0["name"] as? String == "debounce" }
    #expect(debounces.compactMap { $0["ts"] as? Double } == [0, 1_000_000])
    #expect(debounces.compactMap { $0["dur"] as? Double } == [200_000, 200_000])

    let svg = TimelinePlot.svg(events)
    #expect(svg.contains("debounce 200.0 ms"))
    #expect(!svg.contains("debounce 700.0 ms"))
  }
}
