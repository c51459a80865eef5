import Testing

@testable import EventStream
@testable import Timing

@Suite("Merging latency reports")
struct LatencyReportMergeTests {
  static let producer = ReportProducer(version: "1.0", cores: 2, operatingSystem: "Linux")

  static func inputs(_ sources: [String], settle: Double = 200) -> ReportInputs {
    ReportInputs(
      profile: .init(name: "iphone-duo", hash: "0123456789abcdef"),
      text: .init(name: "texts/sample-chapter.txt", utf16Length: 100, hash: "fedcba9876543210"),
      settleWindowMs: settle, computeModel: "fixed:5",
      sources: sources.map { .init(path: $0, hash: String(repeating: "a", count: 15) + String($0.count % 10)) })
  }

  static let run = LatencyReport.RunFacts(settleFromOption: false, readerMeasured: true, skippedLines: 0)

  /// Pagination times 1…100 ms: shard A holds the 90 smallest, B the 10 largest. The merged
  /// p50 and p90 are 50 and 90 (nearest rank over all 100); no figure of either shard is.
  static func records(_ values: ClosedRange<Int>) -> [TimingRecord] {
    values.map { LatencyReportTests.record(["rotation", "text size"][$0 % 2], ms: Double($0)) }
  }

  static func shard(_ name: String, _ values: ClosedRange<Int>, settle: Double = 200) -> (String, LatencyReport) {
    (
      name,
      LatencyReport(
        records: records(values), producer: producer, inputs: inputs([name + ".jsonl"], settle: settle), run: run)
    )
  }

  @Test("percentiles are the nearest rank over every shard's records, as one report of them all")
  func exactPercentiles() throws {
    let merged = try LatencyReport.merge([Self.shard("a", 1...90), Self.shard("b", 91...100)], producer: Self.producer)
    let pagination = try #require(merged.overall.metrics[.pagination])
    #expect(pagination == LatencyReport.Summary(count: 100, min: 1, p50: 50, p90: 90, p99: 99, max: 100))
    let whole = LatencyReport(
      records: Self.records(1...100), producer: Self.producer, inputs: Self.inputs(["a.jsonl", "b.jsonl"]),
      run: Self.run)
    #expect(merged.json() == whole.json())
  }

  @Test("records survive the JSON report exactly and are checked against its figures")
  func recordsRoundTrip() throws {
    var report = LatencyReport(
      records: Self.records(1...30) + [LatencyReportTests.record("rotation", ms: 0.1 + 0.2)],
      producer: Self.producer, inputs: Self.inputs(["a.jsonl"]), run: Self.run)
    report.measurements![3].state = .superseded
    report.measurements![3].values = [:]
    report = LatencyReport(
      measurements: report.measurements!, producer: Self.producer, inputs: report.inputs, run: Self.run)
    let back = try LatencyReport(json: Array(report.json().utf8))
    #expect(back == report)
    #expect(back.measurements?[30].values[.pagination] == 0.1 + 0.2)

    // Records edited so that the figures they give (text size's largest pagination) are not the
    // report's own: read as they are, refused by a merge.
    let edited = try LatencyReport(
      json: Array(
        report.json().replacingOccurrences("\"pagination\":29,\"lateStart\"", "\"pagination\":29.5,\"lateStart\"").utf8)
    )
    #expect(edited.measurements != report.measurements)
    do {
      _ = try LatencyReport.merge([("edited.json", edited)], producer: Self.producer)
      Issue.record("merged")
    } catch {
      #expect(error.description.contains("edited.json: its records do not give its own figures"))
    }
  }

  @Test("shards of different inputs, without records or sharing a source are refused, each reason named")
  func refusals() throws {
    #expect(throws: ReportMergeError.self) {
      try LatencyReport.merge([Self.shard("a", 1...5), Self.shard("b", 6...9, settle: 150)], producer: Self.producer)
    }
    do {
      _ = try LatencyReport.merge(
        [Self.shard("a", 1...5), Self.shard("b", 6...9, settle: 150), Self.shard("a", 10...12)],
        producer: Self.producer)
      Issue.record("merged")
    } catch {
      #expect(error.description.contains("settle window: base 200 ms, new 150 ms"))
      #expect(error.description.contains("a.jsonl is in both a and a"))
    }
    var old = Self.shard("b", 6...9)
    old.1.measurements = nil
    #expect(throws: ReportMergeError.self) {
      try LatencyReport.merge([Self.shard("a", 1...5), old], producer: Self.producer)
    }
    var newer = Self.shard("b", 6...9)
    newer.1.producer?.version = "2.0"
    #expect(throws: ReportMergeError.self) {
      try LatencyReport.merge([Self.shard("a", 1...5), newer], producer: Self.producer)
    }
  }

  @Test("the merged report names the shards' host, or the merging one when the hosts differ")
  func hosts() throws {
    let here = ReportProducer(version: "1.0", cores: 64, operatingSystem: "Linux")
    let same = try LatencyReport.merge([Self.shard("a", 1...5), Self.shard("b", 6...9)], producer: here)
    #expect(same.producer == Self.producer)
    var other = Self.shard("b", 6...9)
    other.1.producer?.cores = 8
    let mixed = try LatencyReport.merge([Self.shard("a", 1...5), other], producer: here)
    #expect(mixed.producer == here)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
