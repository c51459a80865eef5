import AppLogs
import TestSupport
import Testing

/// Linear where a user makes an app log grow: four times the unknown fields in a line cost at
/// most five times the CPU (`Scaling`), and the warnings about them stop at 20.
@Suite("App-log scaling")
struct AppLogScalingTests {
  /// The issue's case: each unknown field was looked for again in the line, and warned about
  /// without end: 40,000 took 70 s.
  @Test("an app-log line with ×4 unknown fields costs at most ×6, and its warnings stop at 20")
  func appLogFields() throws {
    let sync = #"{"t":0,"type":"sync","scriptTime":0}"#
    let growth = Scaling.measure(
      base: 8_000,
      prepare: { n in
        let fields = (0..<n).map { "\"field\($0)\":1" }.joined(separator: ",")
        return Array(
          (sync + "\n" + #"{"t":1,"type":"frame","width":382,"height":620"# + (n > 0 ? "," : "") + fields + "}\n").utf8)
      },
      { bytes in
        _ = try? AppLog.decode(bytes, file: "app.jsonl", textLength: 100)
      })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
    let fields = (0..<100).map { "\"field\($0)\":1" }.joined(separator: ",")
    let log = try AppLog.decode(
      Array((sync + "\n" + #"{"t":1,"type":"frame","width":382,"height":620,"# + fields + "}\n").utf8),
      file: "app.jsonl",
      textLength: 100)
    #expect(log.warnings.count == 21)
    #expect(log.warnings.last == "app.jsonl: warning: 80 more unknown fields and event types not listed")
  }
}
