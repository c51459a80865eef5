import Foundation
import TestSupport
import Testing

/// Under `--chapters` the chapter reader runs on the app's one main thread: a chapter opened
/// while a pagination is under way waits behind it, and every settle gets its record
/// (docs/timing.md, cycles under slow pagination).
@Suite("Chapters on the one main thread")
struct ChapterThreadCLITests {
  static func lines(_ text: String, type: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains(#""type":"\#(type)""#) }
  }

  /// The stream `run SCRIPT --chapters --json` writes with each pagination charged `computeMs`.
  static func chapterRun(_ script: String, computeMs: Int) -> String {
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--chapters", "--compute-ms", "\(computeMs)", "--json"])
    #expect(run.code == 0, "\(run.stderr)")
    return run.stdout
  }

  /// The initial layout is paginated 200→600; chapter 2 opens at 300 while it runs: its settle
  /// waits 300 ms and is paginated 600→1000 (it was paginated 300→700, queuedMs 0, while the
  /// thread was busy).
  @Test("a chapter opened while the thread is busy queues behind the pagination: queuedMs 300, shown 1000")
  func chapterSettleQueues() {
    let stream = Self.chapterRun("start closed\nwait 300ms\nopen-chapter 2\nwait 2s\n", computeMs: 400)
    let paginated = Self.lines(stream, type: "paginated")
    #expect(paginated.count == 2)
    #expect(paginated.last?.hasPrefix(#"{"t":1000,"#) == true, "\(paginated)")
    #expect(paginated.last?.contains(#""settled":300,"queuedMs":300,"#) == true, "\(paginated)")
    let timing = Self.lines(stream, type: "timing")
    #expect(timing.last?.contains(#""cause":"chapter""#) == true)
    #expect(timing.last?.contains(#""queuedMs":300,"paginationMs":400,"#) == true, "\(timing)")
    #expect(timing.last?.contains(#""shown":1000,"#) == true, "\(timing)")
    let shown = Self.lines(stream, type: "shown")
    #expect(shown.last?.hasPrefix(#"{"t":1000,"#) == true)
    #expect(shown.last?.contains(#""chapter":2"#) == true)
    // The stream's times never go back.
    var last = -1.0
    for line in stream.split(separator: "\n") {
      let t = Double(line.dropFirst(5).prefix { $0 != "," })!
      #expect(t >= last, "\(line)")
      last = t
    }
  }

  /// A turn at 250 and chapter 2 opened at 300, both while the initial layout is paginated
  /// 200→600: the thread takes them in arrival order, so the turn turns chapter 1 (its second
  /// page, shown at 600) before chapter 2 opens; chapter 2's first page follows at 1000.
  @Test("a turn queued before a chapter opens turns the chapter on screen then, not the one opened after it")
  func navigationWaitsItsTurn() {
    let stream = Self.chapterRun(
      "start closed\nwait 250ms\nturn next\nwait 50ms\nopen-chapter 2\nwait 2s\n", computeMs: 400)
    let shown = Self.lines(stream, type: "shown").map { line in
      (
        line.prefix { $0 != "," }, line.contains(#""pages":[0],"#),
        line.range(of: #""chapter":\d+"#, options: .regularExpression).map { line[$0] }
      )
    }
    #expect(shown.count == 3, "\(shown)")
    #expect(shown.map { String($0.0) } == [#"{"t":600"#, #"{"t":600"#, #"{"t":1000"#])
    #expect(shown.map(\.1) == [true, false, true])
    #expect(shown.map { $0.2.map(String.init) } == [#""chapter":1"#, #""chapter":1"#, #""chapter":2"#])
  }

  /// Three settles — the initial layout (200), a text size (500) and chapter 2 (700) — while a
  /// 2-second pagination runs: the text size is superseded by the chapter's settle, and each
  /// gets its record (two records were missing, and `report` counted one cycle).
  @Test("three settles behind a 2-second pagination under --chapters: three records, the middle one superseded")
  func everySettleAnswered() {
    let script = "start closed\nwait 300ms\ntext-size xLarge\nwait 400ms\nopen-chapter 2\nwait 5s\n"
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--chapters", "--compute-ms", "2000", "--json"])
    #expect(run.code == 0, "\(run.stderr)")
    let timing = Self.lines(run.stdout, type: "timing")
    #expect(timing.count == 3, "\(timing)")
    #expect(timing.count == Self.lines(run.stdout, type: "settled").count)
    #expect(timing.map { $0.contains(#""cache":"superseded""#) } == [false, true, false])
    #expect(timing.last?.contains(#""cause":"chapter""#) == true)
    #expect(timing.last?.contains(#""settled":700,"queuedMs":1500,"#) == true, "\(timing)")
    #expect(timing.last?.contains(#""shown":4200,"#) == true)
    let report = CLIHarness.run(["report", path, "--chapters", "--compute-ms", "2000"])
    #expect(report.stdout.hasPrefix("1 source, 3 settle cycles"), "\(report.stdout.prefix(80))")
  }
}
