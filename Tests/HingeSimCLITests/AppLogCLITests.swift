import Foundation
import Platform
import TestSupport
import Testing

/// `run --emit-app-log`, `check --app` and `report --app` (issue 16 parts 1–3): the reader
/// model's own log is a correct app's, and the hand-broken logs each break their one rule.
@Suite("app logs on the command line")
struct AppLogCLITests {
  /// The bundled scenarios, the navigation ones (`library*.hinge`: sidebar and chapter
  /// re-settles, an opened chapter moving the place) among them.
  static let scenarios = Directory.files(in: TestSupport.packageRoot + "/traces").sorted()
    .map { "traces/" + $0 }

  /// The rules in `check --app` output: `        app.jsonl:LINE  T ms  RULE: message`.
  static func rules(_ stdout: String) -> Set<String> {
    var rules: Set<String> = []
    for line in stdout.split(separator: "\n") where line.hasPrefix("        ") {
      guard let ms = line.range(of: " ms  "), let colon = line[ms.upperBound...].firstIndex(of: ":") else { continue }
      rules.insert(String(line[ms.upperBound..<colon]))
    }
    return rules
  }

  @Test(
    "every bundled scenario's own log passes check --app and reports the model's latencies, CSV byte for byte",
    arguments: ["1", "300"])
  func selfTest(computeMs: String) {
    #expect(Self.scenarios.count >= 20)
    #expect(Self.scenarios.contains("traces/library-tour.hinge"))
    for source in Self.scenarios {
      let log = temporaryPath("self-\(computeMs).jsonl")
      let run = CLIHarness.run(["run", source, "--compute-ms", computeMs, "--emit-app-log", log])
      #expect(run.code == 0, "\(source): \(run.stderr)")
      let check = CLIHarness.run(["check", source, "--app", log])
      #expect(check.code == 0, "\(source): \(check.stdout)")
      #expect(check.stdout.hasPrefix("ok    "), "\(source): \(check.stdout)")
      let model = CLIHarness.run(["report", source, "--compute-ms", computeMs, "--csv"])
      let app = CLIHarness.run(["report", source, "--app", log, "--csv"])
      #expect(app.code == 0, "\(source): \(app.stderr)")
      #expect(model.stdout == app.stdout, "\(source)")
      #expect(app.stdout.split(separator: "\n").count > 4)
    }
  }

  @Test(
    "one chapter at a time (--chapters): the model's log of each navigation scenario passes check --app and times as the model",
    arguments: ["1", "300"])
  func chaptersSelfTest(computeMs: String) {
    // Opening a chapter re-settles to the size on screen; the new chapter still needs its
    // pagination, and the place moves to the chapter's start with it.
    for source in ["traces/library.hinge", "traces/library-tour.hinge", "traces/default.hinge"] {
      let log = temporaryPath("chapters-\(computeMs).jsonl")
      let run = CLIHarness.run(["run", source, "--chapters", "--compute-ms", computeMs, "--emit-app-log", log])
      #expect(run.code == 0, "\(source): \(run.stderr)")
      let check = CLIHarness.run(["check", source, "--chapters", "--app", log])
      #expect(check.code == 0, "\(source): \(check.stdout)")
      let model = CLIHarness.run(["report", source, "--chapters", "--compute-ms", computeMs, "--csv"])
      let app = CLIHarness.run(["report", source, "--chapters", "--app", log, "--csv"])
      #expect(model.stdout == app.stdout, "\(source)")
      if source.contains("library") {  // they open chapters: cycles of their own
        #expect(app.stdout.contains("\nchapter,"), "\(source): \(app.stdout)")
      }
    }
  }

