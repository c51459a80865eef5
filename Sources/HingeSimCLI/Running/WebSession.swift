import Backends
import EventStream
import Platform

/// The outputs of `hingesim web` as the page's reports arrive: a timeline line each, the app
/// log (the driver's `sync` first, then the page's lines as it wrote them), a screenshot per
/// `shown`. A reference: the real-time loop's idle hook drains into the same session the
/// stream's events go to.
final class WebSession {
  let out: OutputFile
  let err: OutputFile
  let appLog: OutputFile
  var shots: WebScreenshots?
  /// The page's `performance.now()` at the stream's t = 0.
  private var pageClockAtStart = 0.0
  private var handled = 0
  private var exceptionsShown = 0
  private var logged = 0
  /// Reports that were not one JSON object with a numeric `t` and a string `type`.
  private(set) var malformed = 0
  private var counts: [String: Int] = [:]
  /// The simulator's pose and the page's frame, for the screenshots' captions.
  private var pose = ""
  /// The latest a frame reached the page after its layout's stream time, ms, and which.
  private var worstDelivery: (lateMs: Double, frameMs: Double, size: String)?
  private var frame = ""
  /// The page's last reported frame, CSS px (for the screenshots' index).
  private var frameSize = (width: 0.0, height: 0.0)
  /// The driver of the run, once it began (for the exceptions it counted but did not keep).
  private var driver: BrowserDriver?

  init(out: OutputFile, err: OutputFile, appLog: OutputFile, shots: WebScreenshots?) {
    self.out = out
    self.err = err
    self.appLog = appLog
    self.shots = shots
  }

  /// Writes the app log's `sync`: the page's clock at the stream's t = 0.
  func begin(
    driver: BrowserDriver, textLength: Int, browser: String, clock: String, app: String = "hingesim web reader"
  ) {
    let clockName = clock
    self.driver = driver
    guard let clock = driver.pageClockAtStart else { return }
    pageClockAtStart = clock.pageMs
    var sync = JSONObjectWriter()
    sync.field("t", clock.pageMs)
    sync.field("type", "sync")
    sync.field("scriptTime", 0)
    sync.field("textLength", textLength)
    sync.field(
      "app",
      clockName == "stream"
        ? "\(app) in \(browser) (stream clock)"
        : "\(app) in \(browser) (real time, clock read in \(NumberFormat.ms(clock.roundTripMs)) ms)")
    sync.field("clock", clockName == "stream" ? "stream" : "real")
    sync.close()
    appLog.write(bytes: sync.bytes + [UInt8(ascii: "\n")])
  }

  /// Follows the simulator's stream (the pose, for captions).
  func note(_ event: Event) {
    if case .pose(let change) = event.kind { pose = change.pose.rawValue }
    shots?.note(event)
  }

  /// Handles the reports that arrived since the last call.
  func drain(_ driver: BrowserDriver, page: BrowserPage) throws(BrowserError) {
    while exceptionsShown < driver.exceptions.count {
      let (scriptMs, description) = driver.exceptions[exceptionsShown]
      exceptionsShown += 1
      err.line("hingesim: web: at \(NumberFormat.ms(scriptMs)) ms the page threw: \(InputText.excerpt(description))")
    }
    let reports = driver.reports
    while handled < reports.count {
      let report = reports[handled]
      handled += 1
      let screened: PageReportScreen.Report
      switch PageReportScreen.screen(report.payload) {
      case .success(let r): screened = r
      case .failure(let refusal):
        malformed += 1
        err.line(
          "hingesim: web: page report \(handled) is not an app-log event: \(refusal.message); left out of the app log")
        continue
      }
      let (t, type) = (screened.t, screened.type)
      // Reports from before the stream began describe the page as it loaded: not the run's.
      guard t >= pageClockAtStart else { continue }
      // A page inventing types without end gets one line of them, not one per type.
      let name = InputText.excerpt(type, limit: 32)
      counts[counts[name] == nil && counts.count >= Self.typesListed ? "of other types" : name, default: 0] += 1
      logged += 1
      appLog.line(report.payload)
      let scriptMs = t - pageClockAtStart
      out.line(NumberFormat.left(NumberFormat.ms(scriptMs), 9) + " ms  page " + screened.summary)
      if let size = screened.frameSize {
        frame = size
        if case .number(let w)? = screened.value["width"], case .number(let h)? = screened.value["height"] {
          frameSize = (w, h)
        }
        noteDelivery(screened.value, scriptMs: scriptMs)
      }
      if type == "shown", shots != nil {
        let caption =
          "\(pose) \(frame): "
          + screened.summary.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
          + (screened.rangeSummary.map { ", " + $0 } ?? "")
        try shots?.capture(
          page, scriptMs: scriptMs, frameWidth: frameSize.width, frameHeight: frameSize.height, caption: caption)
      }
    }
  }

  /// The most report types the summary names; the rest are counted together.
  static let typesListed = 20

  /// that size sent before it.
  private func noteDelivery(_ value: JSONValue, scriptMs: Double) {
    guard case .number(let w)? = value["width"], case .number(let h)? = value["height"], let driver,
      let sent = driver.sentLayouts.last(where: {
        Double($0.width) == w && Double($0.height) == h && $0.timeMs <= scriptMs + 0.5
      })
    else { return }
    let late = scriptMs - sent.timeMs
    if late > (worstDelivery?.lateMs ?? -1) {
      worstDelivery = (late, scriptMs, "\(sent.width)×\(sent.height)")
    }
  }

  /// Nil when every frame reached the page within `bound` ms of its layout; else what was late.
  func starvation(bound: Double) -> String? {
    guard let worst = worstDelivery, worst.lateMs > bound else { return nil }
    return "the \(worst.size) frame reached the page \(NumberFormat.ms(worst.lateMs)) ms after its layout "
      + "(at \(NumberFormat.ms(worst.frameMs)) ms; bound \(NumberFormat.shortest(bound)) ms)"
  }

  /// The latest delivery, ms (nil before any frame was matched).
  var latestDeliveryMs: Double? { worstDelivery?.lateMs }

  /// Page reports written to the app log (after the sync).
  var reported: Int { logged }

  /// How far the run got, for a message about an early stop.
  var progress: String {
    "the app log holds \(logged) page report(s)" + (shots.map { "; \($0.count) screenshot(s) written" } ?? "")
  }

  /// Closes the app log and the contact sheet; prints the summary.
  func finish(context: CommandContext, appLogPath: String?) throws(CLIError) {
    appLog.close()
    if appLog.failedForReal { throw CLIError(writeFailure: appLog, progress: nil) }
    try shots?.writeIndex()
    out.flush()
    let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    let unshown = driver.map { $0.exceptionCount - $0.exceptions.count } ?? 0
    if unshown > 0 { context.stderr.line("hingesim: web: the page threw \(unshown) more exception(s), not shown") }
    context.stderr.line(
      "hingesim: web: the page reported \(summary.isEmpty ? "nothing" : summary)"
        + (appLogPath.map { "; app log \($0)" } ?? "")
        + (shots.map { "; \($0.count) screenshot(s) in \($0.directory)" } ?? ""))
  }
}
