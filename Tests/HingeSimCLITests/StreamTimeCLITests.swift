import Foundation
import TestSupport
import Testing

/// Times are whole microseconds in every output (docs/stream.md, `StreamTime`), and the
/// record's settle wait is the quiet window after the last layout change (docs/timing.md).
@Suite("Stream times and settle waits on the command line")
struct StreamTimeCLITests {
  /// Waits of a few fractional milliseconds, a burst, a text size and a turn, paginated by the
  /// device model (charges to the microsecond): the hinge policy's 16-ms deadlines after a time
  /// like 77.391 came out as 93.39099999999999 when times were added as plain `Double`s.
  static let script = """
    start closed
    wait 3.3ms
    open to 180 over 333ms
    wait 1.7ms
    text-size small
    wait 4.1ms
    turn next
    wait 2.9ms
    rotate landscapeLeft
    wait 2s
    """

  /// The keys whose values are stream times or durations, ms.
  static let timeKeys = [
    "t", "causeTime", "firstChange", "lastChange", "firstSize", "lastSize", "settled", "queuedMs", "ms",
    "paginationMs", "shown", "lastSizeToShownMs", "causeToShownMs", "settleWaitMs", "lateStartMs", "paginatedToShownMs",
    "paintedMs",
  ]

  /// Every `"key":number` of a time key whose number has more than three decimals.
  static func inexactTimes(in text: String, keys: [String] = timeKeys) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #""(\#(keys.joined(separator: "|")))":(-?[0-9.eE+-]+)"#)
    var found: [String] = []
    let range = NSRange(text.startIndex..., in: text)
    for match in pattern.matches(in: text, range: range) {
      let number = String(text[Range(match.range(at: 2), in: text)!])
      let decimals = number.split(separator: ".").dropFirst().first.map { $0.prefix { $0.isNumber }.count } ?? 0
      if decimals > 3 || number.contains("e") || number.contains("E") {
        found.append(String(text[Range(match.range, in: text)!]))
      }
    }
    return found
  }

  @Test("run --json writes every time and duration to the microsecond, without float noise")
  func streamTimesAreExact() {
    let path = TestSupport.temporaryFile(Self.script, suffix: ".hinge")
    for model in ["device", "fixed:0.7", "fixed:400"] {
      let run = CLIHarness.run(["run", path, "--json", "--compute-model", model])
      #expect(run.code == 0, "\(run.stderr)")
      #expect(Self.inexactTimes(in: run.stdout).isEmpty, "\(model): \(Self.inexactTimes(in: run.stdout).prefix(5))")
      #expect(run.stdout.contains(#""t":93.391,"type":"hinge""#), "the 16-ms hinge deadline after 77.391")
    }
  }

  @Test("report --json and --csv, the Chrome trace and the app log are exact to the microsecond too")
  func reportTraceAndAppLogAreExact() throws {
    let path = TestSupport.temporaryFile(Self.script, suffix: ".hinge")
    let json = CLIHarness.run(["report", path, "--compute-model", "device", "--json"])
    #expect(json.code == 0, "\(json.stderr)")
    let figures = ["min", "p50", "p90", "p99", "max"]
    #expect(Self.inexactTimes(in: json.stdout, keys: figures).isEmpty)
    let csv = CLIHarness.run(["report", path, "--compute-model", "device", "--csv"])
    for field in csv.stdout.split(whereSeparator: { $0 == "," || $0 == "\n" }) {
      let decimals = field.split(separator: ".").dropFirst().first?.count ?? 0
      #expect(decimals <= 3, "CSV field \(field)")
    }
    let trace = temporaryPath("trace.json")
    let traced = CLIHarness.run(["report", path, "--compute-model", "device", "--trace-out", trace])
    #expect(traced.code == 0, "\(traced.stderr)")
    let traceText = try String(contentsOfFile: trace, encoding: .utf8)
    // ts and dur are microseconds: whole numbers.
    #expect(Self.inexactTimes(in: traceText, keys: ["ts", "dur"]).isEmpty)
    #expect(!traceText.contains(#""ts":93390.99"#))
    #expect(traceText.contains(#""ts":93391,"#))
    let log = temporaryPath("app.jsonl")
    let logged = CLIHarness.run(["run", path, "--compute-model", "device", "--emit-app-log", log])
    #expect(logged.code == 0, "\(logged.stderr)")
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    #expect(Self.inexactTimes(in: logText).isEmpty)
  }

  /// A trace's time is resolved to the microsecond when the run takes it: 100.0004 is 100, and
  /// everything computed from it is whole microseconds too.
  @Test("an input time finer than a microsecond is taken to the microsecond")
  func inputTimesAreRounded() {
    let trace = """
      {"t":0,"type":"hinge","angle":0}
      {"t":100.0004,"type":"textSize","size":"xLarge"}
      {"t":150.0005,"type":"mark","label":"m"}

      """
    let run = CLIHarness.run(["run", TestSupport.temporaryFile(trace), "--json", "--compute-ms", "1"])
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.contains(#"{"t":100,"type":"textSize","size":"xLarge"}"#), "\(run.stdout)")
    #expect(run.stdout.contains(#"{"t":150.001,"type":"mark","label":"m"}"#))
    // The text size is the first cycle's last change: it settles the window after it, at 300.
    #expect(run.stdout.contains(#"{"t":300,"type":"settled""#) && run.stdout.contains(#""lastChange":100,"#))
    #expect(Self.inexactTimes(in: run.stdout).isEmpty)
  }

  /// A text size 100 ms after the last size restarts the window: the record's wait is the
  /// window from that change (200), not from the last size (300).
  @Test("settleWaitMs is lastChange → settled, the quiet window, whatever changed the layout last")
  func settleWaitIsTheWindowAfterTheLastChange() {
    let path = TestSupport.temporaryFile("start openTall\nwait 100ms\ntext-size xSmall\nwait 1s\n", suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "1"])
    #expect(run.code == 0, "\(run.stderr)")
    let timing = run.stdout.split(separator: "\n").filter { $0.contains(#""type":"timing""#) }
    #expect(timing.count == 1)
    #expect(timing.first?.contains(#""lastChange":100,"firstSize":0,"lastSize":0"#) == true, "\(timing)")
    #expect(timing.first?.contains(#""settled":300"#) == true)
    #expect(
      timing.first?.contains(#""settleWaitMs":200,"lateStartMs":0,"paginatedToShownMs":0,"paintedMs":null}"#) == true,
      "\(timing)")
  }

  /// Three text sizes 100 ms apart from 300: one cycle caused at 300, settled 200 ms after the
  /// last at 500 — its wait is 200, not the 400 from the cause.
  @Test("a burst of text-size changes waits the window after the last of them")
  func textSizeBurstWaitsTheWindow() {
    let script =
      "start closed\nwait 300ms\ntext-size xLarge\nwait 100ms\ntext-size small\nwait 100ms\ntext-size AX1\nwait 1s\n"
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "1"])
    let textSize = run.stdout.split(separator: "\n").filter {
      $0.contains(#""type":"timing""#) && $0.contains(#""cause":"text size""#)
    }
    #expect(textSize.count == 1, "\(run.stdout)")
    #expect(textSize.first?.contains(#""causeTime":300,"firstChange":300,"lastChange":500,"#) == true, "\(textSize)")
    #expect(textSize.first?.contains(#""settled":700,"#) == true)
    #expect(
      textSize.first?.contains(#""settleWaitMs":200,"lateStartMs":0,"paginatedToShownMs":0,"paintedMs":null}"#) == true,
      "\(textSize)")
    let report = CLIHarness.run(["report", path, "--compute-ms", "1"])
    let waitLines = report.stdout.split(separator: "\n").filter { $0.contains("settle wait") }
    #expect(!waitLines.isEmpty && waitLines.allSatisfy { !$0.contains("400") }, "\(waitLines)")
  }
}
