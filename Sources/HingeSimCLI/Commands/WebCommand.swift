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
                         'hingesim simulate'; --realtime and --speed are refused (the clock
                         paces the page), and so are the reader model's options
                         (--pdf, --offset, --prepaginate, --compute-model, --compute-ms)

    Exit: 0 ok; 1 the page broke a rule; 75 (--clock real) it broke one on a starved host; 64 usage; 65 bad source or a page report that is not one JSON object;
    66 no browser or source; 74 the browser failed or died, or a write failed (what was
    written so far is kept).

    """ + PDFJSWeb.usage

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if let reader = try args.option("--reader") { return try PDFJSWeb.run(reader: reader, &args, context) }
    let url = try args.option("--url")
    let cdpOutPath = try args.option("--cdp-out")
    let run = try BrowserRun.parse(&args)
    let options = try run.sourceOptions(&args)
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
    let appLog = try run.openAppLog()
    defer { appLog.remove() }
    let cdpOut = try cdpOutPath.map { p throws(CLIError) in try OutputFile.create(path: p, lineBuffered: true) }
    defer { cdpOut?.close() }
    let shots = try run.openScreenshots()
    let browser = try run.openBrowser()
    defer { browser.close() }
    let out = context.stdout
    out.lineBuffered = true  // the timeline as the run goes, not when it ends
    let session = WebSession(out: out, err: context.stderr, appLog: appLog.file, shots: shots)
    let sourceFailure: CLIError?
    do throws(BrowserError) {
      let page = try browser.newPage()
      if run.stepped { try BrowserDriver.installStreamClock(on: page) }
      try config(profile: profile, text: text, direction: readerOptions.direction.resolved(for: document))
        .open(pageURL, in: page)
      let driver = BrowserDriver(page: page, startMs: MonotonicClock.nowMs()) { size in
        profile.typography.sizes[size]
      }
      if let cdpOut { driver.onEmulation = { time, command in cdpOut.write(command.exportLine(atMs: time)) } }
      sourceFailure = try run.play(
        path, profile: profile, options: options, driver: driver, page: page, session: session,
        textLength: text.utf16.count, browser: browser.version, app: "hingesim web reader", context: context
      ) { _ in }
    } catch {
      throw CLIError(web: browser.explain(error), progress: session.progress)
    }
    if let cdpOut {
      cdpOut.close()
      if cdpOut.failedForReal { throw CLIError(writeFailure: cdpOut, progress: nil) }
    }
    if let early = try run.conclude(
      session: session, sourceFailure: sourceFailure,
      nothingReported: "web: the page reported nothing through window.\(BrowserDriver.bindingName) (docs/web.md: "
        + "what a page reports and how)", context: context)
    {
      return early
    }
    // The page held to the reader's rules, exactly as `check SOURCE --app LOG` would.
    var checkOptions = options
    checkOptions.realtime = false
    let verdict = CheckCommand.report(
      try AppRun.run(
        path, appPath: appLog.path, profile: profile, document: document, options: checkOptions,
        reader: readerOptions, everything: false, context: context), context)
    return try run.judged(verdict, session: session, context: context)
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
