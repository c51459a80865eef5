import Backends
import EventStream
import Platform
import Reports
import Simulator

/// What every `hingesim web` run shares, whichever page it drives (the bundled reader, a
/// user's `--url`, Mozilla's PDF.js): the browser options, the app log, the browser started or
/// attached, the source played into the page on the stream clock or in real time, and how the
/// run ends. The commands add only their page: how it is opened and what its log is held to.
///
/// ```swift
/// let run = try BrowserRun.parse(&args)  // --app-log, --clock, --browser, --quiet-ms …
/// let log = try run.openAppLog()
/// defer { log.remove() }
/// let browser = try run.openBrowser()
/// defer { browser.close() }
/// let page = try browser.newPage()
/// if run.stepped { try BrowserDriver.installStreamClock(on: page) }
/// // … open the page, make its BrowserDriver …
/// let failure = try run.play(source, driver: driver, page: page, session: session, context: context) { _ in }
/// if let early = try run.conclude(session: session, sourceFailure: failure, context: context) { return early }
/// ```
struct BrowserRun {
  var appLogPath: String?
  var screenshotDirectory: String?
  var browserPath: String?
  var browserURL: String?
  /// After the source ends, how long the page must have been quiet, ms.
  var quietMs: Double
  /// `--clock stream` (the default): the page's timers run on the stream's time and the stream
  /// is played as fast as the page takes it; `false` is `--clock real`.
  var stepped: Bool

  /// How late a frame may reach the page in real time before the host counts as starved, ms:
  /// three 60-Hz frames — a burst's sizes come one frame apart, so later than that the page
  /// sees a burst the device never delivered.
  static let starvationBoundMs = 50.0

  /// Reads the options every browser run takes; `--browser` and `--browser-url` exclude each
  /// other.
  static func parse(_ args: inout Arguments) throws(CLIError) -> BrowserRun {
    let appLogPath = try args.option("--app-log")
    let screenshotDirectory = try args.option("--screenshots")
    let browserPath = try args.option("--browser")
    let browserURL = try args.option("--browser-url")
    if browserPath != nil, browserURL != nil {
      throw .usage("--browser starts a browser, --browser-url attaches to one: give one")
    }
    let clockName = try args.option("--clock") ?? "stream"
    guard ["stream", "real"].contains(clockName) else {
      throw .usage("--clock: expected stream or real, found '\(InputText.excerpt(clockName))'")
    }
    let quietMs = try args.double("--quiet-ms", in: 0...60_000, unit: "ms") ?? 1500
    return BrowserRun(
      appLogPath: appLogPath, screenshotDirectory: screenshotDirectory, browserPath: browserPath,
      browserURL: browserURL, quietMs: quietMs, stepped: clockName == "stream")
  }

  /// The source's options as a browser run plays them: `--realtime` and `--speed` are refused
  /// (the clock is the page's), and only `--clock real` paces the stream by the host's clock.
  func sourceOptions(_ args: inout Arguments) throws(CLIError) -> SourceOptions {
    var options = try SourceOptions.parse(&args)
    guard !options.realtime, options.speed == 1 else {
      throw .usage(
        "web plays on the stream clock or in real time (--clock): --realtime and --speed do not apply")
    }
    options.realtime = !stepped
    return options
  }

  /// The app log the page's reports go to: `--app-log FILE`, or a file in a temporary
  /// directory (checking the log needs it) that `remove()` deletes.
  struct AppLogFile {
    let file: OutputFile
    let path: String
    let temporary: String?

    /// Closes the log and removes the temporary directory, if there is one.
    func remove() {
      file.close()
      if let temporary { Directory.removeTree(temporary) }
    }
  }

  func openAppLog() throws(CLIError) -> AppLogFile {
    let temporary = appLogPath == nil ? POSIX.temporaryDirectory(prefix: "hingesim-web") : nil
    guard let path = appLogPath ?? temporary.map({ $0 + "/app.jsonl" }) else {
      throw CLIError("web: cannot make a temporary directory for the app log", code: .ioError)
    }
    do {
      return AppLogFile(file: try OutputFile.create(path: path, lineBuffered: true), path: path, temporary: temporary)
    } catch {
      if let temporary { Directory.removeTree(temporary) }
      throw error
    }
  }

  /// `--screenshots DIR`, checked before the browser starts.
  func openScreenshots() throws(CLIError) -> WebScreenshots? {
    guard let screenshotDirectory else { return nil }
    return try WebScreenshots(directory: screenshotDirectory)
  }

