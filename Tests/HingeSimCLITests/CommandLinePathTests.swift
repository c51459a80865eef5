import EventStream
import Foundation
import Platform
import TestSupport
import Testing

/// Behaviour only the command line reaches, one named test each: the paths, record fields and
/// agreements that a module's own tests cannot see (issue 24's survivors: bugs that changed
/// what a user sees and that no test caught).
@Suite("Command-line paths")
struct CommandLinePathTests {
  static func lines(_ text: String, _ type: String) -> [Substring] {
    text.split(separator: "\n").filter { $0.contains(#""type":"\#(type)""#) }
  }

  /// The phone held upside down, then turned to landscape right: the fold's region is the
  /// mirror of the usual one; `read` must place the pages around it as `run` does, right to left.
  @Test("read of a stream with a mirrored fold, right to left, equals run")
  func mirroredFold() {
    let script =
      "start 180deg portraitUpsideDown\nwait 400ms\nrotate landscapeRight\nwait 600ms\nturn next\nwait 300ms\n"
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "1", "--direction", "rtl"])
    let stream = TestSupport.temporaryFile(CLIHarness.run(["simulate", path]).stdout)
    let read = CLIHarness.run(["read", stream, "--compute-ms", "1", "--direction", "rtl"])
    #expect(run.code == 0 && read.code == 0, "\(run.stderr)\(read.stderr)")
    #expect(read.stdout == run.stdout)
    #expect(!run.stdout.contains(#""type":"violation""#))
    // The spread in rtl: its first page right of the fold (x 455.5 + 40), the second left of it.
    let spread = Self.lines(run.stdout, "shown").first { $0.contains(#""layout":"spread""#) }
    let frames = spread.flatMap { try? JSONValue.parse(Array($0.utf8)) }?["frames"]
    guard case .array(let pair)? = frames, pair.count == 2, case .number(let first)? = pair[0]["x"],
      case .number(let second)? = pair[1]["x"]
    else {
      Issue.record("no spread: \(spread ?? "")")
      return
    }
    #expect(first >= 495.5 && second < 455.5, "\(spread ?? "")")
  }

  /// A `run --chapters --json` stream read again with `--chapters`: the reader's own lines are
  /// skipped and made again, the same.
  @Test("read --chapters of a run --chapters stream gives that stream again")
  func readChaptersOfARunChaptersStream() {
    let path = TestSupport.temporaryFile(
      "start 180deg\nwait 300ms\nopen-chapter 3\nwait 400ms\nturn next\nwait 10ms\nsidebar show\nwait 500ms\nback\nwait 100ms\n",
      suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "300", "--chapters"])
    #expect(run.code == 0, "\(run.stderr)")
    let read = CLIHarness.run(["read", TestSupport.temporaryFile(run.stdout), "--compute-ms", "300", "--chapters"])
    #expect(read.code == 0, "\(read.stderr)")
    #expect(read.stdout == run.stdout)
    #expect(Self.lines(run.stdout, "shown").last?.contains(#""chapter":3"#) == true)
  }

  /// A knob turned up slowly to half way, then 5 fast clicks up and 5 as fast down: with
  /// acceleration the fast turn gains as much going down as going up, so the hinge comes back
  /// to where the fast turn began.
  @Test("knob --acceleration: turning back as fast as forward comes back to the same angle")
  func accelerationTurningBack() throws {
    let bundled = try String(contentsOfFile: TestSupport.packageRoot + "/traces/knob-powermate.evemu", encoding: .utf8)
    let header = bundled.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("E:") }
    var events: [String] = []
    var time = 0.0
    func click(_ value: Int, after ms: Double) {
      time += ms
      let stamp = String(format: "%.6f", time / 1000)
      events.append("E: \(stamp) 0002 0007 \(String(format: "%04d", value))")
      events.append("E: \(stamp) 0000 0000 0000")
    }
    for i in 0..<47 { click(1, after: i == 0 ? 0 : 100) }  // slowly: no gain, 47 of ~94 clicks: half way
    let halfWay = time
    for _ in 0..<5 { click(2, after: 8) }
    for _ in 0..<5 { click(-2, after: 8) }
    click(0, after: 500)  // nothing moves; the run goes on past the last click
    let evemu = TestSupport.temporaryFile(
      header.joined(separator: "\n") + "\n" + events.joined(separator: "\n") + "\n", suffix: ".evemu")
    let knob = CLIHarness.run(["knob", "--replay", evemu, "--acceleration", "1", "--speed", "100", "--json"])
    #expect(knob.code == 0, "\(knob.stderr)")
    let angles = Self.lines(knob.stdout, "hinge").compactMap { line -> (Double, Double)? in
      guard let value = try? JSONValue.parse(Array(line.utf8)), case .number(let t)? = value["t"],
        case .number(let a)? = value["angle"]
      else { return nil }
      return (t, a)
    }
    let before = angles.last { $0.0 <= halfWay }?.1
    let after = angles.last?.1
    #expect(
      before != nil && before == after,
      "half way \(String(describing: before)), after the fast turn \(String(describing: after))")
    #expect(angles.contains { $0.0 > halfWay && $0.1 > (before ?? 180) + 10 }, "the fast turn gained nothing")
  }

  /// The full-screen view plays through the live loop; its `--record` file replays to the
  /// stream `run --json` prints (it was dropped: `run --view` built the knob's options without it).
  @Test("run --view --record writes the recording, which replays to run's stream")
  func viewKeepsTheRecording() {
    let path = TestSupport.temporaryFile(
      "start closed\nwait 300ms\nopen to 180 over 300ms\nwait 800ms\n", suffix: ".hinge")
    let record = temporaryPath("view-record.jsonl")
    let view = CLIHarness.run(["run", path, "--view", "--speed", "100", "--compute-ms", "1", "--record", record])
    #expect(view.code == 0, "\(view.stderr)")
    let replay = CLIHarness.run(["run", record, "--json", "--compute-ms", "1"])
    #expect(replay.code == 0, "\(replay.stderr)")
    #expect(replay.stdout == CLIHarness.run(["run", path, "--json", "--compute-ms", "1"]).stdout)
  }

  /// A text size and its undo 50 ms apart settle unchanged at 550 while the first layout is
  /// paginated until 600: the skip waits 50 ms, and its record says so and when it was answered.
  @Test("a skip queued behind the busy reader: its record's queuedMs and shown are the answer's")
  func skipQueuedBehindTheReader() {
    let path = TestSupport.temporaryFile(
      "start closed\nwait 300ms\ntext-size xLarge\nwait 50ms\ntext-size large\nwait 1s\n", suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "400"])
    #expect(
      Self.lines(run.stdout, "skipped")
        == [
          #"{"t":600,"type":"skipped","settled":550,"reason":"unchanged","pageWidth":342,"pageHeight":580,"textSize":"large"}"#
        ])
    let record = Self.lines(run.stdout, "timing").last
    #expect(
      record?.contains(#""settled":550,"queuedMs":50,"paginationMs":0,"computeClock":"","cache":"skip""#) == true,
      "\(record ?? "")")
    #expect(
      record?.contains(
        #""pageCount":54,"characters":0,"shown":600,"lastSizeToShownMs":null,"causeToShownMs":300,"settleWaitMs":200,"lateStartMs":0,"paginatedToShownMs":0,"paintedMs":null}"#)
        == true, "\(record ?? "")")
  }

  /// With the fold at zero width when flat, folding from flat to book changes only the fold's
  /// frame (at the status change, 1660 ms): a cycle whose first and last change are that, with
  /// no size.
  @Test("a fold-only cycle under --division-when-flat zero-when-flat: first and last change at the fold, no size")
  func foldOnlyCycle() {
    let path = TestSupport.temporaryFile(
      "start closed\nwait 300ms\nopen to 180 over 300ms\nwait 1s\nfold to 110 over 100ms\nwait 1s\n", suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "1", "--division-when-flat", "zero-when-flat"])
    #expect(run.code == 0, "\(run.stderr)")
    let regions = Self.lines(run.stdout, "regions").last
    #expect(regions?.hasPrefix(#"{"t":1660,"#) == true, "\(regions ?? "")")
    let record = Self.lines(run.stdout, "timing").last
    #expect(
      record?.contains(
        #""cause":"status fullyOpen→partiallyOpen","causeTime":1660,"firstChange":1660,"lastChange":1660,"firstSize":null,"lastSize":null,"sizes":0,"settled":1860,"#
      ) == true, "\(record ?? "")")
  }

  /// The sidebar's and a chapter's re-settles change no size and do not wait: sizes 0, wait 0.
  @Test("the navigation stage's re-settles: no sizes, no wait")
  func navigationResettles() {
    let path = TestSupport.temporaryFile(
      "start 180deg\nwait 300ms\nsidebar show\nwait 100ms\nopen-chapter 2\nwait 1s\n", suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--json", "--compute-ms", "1", "--chapters"])
    let resettles = Self.lines(run.stdout, "settled").filter {
      $0.contains(#""cause":"sidebar""#) || $0.contains(#""cause":"chapter""#)
    }
    #expect(resettles.count == 2)
    for line in resettles { #expect(line.contains(#""sizes":0,"changed":true,"#), "\(line)") }
    let records = Self.lines(run.stdout, "timing").filter {
      $0.contains(#""cause":"sidebar""#) || $0.contains(#""cause":"chapter""#)
    }
    #expect(records.count == 2)
    for line in records {
      #expect(line.contains(#""sizes":0,"#) && line.hasSuffix(#""settleWaitMs":0,"lateStartMs":0,"paginatedToShownMs":0,"paintedMs":null}"#), "\(line)")
    }
  }

  /// `run` checks a script against the text; `simulate` has none and passes the id on; `read`
  /// checks the stream against the text as `run` does: both exit 65 (read gave a warning and 0).
  @Test("openChapter past the text's chapters: run and simulate | read both exit 65")
  func runAndReadAgreeOnOpenChapter() {
    let path = TestSupport.temporaryFile("start closed\nwait 300ms\nopen-chapter 9\nwait 1s\n", suffix: ".hinge")
    let run = CLIHarness.run(["run", path, "--compute-ms", "1"])
    #expect(run.code == 65 && run.stderr.contains("expected a chapter id from 1 to 5"), "\(run.stderr)")
    let simulated = CLIHarness.run(["simulate", path])
    #expect(simulated.code == 0)
    let read = CLIHarness.run(["read", TestSupport.temporaryFile(simulated.stdout), "--compute-ms", "1"])
    #expect(read.code == 65 && read.stderr.contains("expected a chapter id from 1 to 5"), "\(read.stderr)")
  }

  /// Device-model reports with and without `--chapters` measured different things (the chapter
  /// reader charges each chapter's characters): they must not compare as the same inputs
  /// (they did, with exit 0 one way and 27 false "regressions" the other).
  @Test("reports with and without --chapters do not compare as the same inputs")
  func chaptersIsAReportInput() {
    let whole = CLIHarness.run(["report", "traces/library-tour.hinge", "--compute-model", "device", "--json"])
    let chapters = CLIHarness.run([
      "report", "traces/library-tour.hinge", "--compute-model", "device", "--json", "--chapters",
    ])
    let a = temporaryPath("whole.json")
    let b = temporaryPath("chapters.json")
    writeFile(a, Array(whole.stdout.utf8))
    writeFile(b, Array(chapters.stdout.utf8))
    for (base, new) in [(a, b), (b, a)] {
      let compare = CLIHarness.run(["report", "--compare", base, new])
      #expect(compare.code == 65, "\(compare.stdout)")
      #expect(compare.stderr.contains("chapters (--chapters): base "), "\(compare.stderr)")
    }
  }
}
