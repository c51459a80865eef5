import Testing

@testable import EventStream
@testable import Timing

@Suite("Latency reports")
struct LatencyReportTests {
  static func record(
    _ cause: String, causeTime: Double = 0, lastSize: Double? = 100, settled: Double = 300,
    ms: Double = 10
  )
    -> TimingRecord
  {
    TimingRecord(
      cycle: SettleCycle(
        cause: SettleCause(name: cause)!, causeTime: causeTime, firstChange: lastSize == nil ? causeTime : 50,
        lastChange: lastSize ?? causeTime, firstSize: lastSize.map { _ in 50 },
        lastSize: lastSize),
      sizes: lastSize == nil ? 0 : 7,
      settled: settled, paginationMs: ms, cache: .miss, pageCount: 48, characters: 44_500,
      shown: settled + ms)
  }

  static let records = [
    record("rotation", ms: 10), record("rotation", ms: 30), record("rotation", ms: 20),
    record("text size", lastSize: nil, settled: 200, ms: 5),
  ]

  @Test("groups per cause, sorted, and overall; metrics skip records they do not apply to")
  func grouping() {
    let report = LatencyReport(records: Self.records)
    #expect(report.causes.map(\.scope.name) == ["rotation", "text size"])
    #expect(report.overall.records == 4)
    let rotation = report.causes[0]
    #expect(
      rotation.metrics[.pagination]
        == LatencyReport.Summary(count: 3, min: 10, p50: 20, p90: 30, p99: 30, max: 30))
    #expect(
      rotation.metrics[.lastSizeToShown]
        == LatencyReport.Summary(count: 3, min: 210, p50: 220, p90: 230, p99: 230, max: 230))
    #expect(rotation.metrics[.settleWait]?.p50 == 200)
    #expect(report.causes[1].metrics[.lastSizeToShown] == nil)
    #expect(report.overall.metrics[.lastSizeToShown]?.count == 3)
    #expect(
      report.overall.metrics[.causeToShown]
        == LatencyReport.Summary(count: 4, min: 205, p50: 310, p90: 330, p99: 330, max: 330))
  }

  @Test("JSON reads back to the same report")
  func jsonRoundTrip() throws {
    let report = LatencyReport(records: Self.records)
    let back = try LatencyReport(json: Array(report.json().utf8))
    #expect(back == report)
    #expect(report.json().hasPrefix("{\"format\":\"hingesim-latency-report\",\"version\":2,"))
  }

  @Test("bad report files are refused with a reason")
  func badJSON() {
    #expect(throws: ReportDecodingError.self) {
      try LatencyReport(json: Array("{\"format\":".utf8))
    }
    #expect(throws: ReportDecodingError.self) {
      try LatencyReport(json: Array("{\"traceEvents\":[]}".utf8))
    }
    #expect(throws: ReportDecodingError.self) {
      try LatencyReport(
        json: Array(
          "{\"format\":\"hingesim-latency-report\",\"overall\":{\"cause\":\"overall\"},\"causes\":[]}"
            .utf8))
    }
  }

  @Test("CSV has one row per cause and metric; empty metrics have empty cells")
  func csv() {
    let lines = LatencyReport(records: Self.records).csv().split(separator: "\n").map(String.init)
    #expect(lines[0] == "cause,metric,count,min_ms,p50_ms,p90_ms,p99_ms,max_ms")
    // Three groups × eight metrics; the four first metrics keep their rows' order, the real
    // reader's terms follow (so a spreadsheet's existing rows do not move).
    #expect(lines.count == 1 + 3 * 8)
    #expect(
      lines.filter { $0.hasPrefix("overall,") }.map { $0.split(separator: ",")[1] } == [
        "lastSizeToShown", "causeToShown", "settleWait", "pagination", "lateStart", "paginatedToShown", "painted",
        "lastSizeToPainted",
      ])
    #expect(lines.contains("overall,lateStart,4,0,0,0,0,0"))  // records of the model: no late start
    #expect(lines.contains("overall,painted,0,,,,,"))  // nor anything painted
    #expect(lines.contains("rotation,pagination,3,10,20,30,30,30"))
    #expect(lines.contains("text size,lastSizeToShown,0,,,,,"))
    #expect(lines.contains("overall,causeToShown,4,205,310,330,330,330"))
  }

  @Test("the table names every cause, metric and statistic")
  func table() {
    let table = LatencyReport(records: Self.records).table()
    #expect(table.contains("rotation — 3 cycles"))
    #expect(table.contains("text size — 1 cycle"))
    #expect(table.contains("overall — 4 cycles"))
    for word in [
      "last size → shown", "cause → shown", "settle wait", "pagination", "p50", "p90", "p99", "max",
    ] {
      #expect(table.contains(word))
    }
    #expect(table.contains("     20.00     30.00     30.00     30.00"))
  }

  @Test("compare flags growth beyond both thresholds only")
  func compare() {
    let base = LatencyReport(records: Self.records)
    #expect(!LatencyComparison(base: base, new: base).hasRegression)
    // +25 % pagination on rotation: 20 → 25 ms p50.
    let slower = LatencyReport(
      records: Self.records.map { r in
        var r = r
        r.paginationMs *= 1.25
        r.shown = r.settled + r.paginationMs
        return r
      })
    let diff = LatencyComparison(base: base, new: slower, thresholdPercent: 10, minimumDeltaMs: 1)
    #expect(diff.hasRegression)
    let row = diff.rows.first {
      $0.scope == .cause(.rotation) && $0.metric == .pagination && $0.stat == .p50
    }
    #expect(row?.delta == 5)
    #expect(row?.percent == 25)
    #expect(row?.regression == true)
    #expect(!LatencyComparison(base: base, new: slower, thresholdPercent: 30).hasRegression)
    #expect(
      !LatencyComparison(base: base, new: slower, thresholdPercent: 10, minimumDeltaMs: 10)
        .hasRegression)
    // Faster is never a regression.
    #expect(!LatencyComparison(base: slower, new: base).hasRegression)
    #expect(diff.table().contains("REGRESSION"))
  }

  @Test("a superseded record is counted as a cycle but in no latency: it was never shown")
  func superseded() {
    // A layout replaced before it was paginated: no shown, a long settle wait (it waited
    // behind a busy reader) and nothing paginated. Were it measured, settle wait would reach
    // 900 ms and pagination would drop to 0.
    var replaced = Self.record("rotation", settled: 1000, ms: 0)
    replaced.cache = .superseded
    replaced.shown = nil
    let report = LatencyReport(records: Self.records + [replaced])
    let rotation = report.causes[0]
    #expect(rotation.records == 4)
    #expect(rotation.superseded == 1)
    #expect(report.overall.superseded == 1)
    #expect(report.overall.records == 5)
    // The figures are those of the report without it.
    let without = LatencyReport(records: Self.records)
    #expect(rotation.metrics == without.causes[0].metrics)
    #expect(report.overall.metrics == without.overall.metrics)
    #expect(rotation.metrics[.settleWait]?.max == 200)
    #expect(rotation.metrics[.pagination]?.count == 3)
    #expect(report.table().contains("rotation — 4 cycles (1 superseded: never shown, in no figure below)"))
    #expect(report.json().contains(#""cause":"rotation","records":4,"superseded":1,"#))
  }

  @Test("a skip record keeps counting: the page was right, the wait was real, pagination 0")
  func skip() {
    var unchanged = Self.record("rotation", settled: 300, ms: 0)
    unchanged.cache = .skip
    unchanged.shown = 300
    let rotation = LatencyReport(records: Self.records + [unchanged]).causes[0]
    #expect(rotation.superseded == 0)
    #expect(
      rotation.metrics[.pagination] == LatencyReport.Summary(count: 4, min: 0, p50: 10, p90: 30, p99: 30, max: 30))
    #expect(rotation.metrics[.causeToShown]?.min == 300)
  }

  @Test("causes found in one report only are noted, not compared")
  func unmatched() {
    let base = LatencyReport(records: Self.records)
    let new = LatencyReport(records: Self.records + [Self.record("split")])
    let diff = LatencyComparison(base: base, new: new)
    #expect(diff.unmatched == ["split: only in NEW (1 cycles)"])
    #expect(!diff.rows.contains { $0.scope == .cause(.split) })
  }
}
