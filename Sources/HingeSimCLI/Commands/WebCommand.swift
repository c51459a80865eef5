import Backends
import EventStream
import Platform
import Reader
import Reports
import Simulator

/// `hingesim web [SOURCE]`: the source played in real time into headless Chromium, against the
/// bundled web reader (or any page), with the page's own reports as an app log and a
/// screenshot per shown layout.
struct WebCommand: Command {
  static let name = "web"
  static let summary = "play a source into headless Chromium and its web reader; app log, screenshots"
  static let usage = """
    usage: hingesim web [SOURCE] [--url URL] [--app-log FILE] [--screenshots DIR] [options]

    Starts headless Chromium (Debian's `chromium`) over --remote-debugging-pipe, opens the
    bundled web reader (web/reader/index.html) or URL, and plays SOURCE (default:
    traces/default.hinge) into it on the stream's clock (--clock): every reader frame of the simulator (the
    transient sizes of a burst too) as device metrics with the fold as a display feature
    (the Viewport Segments API), book and tabletop as the `folded` device posture, the
    orientation as the screen's, text sizes through the page's hook (docs/web.md). Prints
    the timeline with the page's reports in it; the page reports in the app-log format
    (docs/app-log.md) through window.hingesimReport. Then holds the page's log to the
    reader's rules, as 'hingesim check SOURCE --app LOG' does (exit 1 on a violation).

    options:
      --clock stream|real  stream (default): the page's timers run on the stream's time and
                         the stream is played as fast as the page takes it, so the verdict
                         does not depend on how busy the host is; real: played in real time
                         (for latency), each frame's delivery to the page measured — a run
                         whose frames came more than 50 ms late and that broke a rule exits
                         75 (host starved), not 1
      --url URL          another page to drive (it gets the same config and binding)
      --app-log FILE     write the page's reports as an app log (with the sync line)
      --screenshots DIR  a PNG per layout the page shows, and DIR/index.html to browse them
      --browser PATH     the browser program (default: chromium in PATH)
      --browser-url URL  attach to a browser you started with --remote-debugging-port=PORT
                         (http://127.0.0.1:PORT) instead: a new tab, closed at the end; the
                         browser keeps running
      --cdp-out FILE     the emulation commands sent, as 'export --to cdp' writes them (the
                         same commands for the same stream; times are this run's)
      --text FILE        the text the reader gets (default: texts/sample-chapter.txt)
      --typography T, --lang TAG, --direction D   as for 'hingesim check' (the rules the
                         page's log is held to after the run)
      --chapters         with --url: the page lays out one chapter at a time (the bundled
                         reader lays out the whole text)
      --quiet-ms MS      after the source ends, wait until the page has been quiet this long
                         (default 1500)
      --profile NAME, --settle-ms MS, --conflict NAME=SIDE, --division-when-flat W,
      --format F, --lenient, --from T, --to T, --max-events N, --record FILE   as for
                         'hingesim simulate'; --realtime and --speed are refused (the page
                         plays in real time), and so are the reader model's options
                         (--pdf, --offset, --prepaginate, --compute-model, --compute-ms)

    Exit: 0 ok; 1 the page broke a rule; 75 (--clock real) it broke one on a starved host; 64 usage; 65 bad source or a page report that is not one JSON object;
    66 no browser or source; 74 the browser failed or died, or a write failed (what was
    written so far is kept).

    """ + PDFJSWeb.usage

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if let reader = try args.option("--reader") { return try PDFJSWeb.run(reader: reader, &args, context) }
    let url = try args.option("--url")
    let appLogPath = try args.option("--app-log")
    let screenshotDirectory = try args.option("--screenshots")
    let browserPath = try args.option("--browser")
    let browserURL = try args.option("--browser-url")
    if browserPath != nil, browserURL != nil {
      throw .usage("--browser starts a browser, --browser-url attaches to one: give one")
    }
    let cdpOutPath = try args.option("--cdp-out")
    let clockName = try args.option("--clock") ?? "stream"
    guard ["stream", "real"].contains(clockName) else {
      throw .usage("--clock: expected stream or real, found '\(InputText.excerpt(clockName))'")
    }
    let stepped = clockName == "stream"
    let quietMs = try args.double("--quiet-ms", in: 0...60_000, unit: "ms") ?? 1500
    var options = try SourceOptions.parse(&args)
    guard !options.realtime, options.speed == 1 else {
      throw .usage("web plays in real time (a browser cannot be hurried): --realtime and --speed do not apply")
    }
    let checkOptions = options
    options.realtime = !stepped
    let readerOptions = try ReaderOptions.parse(&args)
    let paths = try args.positionals()
    guard paths.count <= 1 else { throw .usage("web takes one SOURCE, found \(paths.count)") }
    let path = paths.first ?? RunCommand.defaultSource(context)
    try readerOptions.refuseUnless(honouredBy: .browser(ownPage: url != nil), command: "web")
    let profile = try options.loadProfile(context)
    // Read and analysed once: its text goes to the page, and the page's log is checked against it.
    let document = try readerOptions.loadDocument(profile: profile, context: context)
    let text = document.text
    let pageURL = url ?? "file://" + context.resourceRoot + "/web/reader/index.html"
    if url == nil, !POSIX.isReadable(context.resourceRoot + "/web/reader/index.html") {
      throw CLIError("web: the bundled reader \(context.resourceRoot)/web/reader/index.html is missing", code: .noInput)
    }
    // The app log is written even when not asked for: `check --app` reads it after the run.
    let temporary = appLogPath == nil ? POSIX.temporaryDirectory(prefix: "hingesim-web") : nil
    defer { if let temporary { Directory.removeTree(temporary) } }
    guard let logPath = appLogPath ?? temporary.map({ $0 + "/app.jsonl" }) else {
      throw CLIError("web: cannot make a temporary directory for the app log", code: .ioError)
    }
    let appLog = try OutputFile.create(path: logPath, lineBuffered: true)
    defer { appLog.close() }
    let cdpOut = try cdpOutPath.map { p throws(CLIError) in try OutputFile.create(path: p, lineBuffered: true) }
    defer { cdpOut?.close() }
    var shots: WebScreenshots?
    if let screenshotDirectory { shots = try WebScreenshots(directory: screenshotDirectory) }

