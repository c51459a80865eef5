import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `hingesim web` against Debian's Chromium (bin/test installs it) and the bundled web reader:
/// the default tour once (about 10 s), then what it wrote is held to the reader's rules with
/// expectations from the simulator's own stream, not from the page.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct WebCommandTests {
  struct Run: Sendable {
    var result: CLIResult
    var appLog: [JSONValue]
    var screenshots: [String]
    var directory: String
  }

  /// One run of the default tour with an app log and screenshots, shared by the tests.
  static let tour: Run? = {
    guard let directory = POSIX.temporaryDirectory(prefix: "hingesim-web-test") else { return nil }
    let result = CLIHarness.run([
      "web", "--app-log", directory + "/app.jsonl", "--screenshots", directory + "/shots", "--quiet-ms", "800",
    ])
    let lines = (POSIX.readSmallFile(directory + "/app.jsonl") ?? "").split(separator: "\n")
    let log = lines.compactMap { try? JSONValue.parse(Array($0.utf8)) }
    let shots = Directory.files(in: directory + "/shots").filter { $0.hasSuffix(".png") }.sorted()
    return Run(result: result, appLog: log, screenshots: shots, directory: directory)
  }()

  /// `web SOURCE` with the bundled reader: its result and the app log it wrote.
  static func web(_ source: String) throws -> (CLIResult, [JSONValue]) {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-run"))
    defer { Directory.removeTree(directory) }
    let log = directory + "/app.jsonl"
    let result = CLIHarness.run(["web", source, "--app-log", log, "--quiet-ms", "800"])
    let lines = (POSIX.readSmallFile(log) ?? "").split(separator: "\n").compactMap {
      try? JSONValue.parse(Array($0.utf8))
    }
    return (result, lines)
  }

  static func events(_ log: [JSONValue], _ type: String) -> [JSONValue] {
    log.filter { $0["type"] == .string(type) }
  }

  static func number(_ value: JSONValue?) -> Double? {
    if case .number(let n)? = value { return n }
    return nil
  }

  @Test func theTourRunsAndTheWebReaderKeepsEveryRule() throws {
    let run = try #require(Self.tour)
    #expect(run.result.code == 0, "\(run.result.stderr)\n\(run.result.stdout)")
    #expect(run.result.stdout.contains("ok    "), "\(run.result.stdout)")
    #expect(run.appLog.first?["type"] == .string("sync"))
    #expect(run.appLog.first?["scriptTime"] == .number(0))
    // The default clock is the stream's, and the log says so; on it the page reports no
    // painted frame (its clock stands still while it renders: docs/web.md).
    #expect(run.appLog.first?["clock"] == .string("stream"))
    #expect(Self.events(run.appLog, "painted").isEmpty)
    // Every line the page wrote is on its clock, never going backwards.
    let times = run.appLog.compactMap { Self.number($0["t"]) }
    #expect(times.count == run.appLog.count)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
  }

  /// The page paginates once per settled layout, not per transient size: as many `paginated`
  /// as the simulator's settles that changed the page's key (size or text size), and a `frame`
  /// for each size of the bursts.
  @Test func onePaginationPerSettledLayoutNotPerTransientSize() throws {
    let run = try #require(Self.tour)
    let simulated = CLIHarness.run(["simulate", "traces/default.hinge"])
    let stream = simulated.stdout.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
    var keys: [String] = []
    var sizes = 0
    var turns = 0
    for event in stream {
      if event["type"] == .string("scene") { sizes += 1 }
      if event["type"] == .string("turn") { turns += 1 }
      guard event["type"] == .string("settled") else { continue }
      let key = "\(event["width"]?.found ?? "")×\(event["height"]?.found ?? "")@\(event["textSize"]?.found ?? "")"
      if keys.last != key { keys.append(key) }
    }
    #expect(keys.count == 6)  // closed, open, tabletop, AX5, large, closed sideways
    #expect(
      Self.events(run.appLog, "paginated").count == keys.count, "\(run.appLog.map { $0.found })\n\(run.result.stdout)")
    // One `shown` per new layout and one per page turn (two in the tour), no more.
    #expect(turns == 2)
    #expect(Self.events(run.appLog, "shown").count == keys.count + turns)
    #expect(Self.events(run.appLog, "frame").count >= keys.count)
    #expect(Self.events(run.appLog, "frame").count <= sizes)
  }

  /// A spread starts on an even page (0-based), and the place is on screen in every `shown`.
  @Test func spreadsStartEvenAndThePlaceIsVisible() throws {
    let run = try #require(Self.tour)
    let shown = Self.events(run.appLog, "shown")
    #expect(!shown.isEmpty)
    for event in shown {
      guard case .array(let pages)? = event["pages"], case .array(let ranges)? = event["ranges"],
        let offset = Self.number(event["offset"])
      else {
        Issue.record("a shown without pages, ranges or offset: \(event)")
        continue
      }
      if event["layout"] == .string("spread"), let first = Self.number(pages.first) {
        #expect(Int(first) % 2 == 0)
      }
      let visible = ranges.contains { range in
        guard case .array(let r) = range, let start = Self.number(r.first), let end = Self.number(r.last) else {
          return false
        }
        return start <= offset && offset < end
      }
      #expect(visible, "offset \(offset) not in \(ranges)")
    }
  }

  /// One PNG per `shown`, each of the frame the page had then.
  @Test func screenshotsArePNGsOfTheEmulatedSize() throws {
    let run = try #require(Self.tour)
    let shown = Self.events(run.appLog, "shown")
    #expect(run.screenshots.count == shown.count)
    #expect(POSIX.isReadable(run.directory + "/shots/index.html"))
    var lastFrame: (Int, Int)?
    var shot = 0
    for event in run.appLog {
      if event["type"] == .string("frame"), let w = Self.number(event["width"]), let h = Self.number(event["height"]) {
        lastFrame = (Int(w), Int(h))
      }
      guard event["type"] == .string("shown"), shot < run.screenshots.count else { continue }
      let bytes = try FileBytes.read(path: run.directory + "/shots/" + run.screenshots[shot])
      shot += 1
      #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
      let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
      #expect(
        lastFrame.map { $0 == (width, height) } ?? false, "\(width)×\(height) vs \(String(describing: lastFrame))")
    }
  }

  /// The bundled reader without its debounce paginates on transient sizes: `web` holds its log
  /// to the rules and fails with the rule that says so.
  @Test func aPageThatBreaksARuleOnPurposeIsCaught() {
    let page = "file://" + TestSupport.packageRoot + "/Tests/HingeSimCLITests/Fixtures/web/eager-reader.html"
    let result = CLIHarness.run(["web", "traces/open-wide.hinge", "--url", page, "--quiet-ms", "800"])
    #expect(result.code == 1, "\(result.stderr)\n\(result.stdout)")
    #expect(result.stdout.contains("paginate-once-per-settle"), "\(result.stdout)")
  }

  /// One page turned on the closed phone, then opened: the place is on page 2 (index 1), and the
  /// spread must still start on an even page — pages 1–2, not 2–3.
  @Test func unfoldingWithThePlaceOnAnOddPageShowsAnEvenSpread() throws {
    let (result, lines) = try Self.web("docs/app-logs/unfold.hinge")
    #expect(result.code == 0, "\(result.stdout)")
    let spreads = Self.events(lines, "shown").filter { $0["layout"] == .string("spread") }
    #expect(!spreads.isEmpty)
    for spread in spreads {
      guard case .array(let pages)? = spread["pages"], let first = Self.number(pages.first) else { continue }
      #expect(Int(first) % 2 == 0, "\(spread.found)")
    }
    // The place was on the second page before unfolding.
    let turned = Self.events(lines, "shown").first {
      $0["layout"] == .string("single") && $0["pages"] == .array([.number(1)])
    }
    #expect(turned != nil)
  }

  /// The library tour: `sidebar show` in regular width narrows the reader by the sidebar and
  /// the page lays out again once; `open-chapter 2` puts the place where the model puts it.
  @Test func theSidebarNarrowsThePagesAndAnOpenedChapterMovesThePlace() throws {
    let (result, lines) = try Self.web("traces/library.hinge")
    #expect(result.code == 0, "\(result.stderr)\n\(result.stdout)")
    #expect(result.stdout.contains("ok    "), "\(result.stdout)")
    // Closed, open wide, the sidebar, tabletop, closed sideways: five layouts, five paginations.
    let widths = Self.events(lines, "paginated").compactMap { Self.number($0["pageWidth"]) }
    #expect(widths.count == 5, "\(widths)")
    // Open wide the fold's left edge is at 455.5; the sidebar takes 280 of the 455.5, and the
    // page keeps 20 from the reader's edge and 20 from the fold: 135.5 (CSS px round it down).
    if widths.count == 5 {
      #expect(widths[1] > 300)
      #expect(abs(widths[2] - 135.5) <= 1, "\(widths)")
    }
    // The place after opening chapter 2 is the model's (its navigation state names it).
    let model = CLIHarness.run(["run", "traces/library.hinge", "--compute-ms", "1", "--json"]).stdout
    let target = model.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
      .first { $0["type"] == .string("navigation") && $0["chapter"] == .number(2) && $0["offset"] != nil }
    let offset = try #require(Self.number(target?["offset"]))
    #expect(Self.events(lines, "shown").contains { Self.number($0["offset"]) == offset }, "\(offset)")
    #expect(Self.events(lines, "navigation").map { $0["detail"] } == [.string("sidebar show"), .string("chapter 2")])
  }

  /// What `web` sends is what `export --to cdp` writes for the same source: the same commands in
  /// the same order (only the times differ: the live run's wake-ups against virtual time).
  @Test func webSendsExactlyTheExportedCDPCommands() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-cdp"))
    defer { Directory.removeTree(directory) }
    let sent = directory + "/sent.jsonl"
    let run = CLIHarness.run(["web", "traces/open-wide.hinge", "--cdp-out", sent, "--quiet-ms", "500"])
    #expect(run.code == 0, "\(run.stderr)")
    let exported = CLIHarness.run(["export", "traces/open-wide.hinge", "--to", "cdp"])
    func commands(_ text: String) -> [String] {
      text.split(separator: "\n").map { line in
        String(line.drop(while: { $0 != "," }))  // without {"atMs":…
      }
    }
    let sentCommands = commands(POSIX.readSmallFile(sent) ?? "")
    #expect(sentCommands.count > 5)
    #expect(sentCommands == commands(exported.stdout))
  }

  @Test func aMissingBrowserIsExit66AndNothingIsLeftRunning() {
    let result = CLIHarness.run(["web", "--browser", "/nonexistent/chromium"])
    #expect(result.code == 66)
    #expect(result.stderr.contains("/nonexistent/chromium: no such file"))
  }

  @Test func aPageThatNeverReportsIsExit65AndOneThatReportsGarbageToo() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-page"))
    defer { Directory.removeTree(directory) }
    let silent = try Self.write(directory + "/silent.html", "<p>no reports here</p>")
    let silentRun = CLIHarness.run(["web", "traces/realtime-2s.hinge", "--url", silent, "--quiet-ms", "0"])
    #expect(silentRun.code == 65)
    #expect(silentRun.stderr.contains("the page reported nothing through window.hingesimReport"))
    let garbage = try Self.write(
      directory + "/garbage.html",
      "<script>addEventListener('resize', () => { hingesimReport('not json'); "
        + "hingesimReport(JSON.stringify({t: performance.now(), type: 'frame', width: innerWidth, height: innerHeight})); "
        + "});</script>")
    let log = directory + "/app.jsonl"
    let garbageRun = CLIHarness.run([
      "web", "traces/realtime-2s.hinge", "--url", garbage, "--quiet-ms", "0", "--app-log", log,
    ])
    #expect(garbageRun.code == 65)
    #expect(garbageRun.stderr.contains("is not an app-log event"))
    // What was good is kept: the sync and the page's frames.
    let lines = (POSIX.readSmallFile(log) ?? "").split(separator: "\n")
    #expect(lines.first?.contains("\"type\":\"sync\"") == true)
    #expect(lines.dropFirst().allSatisfy { $0.contains("\"type\":\"frame\"") })
    #expect(lines.count >= 2)
  }

  /// Ctrl-C mid-run: exit 130, the app log so far kept, and the browser reaped — no browser
  /// process is left whose private profile directory is gone (`Chromium.close` stops the
  /// process before it removes the directory, so such a process would be an orphan).
  @Test func ctrlCKeepsTheAppLogAndLeavesNoBrowserBehind() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-sigint"))
    defer { Directory.removeTree(directory) }
    let log = directory + "/app.jsonl"
    // Once the page has reported something beyond the sync line, however long the browser took.
    let (code, _, stderr) = try SignalTests.run(["web", "--app-log", log], signal: SIGINT, delayMs: 1000) {
      (POSIX.readSmallFile(log) ?? "").split(separator: "\n").count > 1
    }
    #expect(code == 130, "\(stderr)")
    #expect(stderr.contains("interrupted by SIGINT"))
    let lines = (POSIX.readSmallFile(log) ?? "").split(separator: "\n")
    #expect(lines.first?.contains("\"type\":\"sync\"") == true)
    #expect(lines.count > 1)
    #expect(Self.orphanedBrowsers().isEmpty)
  }

  /// Browser processes started with `--user-data-dir=DIR` where DIR no longer exists.
  static func orphanedBrowsers() -> [String] {
    var orphans: [String] = []
    for pid in Directory.files(in: "/proc") where pid.allSatisfy(\.isNumber) {
      guard let cmdline = POSIX.readSmallFile("/proc/\(pid)/cmdline"), cmdline.contains("--remote-debugging-pipe")
      else { continue }
      for argument in cmdline.split(separator: "\0") where argument.hasPrefix("--user-data-dir=") {
        let dir = String(argument.dropFirst("--user-data-dir=".count))
        if dir.contains("hingesim-chromium"), !POSIX.exists(dir) { orphans.append(pid) }
      }
    }
    return orphans
  }

  static func write(_ path: String, _ body: String) throws -> String {
    let file = try OutputFile.open(path: path)
    file.write("<!doctype html><meta name=viewport content='width=device-width'>" + body)
    file.close()
    return "file://" + path
  }

  @Test func aPageThatDoesNotLoadIsExit74() {
    let result = CLIHarness.run(["web", "--url", "file:///nonexistent/page.html", "--quiet-ms", "0"])
    #expect(result.code == 74)
    #expect(result.stderr.contains("Page.navigate"))
  }
}

