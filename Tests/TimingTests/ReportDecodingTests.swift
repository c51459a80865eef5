import Testing

@testable import EventStream
@testable import Timing

/// `report --compare` reads reports people pass it; out-of-range numbers are errors, never a
/// trap (found by the report fuzz target).
@Suite struct ReportDecodingTests {
  static func report(count: String, p90: String = "1") -> [UInt8] {
    let metrics = #"{"causeToShown":{"count":\#(count),"min":1,"p50":1,"p90":\#(p90),"p99":1,"max":1}}"#
    return Array(
      #"{"format":"hingesim-latency-report","version":1,"overall":{"cause":"overall","records":1,"metrics":\#(metrics)},"causes":[]}"#
        .utf8)
  }

  @Test("a count beyond 2^53 or a fraction is refused with the key", arguments: ["1e19", "1e999", "-1", "2.5"])
  func badCount(_ count: String) {
    #expect(throws: ReportDecodingError.self) { try LatencyReport(json: Self.report(count: count)) }
  }

  @Test("a figure beyond the Double range is refused, not read as infinity")
  func infiniteFigure() {
    #expect(throws: ReportDecodingError.self) { try LatencyReport(json: Self.report(count: "1", p90: "2e308")) }
  }

  @Test("a valid report still reads")
  func valid() throws {
    let report = try LatencyReport(json: Self.report(count: "1"))
    #expect(report.overall.metrics[.causeToShown]?.count == 1)
  }
}
