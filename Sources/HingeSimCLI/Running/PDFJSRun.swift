import AppLogs
import Backends
import EventStream
import Platform
import Reader
import Reports
import Simulator

/// One run of `web --reader pdfjs`: the server up, the browser up, PDF.js open on the document,
/// the source played into it, everything closed, the page's log checked (`PDFJSCheck`).
enum PDFJSRun {
  /// What the command line decided.
  struct Setup {
    var path: String
    var pdfPath: String
    var pdfjs: String
    var adapter: String
    var spreadMode: Int
    var zoom: String
    var document: FixedLayoutDocument
    var profile: Profile
    var options: SourceOptions
    var appLogPath: String?
    var screenshotDirectory: String?
    var browserPath: String?
    var browserURL: String?
    var quietMs: Double
  }

  /// How long PDF.js may take to open the document, ms.
  static let openTimeoutMs = 20_000.0

  /// `150` or `150%`, 10 to 1000: PDF.js's zoom as a percentage.
  static func zoomPercent(_ text: String) -> Double? {
    let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(digits), value.isFinite, value >= 10, value <= 1000 else { return nil }
    return value
  }

  /// Where the server puts the viewer and the document.
  static let viewerPrefix = "/pdfjs/"
  static let documentPath = "/document.pdf"

  /// The script set before the viewer loads: PDF.js's options (its documented `webviewerloaded`
  /// hook; preferences off, so that stored ones cannot override them).
  static func optionsScript(spreadMode: Int, zoom: String) -> String {
    let zoomValue = zoomPercent(zoom).map { NumberFormat.shortest($0 / 100) } ?? zoom
    return """
      document.addEventListener("webviewerloaded", () => { const o = window.PDFViewerApplicationOptions; \
      o.set("disablePreferences", true); o.set("disableHistory", true); \
      o.set("spreadModeOnLoad", \(spreadMode)); o.set("defaultZoomValue", "\(zoomValue)"); });
      """
  }

