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

  /// A version-2 report with three causes, for editing one field at a time.
  static func current() -> String {
    let record = { (cause: String) in
      TimingRecord(
        cycle: SettleCycle(
          cause: SettleCause(name: cause)!, causeTime: 0, firstChange: 50, lastChange: 100, firstSize: 50,
          lastSize: 100), sizes: 7, settled: 300,
        paginationMs: 10, cache: .miss, pageCount: 48, characters: 44_500, shown: 310)
    }
    return LatencyReport(
      records: [record("initial"), record("rotation"), record("split")],
      producer: ReportProducer(version: "0.3.0", cores: 2, operatingSystem: "Linux"),
      inputs: ReportInputs(
        profile: .init(name: "iphone-duo", hash: "e8e424b630d42476"),
        text: .init(name: "t.txt", utf16Length: 10, hash: "ffd7e32a8e84e2fe"), settleWindowMs: 200,
        computeModel: "fixed:5", sources: [.init(path: "a.hinge", hash: "f3a2d450a7b716d2")])
    ).json()
  }

  static func error(_ json: String) -> String? {
    do {
      _ = try LatencyReport(json: Array(json.utf8))
      return nil
    } catch {
      return error.description
    }
  }

  @Test(
    "a bad or missing field is refused with its JSON path",
    arguments: [
      (
        #""split","records":1,"superseded":0,"interrupted":0,"metrics":{"lastSizeToShown":{"count":1,"min":210,"p50":210,"p90":210"#,
        #""split","records":1,"superseded":0,"interrupted":0,"metrics":{"lastSizeToShown":{"count":1,"min":210,"p50":210,"p90":"x""#,
        #"causes[2].metrics.lastSizeToShown.p90: expected a number, found "x""#
      ),
      (
        #""settleWindowMs":200,"#, "",
        "inputs.settleWindowMs: missing, expected a number"
      ),
      (
        #""hash":"e8e424b630d42476""#, #""hash":12"#,
        "inputs.profile.hash: expected a string, found 12"
      ),
      (
        #""hash":"f3a2d450a7b716d2""#, #""hash":"F3A2""#,
        #"inputs.sources[0].hash: expected a content hash (16 lowercase hex digits), found "F3A2""#
      ),
      (
        #""clock":"virtual""#, #""clock":"wall""#,
        #"inputs.clock: expected "virtual" or "realtime" or "stream", found "wall""#
      ),
      (
        #""cause":"rotation","records":1"#, #""cause":"rotation","records":-1"#,
        "causes[1].records: expected a count from 0 to 2^53, found -1"
      ),
      (
        #""cause":"rotation","records":1,"superseded":0"#, #""cause":"rotation","records":1,"superseded":2"#,
        "causes[1].superseded: expected at most the group's 1 records, found 2"
      ),
      (#""violations":[]"#, #""violations":{}"#, "violations: expected an array, found an object"),
      (
        #""version":2"#, #""version":3"#,
        "version: expected report format 1 or 2, found 3 (written by a newer hingesim?)"
      ),
      (#""cores":2"#, #""cores":"two""#, #"hingesim.host.cores: expected a count, found "two""#),
    ])
  func badField(_ original: String, _ replacement: String, _ expected: String) throws {
    let good = Self.current()
    #expect(good.contains(original), "the fixture no longer has \(original)")
    #expect(Self.error(good) == nil)
    #expect(Self.error(good.replacingFirst(original, with: replacement)) == expected)
  }

  @Test("a version-1 report (before reports said what they measured) still reads, without inputs")
  func versionOne() throws {
    let report = try LatencyReport(json: Self.report(count: "1"))
    #expect(report.inputs == nil)
    #expect(report.producer == nil)
    #expect(report.overall.superseded == 0)
  }

  @Test("a valid report still reads")
  func valid() throws {
    let report = try LatencyReport(json: Self.report(count: "1"))
    #expect(report.overall.metrics[.causeToShown]?.count == 1)
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced (Foundation-free).
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var i = startIndex
    while i < endIndex {
      if self[i...].hasPrefix(target) {
        return String(self[..<i]) + replacement + String(self[index(i, offsetBy: target.count)...])
      }
      i = index(after: i)
    }
    return self
  }
}