/// The knob's demo page (`knob --web`, `run --web`), headless here (no $DISPLAY in tests).
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct KnobWebDemoTests {
  @Test func aRecordedKnobDrivesTheDemoPageAndItsScreenshotIsThePage() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-knob-web"))
    defer { Directory.removeTree(directory) }
    let png = directory + "/demo.png"
    let result = CLIHarness.run(["knob", "--replay", "traces/knob-powermate.evemu", "--web-screenshot", png])
    #expect(result.code == 0, "\(result.stderr)")
    #expect(result.stderr.contains("updates pushed to the demo page"))
    let bytes = try FileBytes.read(path: png)
    #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
    #expect((width, height) == (1280, 800))
  }

  @Test func webAndViewAreOneSurfaceOrTheOther() {
    #expect(CLIHarness.run(["knob", "--replay", "traces/knob-powermate.evemu", "--web", "--view"]).code == 64)
    #expect(CLIHarness.run(["run", "--web", "--view"]).code == 64)
  }
}

/// `report SOURCE --backend web`: the model's tables, then the browser's, for the same source.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct ReportBackendWebTests {
  @Test func theBrowsersTablesComeUnderTheModelsForTheSameCycles() {
    let result = CLIHarness.run(["report", "traces/open-wide.hinge", "--backend", "web"])
    // Real time: on a starved host (frames more than 50 ms late) a broken rule is the host's, 75.
    #expect(result.code == 0 || (result.code == 75 && result.stderr.contains("host starved")), "\(result.stderr)")
    let model = result.stdout.range(of: "model: the reader model")
    let browser = result.stdout.range(of: "browser: the bundled web reader")
    #expect(model != nil && browser != nil)
    if let model, let browser { #expect(model.lowerBound < browser.lowerBound) }
    // open-wide.hinge: the first layout and the opening — two settle cycles for each reader.
    #expect(result.stdout.components(separatedBy: "overall — 2 cycles").count == 3, "\(result.stdout)")
  }

  @Test func onlyModelOrWeb() {
    #expect(CLIHarness.run(["report", "traces/open-wide.hinge", "--backend", "phone"]).code == 64)
    #expect(CLIHarness.run(["report", "traces/open-wide.hinge", "--backend", "web", "--json", "--csv"]).code == 64)
    // The bundled reader lays out the whole text: holding it to one chapter at a time would fail it.
    let chapters = CLIHarness.run(["web", "traces/library.hinge", "--chapters"])
    #expect(chapters.code == 64)
    #expect(chapters.stderr.contains("--chapters"), "\(chapters.stderr)")
  }

  /// `--json`: the browser's report alone, one document with the model's two cycles, which
  /// `--compare` takes against the model's report of the same source (same inputs: no exit 65).
  @Test func theBrowsersJSONReportComparesWithTheModels() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-report-web-json"))
    defer { Directory.removeTree(directory) }
    let web = CLIHarness.run(["report", "traces/open-wide.hinge", "--backend", "web", "--json"])
    #expect(web.code == 0 || (web.code == 75 && web.stderr.contains("host starved")), "\(web.stderr)")
    let report = try JSONValue.parse(Array(web.stdout.utf8))
    #expect(report["inputs"]?["computeModel"] == .string("app"), "\(web.stdout)")
    #expect(!web.stdout.contains("model: the reader model"))
    writeFile(directory + "/web.json", Array(web.stdout.utf8))
    let model = CLIHarness.run(["report", "traces/open-wide.hinge", "--json"])
    writeFile(directory + "/model.json", Array(model.stdout.utf8))
    #expect(report["inputs"]?["clock"] == .string("realtime"), "the browser's clock, not virtual")
    let compare = CLIHarness.run(["report", "--compare", directory + "/model.json", directory + "/web.json"])
    // Two engines: the settle wait (the simulator's, in both) compares; the model's charged
    // pagination against Chromium's own time, and sums on two clocks, are listed as not
    // comparable — never a regression, whatever the page took.
    #expect(compare.code == 0, "\(compare.stdout)\n\(compare.stderr)")
    #expect(!compare.stdout.contains("REGRESSION"), "\(compare.stdout)")
    #expect(
      compare.stdout.contains(
        "not comparable: the model's pagination is charged by thread-cpu, the app's is its own time"),
      "\(compare.stdout)")
    let settleRows = compare.stdout.split(separator: "\n").filter { $0.contains("settle wait") }
    #expect(!settleRows.isEmpty && settleRows.allSatisfy { !$0.contains("not comparable") }, "\(compare.stdout)")
    let csv = CLIHarness.run(["report", "traces/open-wide.hinge", "--backend", "web", "--csv"])
    #expect(csv.code == 0 || csv.code == 75, "\(csv.stderr)")
    #expect(csv.stdout.hasPrefix("cause,metric,count,"), "\(csv.stdout)")
    #expect(csv.stdout.contains("overall,lastSizeToShown,2,"), "\(csv.stdout)")  // the first layout and the opening
  }
}

