import EventStream
import Platform
import TestSupport
import Testing

/// One meaning for every record field (docs/timing.md, "The `timing` record"): `queuedMs` is
/// the reader busy and only that, a real reader's late start and its paginated → shown gap are
/// their own terms, and `shown = settled + queuedMs + lateStartMs + paginationMs +
/// paginatedToShownMs` to the microsecond — read back from the records `report --app` times
/// (the Chrome trace's cycle slices carry every term), for app logs and for a real browser.
@Suite("Record terms sum to shown, for apps and browsers")
struct RecordTermsCLITests {
  /// A timed cycle's record as the trace's `timing` slice gives it.
  struct Cycle {
    var shownUs: Int64
    var args: JSONValue

    func ms(_ key: String) -> Double? {
      if case .number(let n)? = args[key] { return n }
      return nil
    }
    func us(_ key: String) -> Int64? { ms(key).map { Int64(($0 * 1000).rounded()) } }
    /// `shown − (settled + every term)`, µs; nil when a term is missing.
    var residueUs: Int64? {
      guard let settled = us("settled"), let q = us("queuedMs"), let l = us("lateStartMs"),
        let p = us("paginationMs"), let g = us("paginatedToShownMs")
      else { return nil }
      return shownUs - (settled + q + l + p + g)
    }
  }

  /// The shown cycles (`miss`/`hit`) of `report SOURCE --app LOG`, from its Chrome trace.
  static func cycles(source: String, log: String) throws -> [Cycle] {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-record-terms"))
    defer { Directory.removeTree(directory) }
    let trace = directory + "/trace.json"
    let result = CLIHarness.run(["report", source, "--app", log, "--trace-out", trace])
    #expect(result.code == 0 || result.code == 1, "\(result.stderr)")
    let document = try JSONValue.parse(try FileBytes.read(path: trace))
    guard case .array(let events)? = document["traceEvents"] else { return [] }
    var cycles: [Cycle] = []
    for event in events {
      guard event["ph"] == .string("X"), let args = event["args"], args["settled"] != nil,
        case .string(let cache)? = args["cache"], cache == "miss" || cache == "hit",
        case .number(let ts)? = event["ts"], case .number(let dur)? = event["dur"]
      else { continue }
      cycles.append(Cycle(shownUs: Int64(ts + dur), args: args))
    }
    return cycles
  }

  @Test(
    "every timed cycle of the bundled app logs sums to its shown, to the microsecond",
    arguments: [
      "default", "early-pagination", "out-of-order", "double-pagination", "transient-pagination",
      "missing-shown", "early-shown", "wrong-text-size",
    ])
  func appLogs(name: String) throws {
    let cycles = try Self.cycles(source: "traces/default.hinge", log: "docs/app-logs/\(name).jsonl")
    #expect(!cycles.isEmpty)
    if name == "default" {
      // An app's figures are on its own clock: real time, never the simulator's virtual time.
      let json = CLIHarness.run(["report", "traces/default.hinge", "--app", "docs/app-logs/default.jsonl", "--json"])
      let report = try JSONValue.parse(Array(json.stdout.utf8))
      #expect(report["inputs"]?["clock"] == .string("realtime"), "\(json.stdout.prefix(400))")
    }
    for cycle in cycles {
      #expect(cycle.residueUs == 0, "\(name): \(cycle.args)")
      #expect((cycle.ms("lateStartMs") ?? -1) >= 0 && (cycle.ms("paginatedToShownMs") ?? -1) >= 0)
    }
  }

  /// The model's own log, its paginations and shown lines moved 30 ms later: an app that
  /// starts every pagination 30 ms after the settle, never busy. That is a late start of 30
  /// in every cycle, and the queue stays the model's (0 here at 1 ms a pagination).
  @Test func anAppThirtyMillisecondsLateHasALateStartNotAQueue() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-record-late"))
    defer { Directory.removeTree(directory) }
    let lines = String(decoding: try FileBytes.read(path: "docs/app-logs/default.jsonl"), as: UTF8.self).split(
      separator: "\n")
    var moved: [String] = []
    for line in lines {
      guard line.contains("\"type\":\"paginated\"") || line.contains("\"type\":\"shown\""),
        let value = try? JSONValue.parse(Array(line.utf8)), case .number(let t)? = value["t"]
      else {
        moved.append(String(line))
        continue
      }
      // The model writes `t` first: `{"t":1201,"type":…` becomes `{"t":1231,"type":…`.
      let rest = line.drop { $0 != "," }
      moved.append("{\"t\":\(NumberFormat.shortest(t + 30))" + rest)
    }
    // Times must not go backwards: lines in time order, lines of one time in file order.
    let ordered = moved.enumerated().sorted { (Self.time($0.element), $0.offset) < (Self.time($1.element), $1.offset) }
    let log = directory + "/late.jsonl"
    writeFile(log, Array(ordered.map(\.element).joined(separator: "\n").utf8))
    let cycles = try Self.cycles(source: "traces/default.hinge", log: log)
    #expect(cycles.count >= 5)
    for cycle in cycles {
      #expect(cycle.ms("lateStartMs") == 30, "\(cycle.args)")
      #expect(cycle.ms("queuedMs") == 0)
      #expect(cycle.residueUs == 0)
    }
  }

  static func time(_ line: String) -> Double {
    guard let value = try? JSONValue.parse(Array(line.utf8)), case .number(let t)? = value["t"] else { return -1 }
    return t
  }
}

/// The same over a real Chromium in real time: the bundled reader's late start (its frames'
/// delivery and its own 200-ms debounce), its DOM work between `paginated` and `shown`, and its
/// first painted frame (`painted`, a double `requestAnimationFrame`).
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct BrowserRecordTermsTests {
  @Test func aRealTimeBrowserRunsRecordsSumToShownAndEachShownIsPaintedAfterIt() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-record-web"))
    defer { Directory.removeTree(directory) }
    let log = directory + "/app.jsonl"
    let web = CLIHarness.run([
      "web", "traces/open-wide.hinge", "--clock", "real", "--app-log", log, "--quiet-ms", "600",
    ])
    // On a starved host a broken rule is the host's (75); the records are still the page's.
    #expect([0, 1, 75].contains(web.code), "\(web.stderr)")
    let text = String(decoding: try FileBytes.read(path: log), as: UTF8.self)
    #expect(text.contains(#""clock":"real""#), "\(text.prefix(300))")
    let cycles = try RecordTermsCLITests.cycles(source: "traces/open-wide.hinge", log: log)
    #expect(cycles.count == 2, "the first layout and the opening")
    for cycle in cycles {
      #expect(cycle.residueUs == 0, "\(cycle.args)")
      // A frame is painted after the page showed it: at least one animation frame later.
      #expect((cycle.ms("paintedMs") ?? 0) > 0, "\(cycle.args)")
    }
    // The report says the browser's clock, not the simulator's.
    let json = CLIHarness.run(["report", "traces/open-wide.hinge", "--app", log, "--json"])
    let report = try JSONValue.parse(Array(json.stdout.utf8))
    #expect(report["inputs"]?["clock"] == .string("realtime"), "\(json.stdout.prefix(400))")
  }
}
