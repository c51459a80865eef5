import Foundation
import Platform
import TestSupport
import Testing

@testable import EventStream

@Suite("run, read and check")
struct ReadEquivalenceTests {
  @Test("simulate | read equals run --json, byte for byte (compute time pinned)")
  func simulateReadEqualsRun() {
    let sources = Directory.files(in: TestSupport.packageRoot + "/traces").sorted().map { "traces/" + $0 }
    #expect(sources.count >= 15)
    for source in sources {
      let simulated = CLIHarness.run(["simulate", source])
      #expect(simulated.code == 0, "\(source): \(simulated.stderr)")
      let stream = TestSupport.temporaryFile(simulated.stdout)
      let read = CLIHarness.run(["read", stream, "--compute-ms", "3", "--offset", "20000"])
      let run = CLIHarness.run(["run", source, "--json", "--compute-ms", "3", "--offset", "20000"])
      #expect(read.code == 0 && run.code == 0, "\(source): \(read.stderr) \(run.stderr)")
      #expect(read.stdout == run.stdout, "\(source)")
      #expect(run.stdout.contains("\"type\":\"shown\""))
    }
  }

  /// The none profile's stream holds `{"hinge":null}`; read must decode it and agree with run.
  @Test("without a hinge: simulate | read equals run, and the stream says hinge null once")
  func noHingeReadEqualsRun() {
    let simulated = CLIHarness.run(["simulate", "traces/open-wide.jsonl", "--profile", "none"])
    #expect(simulated.code == 0, "\(simulated.stderr)")
    let hingeLines = simulated.stdout.split(separator: "\n").filter { $0.contains(#""type":"hinge""#) }
    #expect(hingeLines == [#"{"t":0,"type":"hinge","hinge":null}"#])
    let stream = TestSupport.temporaryFile(simulated.stdout)
    let read = CLIHarness.run(["read", stream, "--profile", "none", "--compute-ms", "3"])
    let run = CLIHarness.run(["run", "traces/open-wide.jsonl", "--profile", "none", "--json", "--compute-ms", "3"])
    #expect(read.code == 0 && run.code == 0, "\(read.stderr) \(run.stderr)")
    #expect(read.stdout == run.stdout)
  }

  @Test("run prints a readable timeline with pagination and shown pages")
  func timeline() {
    let r = CLIHarness.run(["run", "traces/open-wide.jsonl", "--compute-ms", "2"])
    #expect(r.code == 0)
    #expect(r.stdout.contains("pose       closed (portrait)"))
    #expect(r.stdout.contains("settled    867×611 large, fold active, 7 sizes"))
    #expect(r.stdout.contains("paginated  "))
    #expect(r.stdout.contains("shown      spread pages 1–2 of "))
  }

  @Test("check passes clean sources and reports missing ones")
  func check() {
    let ok = CLIHarness.run(["check", "traces/open-wide.jsonl", "traces/fold-book.csv"])
    #expect(ok.code == 0, "\(ok.stdout)")
    #expect(ok.stdout.hasSuffix("2 passed, 0 failed\n"))
    let missing = CLIHarness.run(["check", "traces/open-wide.jsonl", "/nonexistent.jsonl"])
    #expect(missing.code == 66)
    #expect(
      missing.stdout.contains("ERROR /nonexistent.jsonl: /nonexistent.jsonl: cannot open: No such file or directory"))
  }

  @Test("bad input: exit codes and messages")
  func badInput() {
    let bad = TestSupport.temporaryFile(
      "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\n{\"t\":10,\"type\":\"hinge\",\"angle\":\"x\"}\n")
    let r = CLIHarness.run(["simulate", bad])
    #expect(r.code == 65)
    #expect(r.stderr.contains("\(bad):2:32: expected a number for 'angle' (degrees), found '\"x\"}'"))
    #expect(r.stderr.contains("the output stops after"))
    #expect(r.stdout.contains("\"type\":\"pose\""))  // what was recorded before the error is kept
    #expect(CLIHarness.run(["simulate", "/nonexistent.jsonl"]).code == 66)
    #expect(CLIHarness.run(["simulate"]).code == 64)
    #expect(CLIHarness.run(["simulate", bad, "--bogus"]).code == 64)
    #expect(CLIHarness.run(["frobnicate"]).code == 64)
    let lenient = CLIHarness.run(["simulate", bad, "--lenient"])
    #expect(lenient.code == 0)
    #expect(lenient.stderr.contains("skipped 1 bad line(s)"))
  }

  @Test("profiles lists and validates")
  func profiles() {
    let list = CLIHarness.run(["profiles"])
    #expect(list.code == 0)
    #expect(list.stdout.contains("iphone-duo  hinge 0–180°, settle 200 ms"))
    #expect(list.stdout.contains("none  no hinge"))
    let broken = TestSupport.temporaryFile(
      #"{"name": "x", "hinge": null, "poses": {"closed": {"display": "outer", "reader": {"width": "wide", "height": 1, "source": "measured: x"}}}}"#,
      suffix: ".json")
    let r = CLIHarness.run(["profiles", "--check", broken])
    #expect(r.code == 65)
    #expect(r.stderr.contains(#"poses.closed.reader.width: expected a positive number, found "wide""#))
  }
}

@Suite("check on the bundled scenarios")
struct CheckBundledTests {
  /// Every source in traces/ (scripts, JSON Lines, CSV, both knob recording formats), with the
  /// profile's settle window and with shorter ones, down to the shortest the profile allows
  /// (just past its 75-ms burst gap; a window inside a burst is refused since issue 27). All
  /// four windows take about 1 s together.
  @Test("every bundled source passes check, whatever the settle window", arguments: [76, 100, 150, 200])
  func bundled(settleMs: Int) {
    let files = Directory.files(in: TestSupport.packageRoot + "/traces").sorted().map { "traces/" + $0 }
    #expect(files.count >= 18)
    let r = CLIHarness.run(["check"] + files + ["--settle-ms", "\(settleMs)", "--compute-ms", "1"])
    #expect(r.code == 0, "\(r.stdout)")
    #expect(r.stdout.hasSuffix("\(files.count) passed, 0 failed\n"), "\(r.stdout)")
  }
}

@Suite("check fails on violations")
struct CheckFailsTests {
  /// The bundled profile with an open-wide reader 555.5 pt wide: 555.5 − 495.5 − 2 × 20 =
  /// 20-pt pages beside the fold. At AX5 a "W" is wider than the page and its 20-pt fold inset
  /// together, so the leading page's lines run into the fold: a real crossing.
  static func narrowProfile() throws -> String {
    let original = String(
      decoding: try FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json"), as: UTF8.self)
    let needle =
      #""reader": { "width": 867, "height": 611, "source": "measured: the reference reader's frame held wide (the device study); the bar takes 84 pt" }"#
    #expect(original.contains(needle))
    return TestSupport.temporaryFile(
      original.replacingOccurrences(
        of: needle,
        with:
          #""reader": { "width": 555.5, "height": 611, "source": "measured: the reference reader's frame held wide (the device study); the bar takes 84 pt" }"#
      ),
      suffix: ".json")
  }

  static let wideGlyphs = TestSupport.temporaryFile(String(repeating: "WWW ", count: 40) + "\n", suffix: ".txt")
  static let openWideAX5 = TestSupport.temporaryFile(
    "start openWide portrait\ntext-size AX5\nwait 500ms\n", suffix: ".hinge")

  @Test("text running into the fold a spread splits at makes check exit 1")
  func foldCrossed() throws {
    let r = CLIHarness.run(
      [
        "check", Self.openWideAX5, "traces/fold-book.csv", "--profile", try Self.narrowProfile(), "--text",
        Self.wideGlyphs,
      ])
    #expect(r.code == 1)
    #expect(r.stdout.contains("FAIL  \(Self.openWideAX5): 1 violation"))
    #expect(r.stdout.contains("fold-clear: page 1 line 1 crosses the fold at x 455.5, y 0"))
    #expect(r.stdout.hasSuffix("1 passed, 1 failed\n"))
  }

  @Test("a profile whose open-wide fold does not run the reader's height is refused (it would never be split at)")
  func brokenProfile() throws {
    let original = String(
      decoding: try FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json"), as: UTF8.self)
    let needle =
      #""division": { "x": 455.5, "y": 0, "width": 40, "height": 611, "source": { "x": "measured: the fold sits"#
    #expect(original.contains(needle))
    let broken = original.replacingOccurrences(
      of: needle,
      with: #""division": { "x": 455.5, "y": 10, "width": 40, "height": 590, "source": { "x": "measured: the fold sits"#
    )
    let path = TestSupport.temporaryFile(broken, suffix: ".json")
    let r = CLIHarness.run(["check", "traces/open-wide.hinge", "traces/fold-book.csv", "--profile", path])
    #expect(r.code == 65)
    #expect(r.stderr.contains("poses.openWide.division: expected a fold from the reader's top to its bottom"))
  }
}