/// `web --browser-url`: a browser the user started with `--remote-debugging-port`, reached over
/// a WebSocket; it gets a tab, and keeps running afterwards.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct WebAttachTests {
  @Test func aBrowserTheUserStartedIsDrivenAndLeftRunning() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-attach"))
    defer { Directory.removeTree(directory) }
    var argv = [
      "chromium", "--headless=new", "--remote-debugging-port=0", "--user-data-dir=\(directory)", "about:blank",
    ]
    if Process.isRoot { argv.insert("--no-sandbox", at: 1) }
    guard case .success(let user) = ChildProcess.spawn(argv, descriptors: [:]) else {
      Issue.record("chromium did not start")
      return
    }
    defer { user.terminate() }
    // Chromium writes the port it chose to DevToolsActivePort in its profile.
    var port: String?
    let deadline = MonotonicClock.nowMs() + 10_000
    while port == nil, MonotonicClock.nowMs() < deadline {
      port = POSIX.readSmallFile(directory + "/DevToolsActivePort")?.split(separator: "\n").first.map(String.init)
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 50)
    }
    let p = try #require(port)
    let log = directory + "/app.jsonl"
    let result = CLIHarness.run([
      "web", "traces/open-wide.hinge", "--browser-url", "http://127.0.0.1:\(p)", "--quiet-ms", "500",
      "--app-log", log,
    ])
    // The attach worked: the browser took the commands (no 66 or 74), the page in its new tab
    // reported, and the page's log was judged — whatever the verdict on this host.
    #expect(result.code != 66 && result.code != 74, "\(result.stderr)")
    let lines = (POSIX.readSmallFile(log) ?? "").split(separator: "\n")
    #expect(lines.first?.contains("\"sync\"") == true)
    #expect(lines.contains { $0.contains("\"shown\"") }, "\(lines.count) line(s)")
    #expect(result.stdout.contains("open-wide.hinge: "), "\(result.stdout.suffix(500))")
    #expect(user.exitStatus() == nil)  // still running: attached, not owned
  }

  @Test func nothingListeningIsExit66() {
    let result = CLIHarness.run(["web", "traces/open-wide.hinge", "--browser-url", "http://127.0.0.1:1"])
    #expect(result.code == 66, "\(result.stderr)")
  }
}
