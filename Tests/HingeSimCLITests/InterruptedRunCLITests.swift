import EventStream
import TestSupport
import Testing

/// A run cut short ends with an end marker, settles nothing that did not settle, closes the
/// records of the settles the reader never answered as `interrupted`, and reports count those
/// apart (docs/stream.md, the end of a run cut short).
@Suite("Runs cut short")
struct InterruptedRunCLITests {
  /// The closed phone settles at 200 and is paginated until 600 (400 ms a layout); a text size
  /// at 300 settles at 500 and waits; the phone starts opening at 620; the run ends at 650.
  static let trace = """
    {"t":0,"type":"hinge","angle":0}
    {"t":300,"type":"textSize","size":"xLarge"}
    {"t":620,"type":"hinge","angle":90}
    {"t":650,"type":"end","reason":"interrupted"}
    {"t":700,"type":"hinge","angle":180}

    """

  @Test("a trace's end marker ends the run: nothing settles after it, the unanswered settle is interrupted")
  func endMarkerInATrace() {
    let path = TestSupport.temporaryFile(Self.trace)
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "400"])
    #expect(run.code == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.last == #"{"t":650,"type":"end","reason":"interrupted"}"#)
    // The burst that began at 620 never settles, and the hinge sample after the end is not read.
    #expect(lines.filter { $0.contains(#""type":"settled""#) }.count == 2)
    #expect(!lines.contains { $0.contains(#""t":700"#) })
    let timing = lines.filter { $0.contains(#""type":"timing""#) }
    #expect(timing.count == 2)
    // The text size's settle (500) was being paginated (600–1000) when the run ended at 650.
    #expect(
      timing.last
        == #"{"t":650,"type":"timing","cause":"text size","causeTime":300,"firstChange":300,"lastChange":300,"firstSize":null,"lastSize":null,"sizes":0,"settled":500,"queuedMs":150,"paginationMs":0,"computeClock":"","cache":"interrupted","pageCount":0,"characters":0,"shown":null,"lastSizeToShownMs":null,"causeToShownMs":null,"settleWaitMs":200,"lateStartMs":0,"paginatedToShownMs":0,"paintedMs":null}"#,
      "\(timing)")
    // simulate passes the marker on, and read ends where it says: run = simulate | read.
    let simulated = CLIHarness.run(["simulate", path])
    #expect(simulated.stdout.hasSuffix(#"{"t":650,"type":"end","reason":"interrupted"}"# + "\n"))
    let read = CLIHarness.run(["read", TestSupport.temporaryFile(simulated.stdout), "--compute-ms", "400"])
    #expect(read.stdout == run.stdout)
  }

  @Test("report counts interrupted cycles apart, in no figure")
  func reportCountsThemApart() throws {
    let path = TestSupport.temporaryFile(Self.trace)
    let text = CLIHarness.run(["report", path, "--compute-ms", "400"])
    #expect(text.code == 0, "\(text.stderr)")
    #expect(
      text.stdout.contains("text size — 1 cycle (1 interrupted by the run's end: never shown, in no figure below)"),
      "\(text.stdout)")
    let json = CLIHarness.run(["report", path, "--compute-ms", "400", "--json"])
    let report = try JSONValue.parse(Array(json.stdout.utf8))
    #expect(report["overall"]?["records"] == .number(2))
    #expect(report["overall"]?["interrupted"] == .number(1))
    #expect(report["overall"]?["superseded"] == .number(0))
    #expect(report["overall"]?["metrics"]?["causeToShown"]?["count"] == .number(1))
  }
}
