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
    /// The browser, the app log, the clock.
    var run: BrowserRun
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
    let run = setup.run
    let appLog = try run.openAppLog()
    defer { appLog.remove() }
    let shots = try run.openScreenshots()
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
    let browser = try run.openBrowser()
    defer { browser.close() }
    let out = context.stdout
    out.lineBuffered = true  // the timeline as the run goes, not when it ends
    let session = WebSession(out: out, err: context.stderr, appLog: appLog.file, shots: shots)
    var settles: [PDFJSCheck.Settle] = []
    var turns: [Double] = []
    let sourceFailure: CLIError?
    do throws(BrowserError) {
      let page = try browser.newPage()
      try page.addBinding(BrowserDriver.bindingName)
      if run.stepped { try BrowserDriver.installStreamClock(on: page) }
      for script in [optionsScript(spreadMode: setup.spreadMode, zoom: setup.zoom), setup.adapter] {
        try page.call("Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(script))]))
      }
      try page.navigate(server.url(viewerPrefix + "web/viewer.html?file=" + documentPath))
      guard try page.wait(until: opened(stepped: run.stepped), timeoutMs: openTimeoutMs) else {
        let asked = server.served.map { "\($0.path) \($0.status)" }.suffix(12).joined(separator: ", ")
        throw .io(
          "PDF.js did not open \(setup.pdfPath) within \(Int(openTimeoutMs / 1000)) s (the server answered: \(asked))"
        )
      }
      let driver = BrowserDriver(page: page, startMs: MonotonicClock.nowMs())
      sourceFailure = try run.play(
        setup.path, profile: setup.profile, options: setup.options, driver: driver, page: page, session: session,
        textLength: setup.document.pageCount, browser: browser.version, app: "PDF.js (Debian libjs-pdf)",
        context: context
      ) { event in
        switch event.kind {
        case .settled(let settled): settles.append(PDFJSCheck.Settle(time: event.time, settled: settled))
        case .turn: turns.append(event.time)
        default: break
        }
      }
    } catch {
      throw CLIError(web: browser.explain(error), progress: session.progress)
    }
    if let early = try run.conclude(
      session: session, sourceFailure: sourceFailure,
      nothingReported: "web: PDF.js reported nothing through the adapter (web/pdfjs/adapter.js)", context: context)
    {
      return early
    }
    let verdict = try check(logPath: appLog.path, setup: setup, settles: settles, turns: turns, context: context)
    return try run.judged(verdict, session: session, context: context)
  }

  /// An expression true once PDF.js has opened the document. On the stream clock the page's
  /// timers only run when the driver moves its clock, so each poll moves it on by 10 ms (PDF.js
  /// may wait on a timer while it loads); what the page reports meanwhile is dropped when the
  /// run starts.
  static func opened(stepped: Bool) -> String {
    let open =
      "!!(window.PDFViewerApplication && PDFViewerApplication.pdfViewer && PDFViewerApplication.pdfViewer.pagesCount > 0)"
    guard stepped else { return open }
    return "(window.__hingesimClock && __hingesimClock.advance(__hingesimClock.now() + 10), \(open))"
  }

  /// Holds the written log to the PDF rules and prints the verdict as `check --app` does.
  static func check(
    logPath: String, setup: Setup, settles: [PDFJSCheck.Settle], turns: [Double], context: CommandContext
  ) throws(CLIError) -> ExitCode {
    let bytes = try TextFile.readBytes(logPath, limit: context.readLimits[.appLog])
    let log: AppLog
    do {
      log = try AppLog.decode(
        bytes, file: setup.run.appLogPath ?? "the page's app log", textLength: setup.document.pageCount)
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
    let where_ = setup.run.appLogPath.map { $0 + ":" } ?? "line "
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
