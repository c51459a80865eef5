import Testing

@testable import EventStream
@testable import Timing

/// `report --compare` between the reader model and an app on the same inputs compares a figure
/// only when it is the same term on the same kind of clock (docs/timing.md, "Compare"): the
/// model's charged pagination against a browser's own time is listed as not comparable, never
/// a regression, however far apart.
@Suite("Compare between engines")
struct LatencyComparisonEnginesTests {
  static func inputs(_ computeModel: String, _ clock: ReportInputs.Clock) -> ReportInputs {
    ReportInputs(
      profile: .init(name: "iphone-duo", hash: "afa23fe2487ac811"),
      text: .init(name: "texts/sample-chapter.txt", utf16Length: 49990, hash: "ffd7e32a8e84e2fe"),
      settleWindowMs: 200, computeModel: computeModel, clock: clock,
      sources: [.init(path: "traces/open-wide.hinge", hash: "7ec885de5b1d703b")])
  }

  static let cycle = SettleCycle(
    cause: .initial, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: 0, lastSize: 0)

  /// One shown record: settled at 200, the given terms.
  static func record(pagination: Double, late: Double = 0, gap: Double = 0) -> TimingRecord {
    let shown = 200 + late + pagination + gap
    return TimingRecord(
      cycle: cycle, sizes: 1, settled: 200, lateStartMs: late, paginationMs: pagination, paginatedToShownMs: gap,
      cache: .miss, pageCount: 50, characters: 49990, shown: shown)
  }

  static let model = LatencyReport(
    records: [record(pagination: 0.3)], inputs: inputs("thread-cpu", .virtual))
  static let browser = LatencyReport(
    records: [record(pagination: 30, late: 60, gap: 1.4)], inputs: inputs("app", .realtime))

  @Test("the model against a browser: pagination, late start and the sums are not comparable; the settle wait is")
  func modelAgainstBrowser() {
    let diff = LatencyComparison(base: Self.model, new: Self.browser)
    #expect(!diff.hasRegression)  // 0.3 → 30 ms is +9900 %: another engine's time, not a regression
    func reason(_ metric: LatencyReport.Metric) -> String? {
      diff.rows.first { $0.scope == .overall && $0.metric == metric && $0.stat == .p50 }?.notComparable
    }
    #expect(reason(.pagination) == "the model's pagination is charged by thread-cpu, the app's is its own time")
    #expect(reason(.lateStart) == "the model has none (0 by definition), the app measured it")
    #expect(reason(.paginatedToShown) != nil)
    #expect(reason(.lastSizeToShown)?.hasPrefix("virtual time against real time (the app's clock)") == true)
    #expect(diff.rows.contains { $0.metric == .settleWait && $0.notComparable == nil })
    let table = diff.table()
    #expect(!table.contains("REGRESSION"))
    #expect(table.contains("not comparable: the model's pagination is charged by thread-cpu"))
    #expect(diff.json().contains(#""notComparable":"the model's pagination is charged by thread-cpu"#))
  }

  @Test("the same engine on the same clock compares everything: a slower pagination is a regression")
  func sameEngine() {
    var slower = Self.browser
    slower.overall.metrics[.pagination]?.p50 = 60
    let diff = LatencyComparison(base: Self.browser, new: slower)
    #expect(diff.rows.allSatisfy { $0.notComparable == nil })
    #expect(diff.rows.contains { $0.metric == .pagination && $0.regression })
  }

  @Test("an app's report on the model's own clock kind: the sums compare, its own terms still do not")
  func sumsOnOneClock() {
    let appOnVirtual = LatencyReport(
      records: [Self.record(pagination: 0.3)], inputs: Self.inputs("app", .virtual))
    let diff = LatencyComparison(base: Self.model, new: appOnVirtual)
    #expect(diff.rows.contains { $0.metric == .lastSizeToShown && $0.notComparable == nil })
    #expect(diff.rows.contains { $0.metric == .pagination && $0.notComparable != nil })
  }
}
