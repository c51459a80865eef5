import AppLogs
import Foundation
import Platform
import TestSupport
import Testing

/// Issue 26: app logs judged exactly. Each hand-broken log in docs/app-logs/ is caught by its
/// one rule with its message; a record closes only on its own answer; the ties the model writes
/// pass; every app rule has a log that breaks it alone.
@Suite("app logs judged exactly")
struct AppLogExactTests {
  /// A hand-broken log, against `traces/default.hinge` unless said, the one rule it breaks and
  /// what the message must say.
  struct Broken: Sendable, CustomStringConvertible {
    var file: String
    var rule: String
    var says: [String]
    var source = "traces/default.hinge"
    var description: String { file }
  }

  static let broken: [Broken] = [
    Broken(
      file: "missing-shown.jsonl", rule: "shown-after-settle",
      says: [
        "the pagination answering the settle at 1220 ms (867×611 large) ended at 1221 ms and was never shown",
        "the next shown (line 16) answers the turn at 2300 ms, which came after it ended",
      ]),
    Broken(
      file: "early-shown.jsonl", rule: "shown-after-settle",
      says: ["ended at 1221 ms and was never shown: the shown at line 15 came 1 ms before it ended"]),
    Broken(
      file: "shown-line-first.jsonl", rule: "shown-after-settle",
      says: ["ended at 1221 ms and was never shown: the shown at line 15, at the same time, was written before it"]),
    Broken(
      file: "wrong-text-size.jsonl", rule: "pagination-matches-settle",
      says: [
        "the pagination answering the settle at 6000 ms (669×835 AX5) laid out large text; the settle asked for AX5"
      ]),
    Broken(
      file: "clock-offset.jsonl", rule: "clock-in-sync",
      says: [
        "the app's clock is 5000 ms off the script's: its frames come 5000 ms after the sizes they measure",
        "no other rule is judged",
      ]),
    Broken(
      file: "double-pagination.jsonl", rule: "paginate-once-per-settle",
      says: ["the pagination of 331.5×571 pages at 1321 ms is one more for the settle at 1220 ms (867×611 large)"]),
    Broken(
      file: "transient-pagination.jsonl", rule: "paginate-once-per-settle",
      says: ["the pagination of 470.5×577.5 pages at 822 ms is one more for the settle at 1220 ms"]),
    Broken(
      file: "out-of-order.jsonl", rule: "settles-answered-in-order",
      says: [
        "the pagination answering the settle at 6000 ms (669×835 AX5) ended at 7500 ms, after the one answering the later settle at 7000 ms (669×835 large), which ended at 7100 ms"
      ]),
    Broken(
      file: "early-pagination.jsonl", rule: "paginated-before-settle",
      says: [
        "the pagination answering the settle at 1220 ms (867×611 large) started at 1029 ms, before the size settled"
      ]),
    Broken(
      file: "frame-951.jsonl", rule: "frame-matches-pose",
      says: ["the app measured its frame 951×835, the pose's is 669×835 (settled at 5300 ms)"]),
    Broken(
      file: "spread-two-sizes.jsonl", rule: "layout-matches-fold",
      says: ["the spread's pages are 331.5×571 and 300×571; both get the narrower region's size"]),
    Broken(
      file: "library-no-sidebar.jsonl", rule: "shown-after-settle",
      says: ["the layout settled at 2300 ms (867×611 large) was never paginated nor shown"],
      source: "traces/library.hinge"),
  ]