  @Test("a reader that ignores the sidebar never answers its re-settle: shown-after-settle at 2300 ms, and only that")
  func sidebarIgnored() {
    let r = CLIHarness.run(["check", "traces/library.hinge", "--app", "docs/app-logs/library-no-sidebar.jsonl"])
    #expect(r.code == 1)
    #expect(Self.rules(r.stdout) == ["shown-after-settle"], "\(r.stdout)")
    #expect(r.stdout.contains("the layout settled at 2300 ms"), "\(r.stdout)")
    // The same log against a script without the sidebar is a correct app's.
    let script = temporaryPath("no-sidebar.hinge")
    let library =
      (try? String(contentsOfFile: TestSupport.packageRoot + "/traces/library.hinge", encoding: .utf8)) ?? ""
    let lines = library.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasPrefix("sidebar show") ? "wait 0ms" : String($0)
    }
    writeFile(script, Array(lines.joined(separator: "\n").utf8))
    #expect(CLIHarness.run(["check", script, "--app", "docs/app-logs/library-no-sidebar.jsonl"]).code == 0)
  }

  @Test("settles queued behind a 1-second pagination: two superseded, one unchanged, timed as the model times them")
  func queuedSettles() {
    // The first layout is paginated from 200 to 1200 ms; the text sizes settle at 450, 700 and
    // 950 meanwhile. At 1200 the first two have a later settle behind them (superseded); the
    // last asks for Large again, the size on screen (unchanged).
    let script = temporaryPath("queued.hinge")
    writeFile(
      script,
      Array(
        "start closed portrait\nwait 250ms\ntext-size xSmall\nwait 250ms\ntext-size AX5\nwait 250ms\ntext-size large\nwait 2s\n"
          .utf8))
    let log = temporaryPath("queued.jsonl")
    #expect(CLIHarness.run(["run", script, "--compute-ms", "1000", "--emit-app-log", log]).code == 0)
    #expect(CLIHarness.run(["check", script, "--app", log]).code == 0)
    let model = CLIHarness.run(["report", script, "--compute-ms", "1000", "--csv"])
    let app = CLIHarness.run(["report", script, "--app", log, "--csv"])
    #expect(model.stdout == app.stdout)
    #expect(app.stdout.contains("text size,causeToShown,1,450,450,450,450,450"), "\(app.stdout)")  // 1200 − 750
    let json = CLIHarness.run(["report", script, "--app", log, "--json"]).stdout
    #expect(json.contains("\"cause\":\"text size\",\"records\":3,\"superseded\":2"), "\(json)")
  }

  @Test(
    "each hand-broken log is caught by exactly its rule",
    arguments: [
      ("traces/default.hinge", "frame-951.jsonl", "frame-matches-pose"),
      ("traces/default.hinge", "transient-pagination.jsonl", "paginate-once-per-settle"),
      ("traces/default.hinge", "early-pagination.jsonl", "paginated-before-settle"),
      ("docs/app-logs/unfold.hinge", "unfold-odd-spread.jsonl", "spread-even"),
      ("traces/default.hinge", "turn-skips-a-spread.jsonl", "turn-one-screen"),
      ("docs/app-logs/unfold.hinge", "turn-on-unfold.jsonl", "turn-not-from-hinge"),
    ])
  func broken(source: String, file: String, rule: String) {
    let r = CLIHarness.run(["check", source, "--app", "docs/app-logs/" + file])
    #expect(r.code == 1)
    #expect(r.stdout.hasPrefix("FAIL  "))
    #expect(Self.rules(r.stdout) == [rule], "\(r.stdout)")
  }

  @Test("the model's own log of docs/app-logs/unfold.hinge (the odd-spread fixture before it was broken) passes")
  func unfoldPasses() {
    let log = temporaryPath("unfold.jsonl")
    #expect(
      CLIHarness.run(["run", "docs/app-logs/unfold.hinge", "--compute-ms", "1", "--emit-app-log", log]).code == 0)
    #expect(CLIHarness.run(["check", "docs/app-logs/unfold.hinge", "--app", log]).code == 0)
  }

  /// DESIGN §6 rule 7: after a turn the place is the first character on screen. The first turn
  /// of the default tour shows pages 3–4 (from 1929); an app that keeps its place at 2500 there
  /// breaks it, though 2500 is on screen.
  @Test("a turn that leaves the place mid-page breaks turn-one-screen")
  func turnReanchors() throws {
    let check = try Self.checkDefault(
      editing: #"{"t":3300,"type":"shown","offset":1929,"#, to: #"{"t":3300,"type":"shown","offset":2500,"#)
    #expect(check.code == 1)
    #expect(Self.rules(check.stdout) == ["turn-one-screen"], "\(check.stdout)")
    #expect(check.stdout.contains("the place is 2500, not the first character on screen (1929)"), "\(check.stdout)")
  }

  /// DESIGN §6 rule 5: a spread's two pages get the narrower region's size. An app whose right
  /// page is its own region's 300 pt while the left is 331.5 breaks layout-matches-fold.
  @Test("a spread of two page sizes breaks layout-matches-fold")
  func spreadPagesOneSize() throws {
    let check = try Self.checkDefault(
      editing: #"{"x":515.5,"y":20,"width":331.5,"height":571}],"notes":"trailing"}"#,
      to: #"{"x":515.5,"y":20,"width":300,"height":571}],"notes":"trailing"}"#)
    #expect(check.code == 1)
    #expect(Self.rules(check.stdout) == ["layout-matches-fold"], "\(check.stdout)")
    #expect(check.stdout.contains("331.5×571 and 300×571"), "\(check.stdout)")
  }

  /// DESIGN §6: a selection is clipped to one page. In traces/notes.hinge the reader keeps 700
  /// to 973, the end of the closed phone's first page; an app that keeps 700 to 1100 runs into
  /// page 2 and breaks selection-in-page, at that selection's line.
  @Test("a selection across a page end breaks selection-in-page")
  func selectionInOnePage() {
    let log = temporaryPath("notes-selection.jsonl")
    #expect(CLIHarness.run(["run", "traces/notes.hinge", "--compute-ms", "1", "--emit-app-log", log]).code == 0)
    let text = POSIX.readSmallFile(log) ?? ""
    #expect(text.contains(#""type":"selection","range":[700,973]}"#))
    #expect(CLIHarness.run(["check", "traces/notes.hinge", "--app", log]).code == 0)
    let across = text.replacingOccurrences(of: #""range":[700,973]}"#, with: #""range":[700,1100]}"#)
    writeFile(log, Array(across.utf8))
    let check = CLIHarness.run(["check", "traces/notes.hinge", "--app", log])
    #expect(check.code == 1)
    #expect(Self.rules(check.stdout) == ["selection-in-page"], "\(check.stdout)")
    #expect(check.stdout.contains("the selection 700..<1100 is not inside one page"), "\(check.stdout)")
  }

  /// `check traces/default.hinge --app` on the bundled correct log with one piece of it edited.
  static func checkDefault(editing old: String, to new: String) throws -> CLIResult {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    let edited = text.replacingOccurrences(of: old, with: new)
    #expect(edited != text)
    let path = temporaryPath("edited-\(UInt64.random(in: 0...UInt64.max)).jsonl")
    writeFile(path, Array(edited.utf8))
    return CLIHarness.run(["check", "traces/default.hinge", "--app", path])
  }

  @Test("the bundled correct log passes; a violation names the app's line and the simulator's state")
  func lineAndState() {
    #expect(CLIHarness.run(["check", "traces/default.hinge", "--app", "docs/app-logs/default.jsonl"]).code == 0)
    let r = CLIHarness.run(["check", "traces/default.hinge", "--app", "docs/app-logs/early-pagination.jsonl"])
    // Line 15 of the file (after its three comment lines) is the early pagination; the opening settles at 1220 ms.
    #expect(r.stdout.contains("early-pagination.jsonl:15  1030 ms  paginated-before-settle"), "\(r.stdout)")
    #expect(r.stdout.contains("[simulator: pose "), "\(r.stdout)")
  }

  @Test("a log's clock may start anywhere: shifting every t and the sync's by 12345.5 ms changes nothing")
  func shiftedClock() throws {
    let text = try String(
      contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/transient-pagination.jsonl", encoding: .utf8)
    var shifted: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard let start = line.range(of: "{\"t\":"), let comma = line[start.upperBound...].firstIndex(of: ",") else {
        shifted.append(String(line))
        continue
      }
      let t = Double(line[start.upperBound..<comma])! + 12345.5
      shifted.append("{\"t\":\(t)" + line[comma...])
    }
    let path = temporaryPath("shifted.jsonl")
    writeFile(path, Array(shifted.joined(separator: "\n").utf8))
    let original = CLIHarness.run([
      "check", "traces/default.hinge", "--app", "docs/app-logs/transient-pagination.jsonl",
    ])
    let moved = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(Self.rules(moved.stdout) == ["paginate-once-per-settle"])
    #expect(moved.stdout.split(separator: "\n").count == original.stdout.split(separator: "\n").count)
    let a = CLIHarness.run(["report", "traces/default.hinge", "--app", path, "--csv"])
    let b = CLIHarness.run(["report", "traces/default.hinge", "--compute-ms", "1", "--csv"])
    #expect(a.stdout == b.stdout)  // extra paginations are violations, never timed
  }

  @Test("an app that never repaginated after opening: shown-after-settle, and the cycles after it are still timed")
  func missingAnswer() throws {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    // Drop the opening's paginated and shown (both at t 2221 on the app's clock).
    let kept = text.split(separator: "\n").filter { !$0.hasPrefix("{\"t\":2221,") }
    #expect(kept.count == text.split(separator: "\n").count - 2)
    let path = temporaryPath("missing.jsonl")
    writeFile(path, Array((kept.joined(separator: "\n") + "\n").utf8))
    let check = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(Self.rules(check.stdout).contains("shown-after-settle"), "\(check.stdout)")
    let report = CLIHarness.run(["report", "traces/default.hinge", "--app", path, "--csv"]).stdout
    // The opening has no latency; the rotation and the close after it keep the model's (201 ms from the last size).
    #expect(report.contains("status closed→partiallyOpen,lastSizeToShown,0,"), "\(report)")
    #expect(report.contains("rotation,lastSizeToShown,1,201,201,201,201,201"), "\(report)")
    #expect(report.contains("status partiallyOpen→closed,lastSizeToShown,1,201,201,201,201,201"), "\(report)")
  }

  @Test("exit codes: 65 for a bad log (with file:line:column), 66 for a missing one, 64 for two sources")
  func exitCodes() {
    let bad = temporaryPath("bad-app.jsonl")
    writeFile(
      bad,
      Array(
        "{\"t\":1,\"type\":\"sync\",\"scriptTime\":0}\n{\"t\":0,\"type\":\"frame\",\"width\":1,\"height\":1}\n".utf8))
    let r = CLIHarness.run(["check", "traces/default.hinge", "--app", bad])
    #expect(r.code == 65)
    #expect(r.stderr.contains("bad-app.jsonl:2:6: expected a time no earlier than 1 ms"), "\(r.stderr)")
    #expect(CLIHarness.run(["check", "traces/default.hinge", "--app", "/nonexistent/app.jsonl"]).code == 66)
    #expect(
      CLIHarness.run([
        "check", "traces/default.hinge", "traces/open-wide.hinge", "--app", "docs/app-logs/default.jsonl",
      ])
      .code == 64)
    #expect(CLIHarness.run(["report", "traces/default.hinge", "--app", bad]).code == 65)
  }

  @Test("unknown types and fields are warnings on stderr, exit 0")
  func warnings() throws {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    let path = temporaryPath("warn.jsonl")
    writeFile(path, Array((text + "{\"t\":99999,\"type\":\"scroll\"}\n").utf8))
    let r = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(r.code == 0)
    #expect(r.stderr.contains("warning: unknown event type 'scroll', line ignored"), "\(r.stderr)")
  }

  @Test("report --app: a trace with the app's process beside the simulator's; a model report and an app report compare")
  func traceAndCompare() throws {
    let trace = temporaryPath("app-trace.json")
    let r = CLIHarness.run([
      "report", "traces/default.hinge", "--app", "docs/app-logs/default.jsonl", "--trace-out", trace,
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let json = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(json.contains("\"app: "))
    #expect(json.contains("traces/default.hinge"))
    let base = temporaryPath("model.json")
    let new = temporaryPath("app.json")
    writeFile(
      base, Array(CLIHarness.run(["report", "traces/default.hinge", "--compute-ms", "1", "--json"]).stdout.utf8))
    writeFile(
      new,
      Array(
        CLIHarness.run(["report", "traces/default.hinge", "--app", "docs/app-logs/default.jsonl", "--json"]).stdout
          .utf8))
    let c = CLIHarness.run(["report", "--compare", base, new])
    #expect(c.code == 0, "\(c.stdout)\(c.stderr)")
    #expect(c.stdout.contains("compute model: base fixed:1, new app"), "\(c.stdout)")
  }
}