    StreamRun.installInterruptHandler()
    let browser: Chromium
    do throws(BrowserError) {
      if let browserURL {
        browser = try Chromium.attach(url: browserURL)
      } else {
        browser = try Chromium.launch(program: browserPath)
      }
    } catch {
      throw CLIError(web: error)
    }
    defer { browser.close() }
    let out = context.stdout
    out.lineBuffered = true  // the timeline as the run goes, not when it ends
    var sourceFailure: CLIError?
    var session = WebSession(out: out, err: context.stderr, appLog: appLog, shots: shots)
    do throws(BrowserError) {
      let page = try browser.newPage()
      if stepped { try BrowserDriver.installStreamClock(on: page) }
      try config(profile: profile, text: text, direction: readerOptions.direction.resolved(for: document))
        .open(pageURL, in: page)
      let driver = BrowserDriver(page: page, startMs: MonotonicClock.nowMs()) { size in
        profile.typography.sizes[size]
      }
      if let cdpOut { driver.onEmulation = { time, command in cdpOut.write(command.exportLine(atMs: time)) } }
      if stepped {
        try driver.startStreamClock()
        session.begin(driver: driver, textLength: text.utf16.count, browser: browser.version, clock: "stream")
        try playStepped(
          path, driver: driver, session: &session, page: page, quietMs: quietMs, profile: profile,
          options: options, context: context, sourceFailure: &sourceFailure)
        try session.drain(driver, page: page)
      } else {
        try driver.synchronize()
        let clock = LiveClock()
        driver.start(atMs: clock.startMs)
        session.begin(driver: driver, textLength: text.utf16.count, browser: browser.version, clock: "real")
        var failure: BrowserError?
        let idle = LiveHooks(idle: { _ in
          do throws(BrowserError) {
            try driver.idle()
            try session.drain(driver, page: page)
          } catch {
            failure = failure ?? error
            StopRequest.set(true)
          }
          return clock.now + 10
        })
        do {
          let skipped = try StreamRun.simulate(
            path, profile: profile, options: options, context: context, live: LiveDriving(clock: clock, hooks: idle)
          ) { event in
            if EventText.isTimelineEvent(event.kind) { out.line(EventText.line(event)) }
            session.note(event)
            guard failure == nil else { return }
            do throws(BrowserError) { try driver.deliver(event) } catch {
              failure = error
              StopRequest.set(true)
            }
          }
          if skipped > 0 { context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)") }
        } catch {
          sourceFailure = error
        }
        if let failure { throw failure }
        if !StopRequest.isRequested, sourceFailure == nil { try driver.finish(quietMs: quietMs) }
        try session.drain(driver, page: page)
      }
    } catch {
      throw CLIError(web: browser.explain(error), progress: session.progress)
    }
    try session.finish(context: context, appLogPath: appLogPath)
    if let cdpOut {
      cdpOut.close()
      if cdpOut.failedForReal { throw CLIError(writeFailure: cdpOut, progress: nil) }
    }
    if var sourceFailure {
      sourceFailure.message += "\n  \(session.progress)"
      throw sourceFailure
    }
    if let signal = StopRequest.signal {
      var stopped = CLIError(interruptedBy: signal)
      stopped.message += "; \(session.progress)"
      throw stopped
    }
    if session.reported == 0 {
      throw CLIError(
        "web: the page reported nothing through window.\(BrowserDriver.bindingName) (docs/web.md: what a page "
          + "reports and how)",
        code: .dataError)
    }
    if session.malformed > 0 { return .dataError }
    // The page held to the reader's rules, exactly as `check SOURCE --app LOG` would.
    let run = try AppRun.run(
      path, appPath: logPath, profile: profile, document: document, options: checkOptions, reader: readerOptions,
      everything: false, context: context)
    let verdict = CheckCommand.report(run, context)
    if !stepped, let late = session.starvation(bound: Self.starvationBoundMs) {
      context.stderr.line("hingesim: web: host starved: \(late)")
      if verdict == .failure {
        throw CLIError(
          "web: the page broke a rule on a starved host (frames reached it more than "
            + "\(NumberFormat.shortest(Self.starvationBoundMs)) ms late): the verdict is the host's, not the app's; "
            + "run again on a quieter host or with --clock stream", code: .hostStarved)
      }
    }
    return verdict
  }

  /// How late a frame may reach the page in real time before the host counts as starved, ms:
  /// three 60-Hz frames — a burst's sizes come one frame apart, so later than that the page
  /// sees a burst the device never delivered.
  static let starvationBoundMs = 50.0

  /// Plays the source into the page on the stream clock, as fast as the page takes it.
  static func playStepped(
    _ path: String, driver: BrowserDriver, session: inout WebSession, page: BrowserPage, quietMs: Double,
    profile: Profile, options: SourceOptions, context: CommandContext, sourceFailure: inout CLIError?
  ) throws(BrowserError) {
    let out = context.stdout
    var failure: BrowserError?
    do {
      let skipped = try StreamRun.simulate(path, profile: profile, options: options, context: context) { event in
        if EventText.isTimelineEvent(event.kind) { out.line(EventText.line(event)) }
        session.note(event)
        guard failure == nil, !StopRequest.isRequested else { return }
        do throws(BrowserError) {
          try driver.step(event)
          try session.drain(driver, page: page)
        } catch { failure = error }
      }
      if skipped > 0 { context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)") }
    } catch {
      sourceFailure = error
    }
    if let failure { throw failure }
    if !StopRequest.isRequested, sourceFailure == nil { try driver.finishStepping(quietMs: quietMs) }
  }

  /// What the page gets before it loads: the text, the profile's page insets and settle time,
  /// the Large text size, the sidebar's width and the chapters' starts (`Library`'s headings).
  static func config(profile: Profile, text: String, direction: ReadingDirection = .ltr) -> WebReaderConfig {
    let large = profile.typography.sizes[.large] ?? (17, 22)
    let chapters = Library(text: text).chapters
    var config = WebReaderConfig(
      text: text, edgeInset: profile.pages.edge, foldInset: profile.pages.fold, settleMs: profile.settleWindowMs,
      textSize: (.large, large.pointSize, large.lineHeight), sidebarWidth: profile.pages.sidebarWidth,
      maxTextWidth: profile.pages.maximumTextWidth ?? 0, chapterStarts: chapters.map(\.range.lowerBound))
    config.chapterTitles = chapters.map(\.title)
    config.minimumWidth = profile.pages.minimumWidth
    config.direction = direction.rawValue
    return config
  }
}