  @Test("each hand-broken log is caught by exactly its one rule, with its message", arguments: broken)
  func caughtByItsRule(_ b: Broken) {
    let r = CLIHarness.run(["check", b.source, "--app", "docs/app-logs/" + b.file])
    #expect(r.code == 1)
    #expect(r.stdout.hasPrefix("FAIL  "), "\(r.stdout)")
    #expect(AppLogCLITests.rules(r.stdout) == [b.rule], "\(r.stdout)")
    for fragment in b.says { #expect(r.stdout.contains(fragment), "\(fragment)\n\(r.stdout)") }
  }

  @Test("every app rule has a hand-broken log that breaks it alone")
  func everyRuleIsBrokenAlone() {
    #expect(Set(Self.broken.map(\.rule)) == Set(AppInvariants.rules))
  }

  /// The issue's first defect: with the opening's `shown` missing (or 1 ms early, or written
  /// before its pagination), the opening's record closed at the next turn's `shown`, 1,079 ms
  /// later, and `check --app` said ok. The record closes as superseded (no latency).
  @Test(
    "a pagination never shown closes its record as superseded, not at the next turn's shown",
    arguments: ["missing-shown.jsonl", "early-shown.jsonl", "shown-line-first.jsonl"])
  func recordClosesOnItsOwnAnswer(file: String) {
    let csv = CLIHarness.run(["report", "traces/default.hinge", "--app", "docs/app-logs/" + file, "--csv"]).stdout
    #expect(csv.contains("status closed→partiallyOpen,lastSizeToShown,0,"), "\(csv)")
    let json = CLIHarness.run(["report", "traces/default.hinge", "--app", "docs/app-logs/" + file, "--json"]).stdout
    #expect(json.contains(#""cause":"status closed→partiallyOpen","records":1,"superseded":1"#), "\(json)")
    // The cycles after it keep the model's figures.
    #expect(csv.contains("rotation,lastSizeToShown,1,201,201,201,201,201"), "\(csv)")
  }

  /// After a settle the app never answered, the messages stay true to the simulator: the app's
  /// spreads on the open phone are what the fold asks for (before: "the fold asks for single",
  /// twice, while open wide).
  @Test("after a settle never answered, no message contradicts the pose")
  func consistentAfterAMissingAnswer() throws {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    let kept = text.split(separator: "\n").filter { !$0.hasPrefix("{\"t\":2221,") }
    let path = temporaryPath("missing-opening.jsonl")
    writeFile(path, Array((kept.joined(separator: "\n") + "\n").utf8))
    let check = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(AppLogCLITests.rules(check.stdout) == ["shown-after-settle"], "\(check.stdout)")
    #expect(check.stdout.contains("the layout settled at 1220 ms (867×611 large) was never paginated nor shown"))
  }

  /// Pages larger than the settled window are a layout of an earlier size: the tabletop
  /// pagination (669×835 settled) laying out the book's 851-pt-wide pages. Pages smaller than the
  /// model's are the app's own margins and pass (the spread of 300-pt pages above breaks only
  /// its own rule).
  @Test("a pagination of pages larger than the settled window breaks pagination-matches-settle alone")
  func pagesLargerThanTheWindow() throws {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    let line = #"{"t":6301,"type":"paginated","pageWidth":600,"#
    #expect(text.contains(line))
    let path = temporaryPath("stale-pages.jsonl")
    writeFile(
      path, Array(text.replacingOccurrences(of: line, with: #"{"t":6301,"type":"paginated","pageWidth":851,"#).utf8))
    let check = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(AppLogCLITests.rules(check.stdout) == ["pagination-matches-settle"], "\(check.stdout)")
    #expect(
      check.stdout.contains(
        "the pagination answering the settle at 5300 ms (669×835 large) laid out 851×299.5 pages, larger than the settled window (669×835)"
      ), "\(check.stdout)")
  }

  /// The round trips the issue found failing, by name: a queued settle answered by a 0-ms cache
  /// hit at the instant the pagination before it ends, a turn at the settle's instant, a burst
  /// whose first size comes at a settle's instant; and a settle at the very instant the app
  /// becomes free for a queued one.
  @Test(
    "the issue's failing round trips pass",
    arguments: [
      ("traces/split-view.hinge", "fixed:1000", ""), ("traces/split-view.hinge", "fixed:2000", ""),
      ("traces/notes.hinge", "fixed:2000", ""), ("traces/rotate-tabletop.jsonl", "fixed:2000", ""),
      (
        "", "fixed:2000",
        "start openWide portrait\nwait 2500ms\nrotate landscapeLeft\nwait 1000ms\nrotate portrait\nwait 3s\n"
      ),
      ("", "fixed:1", "start closed\nwait 200ms\nturn next\nwait 1s\n"),
      ("", "fixed:1", "start closed portrait\nwait 200ms\nrotate landscapeLeft\nwait 1s\n"),
      // The first pagination ends at 1200 with the rotation's settle (1000) queued, and the
      // text size settles at 1200 too: the app was free for the queued one first, so the
      // pagination starting at 1200 answers 1000, and 1200 waits for the next.
      ("", "fixed:1000", "start closed\nwait 500ms\nrotate landscapeLeft\nwait 500ms\ntext-size AX5\nwait 3s\n"),
    ])
  func issueRoundTrips(source: String, model: String, script: String) {
    var path = source
    if path.isEmpty {
      path = temporaryPath("issue-\(script.hashValue).hinge")
      writeFile(path, Array(script.utf8))
    }
    let problems = AppLogRoundTripTests.roundTrip(
      path, ["--compute-model", model], app: [], name: "issue-\(model)-\(path.hashValue)")
    #expect(problems.isEmpty, "\(path) \(model): \(problems)")
  }

  /// A clock 150 ms late after the sync is the app's lag, within the bound: timed, not refused.
  @Test("a clock 150 ms late is latency, not a clock fault")
  func smallOffsetIsLatency() throws {
    let text = try String(contentsOfFile: TestSupport.packageRoot + "/docs/app-logs/default.jsonl", encoding: .utf8)
    let path = temporaryPath("late-150.jsonl")
    writeFile(path, Array(Self.shifted(text, by: 150, keepingSync: true).utf8))
    let check = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(check.code == 0, "\(check.stdout)")
    let csv = CLIHarness.run(["report", "traces/default.hinge", "--app", path, "--csv"]).stdout
    #expect(csv.contains("rotation,lastSizeToShown,1,351,351,351,351,351"), "\(csv)")  // 201 + 150
  }

  /// Times as the model writes them, compared at 1 µs: a log whose clock starts at 12,345.678901
  /// ms (every difference then carries float noise) is the same log.
  @Test("a clock starting anywhere, to the nanosecond, changes nothing")
  func floatNoise() throws {
    let log = temporaryPath("noise-base.jsonl")
    #expect(
      CLIHarness.run(["run", "traces/split-view.hinge", "--compute-model", "device", "--emit-app-log", log]).code == 0)
    let text = POSIX.readSmallFile(log) ?? ""
    let path = temporaryPath("noise.jsonl")
    writeFile(path, Array(Self.shifted(text, by: 12_345.678901, keepingSync: false).utf8))
    #expect(CLIHarness.run(["check", "traces/split-view.hinge", "--app", path]).code == 0)
    let model = CLIHarness.run(["report", "traces/split-view.hinge", "--compute-model", "device", "--csv"]).stdout
    #expect(CLIHarness.run(["report", "traces/split-view.hinge", "--app", path, "--csv"]).stdout == model)
  }

  /// Every line's `t` moved by `ms`; the sync's too unless `keepingSync`.
  static func shifted(_ text: String, by ms: Double, keepingSync: Bool) -> String {
    var out: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("{\"t\":"), let comma = line.firstIndex(of: ","),
        !(keepingSync && line.contains("\"type\":\"sync\""))
      else {
        out.append(String(line))
        continue
      }
      let t = Double(line[line.index(line.startIndex, offsetBy: 5)..<comma])! + ms
      out.append("{\"t\":\(t)" + line[comma...])
    }
    return out.joined(separator: "\n")
  }

  /// Strings a log brings are escaped and cut before they are printed: a sync's `textHash` of
  /// control characters and 100 KB.
  @Test("a log's text hash is escaped and cut in the message")
  func hostileHash() {
    // ESC and BEL as JSON escapes: the string decodes to them.
    let hash = #"\u001B]0;pwned\u0007"# + String(repeating: "f", count: 100_000)
    let path = temporaryPath("hostile-hash.jsonl")
    writeFile(path, Array(#"{"t":0,"type":"sync","scriptTime":0,"textHash":"\#(hash)"}"#.utf8) + [0x0A])
    let r = CLIHarness.run(["check", "traces/default.hinge", "--app", path])
    #expect(r.code == 65)
    #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.stderr.prefix(200))")
    #expect(r.stderr.contains(#"found \u{1B}]0;pwned\u{7}fff"#), "\(r.stderr.prefix(300))")
    #expect(r.stderr.utf8.count < 2_000)
  }

  /// `check` judges on a deterministic cost model by default (`device`): the same inputs give
  /// the same verdict on any machine. Two sidebar toggles 20 ms after the first settle: under
  /// the device model's 89.6-ms pagination both re-settles queue, the first is superseded and
  /// the second finds its layout on screen — one shown state; a fast host shows three.
  @Test("check's default cost model is the device model")
  func checkIsDeterministic() {
    let script = temporaryPath("determinism.hinge")
    writeFile(script, Array("start openWide\nwait 220ms\nsidebar show\nwait 20ms\nsidebar hide\nwait 2s\n".utf8))
    let byDefault = CLIHarness.run(["check", script])
    let device = CLIHarness.run(["check", script, "--compute-model", "device"])
    #expect(byDefault.stdout == device.stdout)
    #expect(byDefault.stdout.contains(": 1 shown state checked"), "\(byDefault.stdout)")
    let fast = CLIHarness.run(["check", script, "--compute-ms", "1"])
    #expect(fast.stdout.contains(": 3 shown states checked"), "\(fast.stdout)")
  }
}