  static func run(_ setup: Setup, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let temporary = setup.appLogPath == nil ? POSIX.temporaryDirectory(prefix: "hingesim-web") : nil
    defer { if let temporary { Directory.removeTree(temporary) } }
    guard let logPath = setup.appLogPath ?? temporary.map({ $0 + "/app.jsonl" }) else {
      throw CLIError("web: cannot make a temporary directory for the app log", code: .ioError)
    }
    let appLog = try OutputFile.create(path: logPath, lineBuffered: true)
    defer { appLog.close() }
    var shots: WebScreenshots?
    if let directory = setup.screenshotDirectory { shots = try WebScreenshots(directory: directory) }

    let server: LoopbackFileServer
    do throws(BrowserError) {
      server = try LoopbackFileServer.start(routes: [
        .init(prefix: viewerPrefix, target: setup.pdfjs),
        .init(prefix: documentPath, target: absolute(setup.pdfPath)),
      ])
    } catch {
      throw CLIError("web: \(error.message)", code: .ioError)
    }
    defer { server.stop() }
    StreamRun.installInterruptHandler()
    let browser: Chromium
    do throws(BrowserError) {
      if let browserURL = setup.browserURL {
        browser = try Chromium.attach(url: browserURL)
      } else {
        browser = try Chromium.launch(program: setup.browserPath)
      }
    } catch {
      throw CLIError(web: error)
    }
    defer { browser.close() }
    let out = context.stdout
    out.lineBuffered = true  // the timeline as the run goes, not when it ends
    var session = WebSession(out: out, err: context.stderr, appLog: appLog, shots: shots)
    var settles: [PDFJSCheck.Settle] = []
    var turns: [Double] = []
    var sourceFailure: CLIError?
    do throws(BrowserError) {
      let page = try browser.newPage()
      try page.addBinding(BrowserDriver.bindingName)
      for script in [optionsScript(spreadMode: setup.spreadMode, zoom: setup.zoom), setup.adapter] {
        try page.call("Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(script))]))
      }
      let url = server.url(viewerPrefix + "web/viewer.html?file=" + documentPath)
      try page.navigate(url)
      guard
        try page.wait(
          until:
            "!!(window.PDFViewerApplication && PDFViewerApplication.pdfViewer && PDFViewerApplication.pdfViewer.pagesCount > 0)",
          timeoutMs: openTimeoutMs)
      else {
        let asked = server.served.map { "\($0.path) \($0.status)" }.suffix(12).joined(separator: ", ")
        throw .io(
          "PDF.js did not open \(setup.pdfPath) within \(Int(openTimeoutMs / 1000)) s (the server answered: \(asked))"
        )
      }
      let driver = BrowserDriver(page: page, startMs: MonotonicClock.nowMs())
      try driver.synchronize()
      let clock = LiveClock()
      driver.start(atMs: clock.startMs)
      session.begin(
        driver: driver, textLength: setup.document.pageCount, browser: browser.version, clock: "real",
        app: "PDF.js (Debian libjs-pdf)"
      )
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
      do throws(CLIError) {
        let skipped = try StreamRun.simulate(
          setup.path, profile: setup.profile, options: setup.options, context: context,
          live: LiveDriving(clock: clock, hooks: idle)
        ) { event in
          if EventText.isTimelineEvent(event.kind) { out.line(EventText.line(event)) }
          session.note(event)
          switch event.kind {
          case .settled(let settled): settles.append(PDFJSCheck.Settle(time: event.time, settled: settled))
          case .turn: turns.append(event.time)
          default: break
          }
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
      if !StopRequest.isRequested, sourceFailure == nil { try driver.finish(quietMs: setup.quietMs) }
      try session.drain(driver, page: page)
    } catch {
      throw CLIError(web: browser.explain(error), progress: session.progress)
    }
    try session.finish(context: context, appLogPath: setup.appLogPath)
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
      throw CLIError("web: PDF.js reported nothing through the adapter (web/pdfjs/adapter.js)", code: .dataError)
    }
    if session.malformed > 0 { return .dataError }
    return try check(logPath: logPath, setup: setup, settles: settles, turns: turns, context: context)
  }

  /// Holds the written log to the PDF rules and prints the verdict as `check --app` does.
  static func check(
    logPath: String, setup: Setup, settles: [PDFJSCheck.Settle], turns: [Double], context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let bytes = try TextFile.readBytes(logPath, limit: context.readLimits[.appLog])
    let log: AppLog
    do {
      log = try AppLog.decode(
        bytes, file: setup.appLogPath ?? "the page's app log", textLength: setup.document.pageCount)
    } catch {
      throw CLIError(inputError: error)
    }
    for warning in log.warnings.prefix(20) { context.stderr.line("hingesim: \(warning)") }
    let result = PDFJSCheck(log: log, settles: settles, turns: turns)
    let what = "PDF.js on \(setup.pdfPath) against \(setup.path)"
    let checked = "\(result.shownChecked) shown state(s) at \(result.settleCount) settle(s) checked"
    guard !result.findings.isEmpty else {
      context.stdout.line("ok    \(what): \(checked)")
      return .ok
    }
    context.stdout.line("FAIL  \(what): \(result.findings.count) violation(s) (\(checked))")
    let where_ = setup.appLogPath.map { $0 + ":" } ?? "line "
    for f in result.findings.prefix(50) {
      context.stdout.line(
        "        \(f.line > 0 ? where_ + String(f.line) : "-")  \(NumberFormat.ms(f.time)) ms  \(f.rule): \(f.message) [simulator: \(f.state)]"
      )
    }
    if result.findings.count > 50 { context.stdout.line("        … \(result.findings.count - 50) more") }
    return .failure
  }

  static func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : (Process.currentDirectory ?? ".") + "/" + path
  }
}