  /// Starts Chromium, or attaches to `--browser-url`; SIGINT and SIGTERM end every wait from here on.
  func openBrowser() throws(CLIError) -> Chromium {
    StreamRun.installInterruptHandler()
    do throws(BrowserError) {
      if let browserURL { return try Chromium.attach(url: browserURL) }
      return try Chromium.launch(program: browserPath)
    } catch {
      throw CLIError(web: error)
    }
  }

  /// Plays the source at `path` into the page: on the stream clock one instant at a time (the
  /// page's clock moved to each event's time, each layout waited for), or in real time with
  /// each frame's delivery measured. Starts the driver's clock and writes the app log's `sync`
  /// first. `onEvent` sees every stream event before the page does. The source's own failure
  /// (a bad line) is returned, not thrown, so that what the page reported is still kept; the
  /// browser's failures are thrown.
  func play(
    _ path: String, profile: Profile, options: SourceOptions, driver: BrowserDriver, page: BrowserPage,
    session: WebSession, textLength: Int, browser: String, app: String, context: CommandContext,
    onEvent: (Event) -> Void
  ) throws(BrowserError) -> CLIError? {
    let out = context.stdout
    var failure: BrowserError?
    var sourceFailure: CLIError?
    var live = LiveDriving()
    if stepped {
      try driver.startStreamClock()
      session.begin(driver: driver, textLength: textLength, browser: browser, clock: "stream", app: app)
    } else {
      try driver.synchronize()
      let clock = LiveClock()
      driver.start(atMs: clock.startMs)
      session.begin(driver: driver, textLength: textLength, browser: browser, clock: "real", app: app)
      live = LiveDriving(
        clock: clock,
        hooks: LiveHooks(idle: { _ in
          do throws(BrowserError) {
            try driver.idle()
            try session.drain(driver, page: page)
          } catch {
            failure = failure ?? error
            StopRequest.set(true)
          }
          return clock.now + 10
        }))
    }
    do throws(CLIError) {
      let skipped = try StreamRun.simulate(path, profile: profile, options: options, context: context, live: live) {
        event in
        session.note(event)
        onEvent(event)
        // On the stream clock the page first catches up to the event's time, so that its lines
        // up to then come before the event's in the timeline.
        if failure == nil, !StopRequest.isRequested {
          do throws(BrowserError) {
            if stepped {
              try driver.step(event) { () throws(BrowserError) in try session.drain(driver, page: page) }
              try session.drain(driver, page: page)
            } else {
              try driver.deliver(event)
            }
          } catch {
            failure = error
            StopRequest.set(true)
          }
        }
        if EventText.isTimelineEvent(event.kind) { out.line(EventText.line(event)) }
      }
      if skipped > 0 { context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)") }
    } catch {
      sourceFailure = error
    }
    if let failure { throw failure }
    if !StopRequest.isRequested, sourceFailure == nil {
      if stepped { try driver.finishStepping(quietMs: quietMs) } else { try driver.finish(quietMs: quietMs) }
    }
    try session.drain(driver, page: page)
    return sourceFailure
  }

  /// How every browser run ends before its verdict: the app log closed and the summary
  /// printed, then a source failure, a signal, a page that reported nothing (65, with
  /// `nothingReported` saying where a page reports), or malformed reports (65). `nil`: go on
  /// to the verdict.
  func conclude(
    session: WebSession, sourceFailure: CLIError?, nothingReported: String, context: CommandContext
  ) throws(CLIError) -> ExitCode? {
    try session.finish(context: context, appLogPath: appLogPath)
    if var sourceFailure {
      sourceFailure.message += "\n  \(session.progress)"
      throw sourceFailure
    }
    if let signal = StopRequest.signal {
      var stopped = CLIError(interruptedBy: signal)
      stopped.message += "; \(session.progress)"
      throw stopped
    }
    if session.reported == 0 { throw CLIError(nothingReported, code: .dataError) }
    return session.malformed > 0 ? .dataError : nil
  }

  /// The verdict as the run reports it: in real time, a page that broke a rule while frames
  /// reached it more than `starvationBoundMs` late is the host's failure (75), not the app's.
  func judged(_ verdict: ExitCode, session: WebSession, context: CommandContext) throws(CLIError) -> ExitCode {
    guard !stepped, let late = session.starvation(bound: Self.starvationBoundMs) else { return verdict }
    context.stderr.line("hingesim: web: host starved: \(late)")
    guard verdict == .failure else { return verdict }
    throw CLIError(
      "web: the page broke a rule on a starved host (frames reached it more than "
        + "\(NumberFormat.shortest(Self.starvationBoundMs)) ms late): the verdict is the host's, not the app's; "
        + "run again on a quieter host or with --clock stream", code: .hostStarved)
  }
}
