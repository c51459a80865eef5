import Backends
import EventStream
import Platform

/// The outputs of `hingesim web` as the page's reports arrive: a timeline line each, the app
/// log (the driver's `sync` first, then the page's lines as it wrote them), a screenshot per
/// `shown`.
struct WebSession {
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
  private var frame = ""

  init(out: OutputFile, err: OutputFile, appLog: OutputFile, shots: WebScreenshots?) {
    self.out = out
    self.err = err
    self.appLog = appLog
    self.shots = shots
  }

  /// Writes the app log's `sync`: the page's clock at the stream's t = 0.
  mutating func begin(driver: BrowserDriver, textLength: Int, browser: String, app: String = "hingesim web reader") {
    guard let clock = driver.pageClockAtStart else { return }
    pageClockAtStart = clock.pageMs
    var sync = JSONObjectWriter()
    sync.field("t", clock.pageMs)
    sync.field("type", "sync")
    sync.field("scriptTime", 0)
    sync.field("textLength", textLength)
    sync.field("app", "\(app) in \(browser) (clock read in \(NumberFormat.ms(clock.roundTripMs)) ms)")
    sync.close()
    appLog.write(bytes: sync.bytes + [UInt8(ascii: "\n")])
  }

  /// Follows the simulator's stream (the pose, for captions).
  mutating func note(_ event: Event) {
    if case .pose(let change) = event.kind { pose = change.pose.rawValue }
  }

  /// Handles the reports that arrived since the last call.
  mutating func drain(_ driver: BrowserDriver, page: BrowserPage) throws(BrowserError) {
    while exceptionsShown < driver.exceptions.count {
      let (scriptMs, description) = driver.exceptions[exceptionsShown]
      exceptionsShown += 1
      err.line("hingesim: web: at \(NumberFormat.ms(scriptMs)) ms the page threw: \(InputText.excerpt(description))")
    }
    let reports = driver.reports
    while handled < reports.count {
      let report = reports[handled]
      handled += 1
      guard let value = try? JSONValue.parse(Array(report.payload.utf8)), case .object = value,
        case .number(let t)? = value["t"], t.isFinite, case .string(let type)? = value["type"]
      else {
        malformed += 1
        err.line(
          "hingesim: web: page report \(handled) is not an app-log event (a JSON object with a numeric 't' "
            + "and a string 'type'), found: \(InputText.excerpt(report.payload)); left out of the app log")
        continue
      }
      // Reports from before the stream began describe the page as it loaded: not the run's.
      guard t >= pageClockAtStart else { continue }
      counts[type, default: 0] += 1
      logged += 1
      appLog.line(report.payload)
      let scriptMs = t - pageClockAtStart
      out.line(NumberFormat.left(NumberFormat.ms(scriptMs), 9) + " ms  page " + Self.describe(type, value))
      if type == "frame" { frame = Self.describe(type, value).split(separator: " ").last.map(String.init) ?? "" }
      if type == "shown", shots != nil {
        let caption =
          "\(pose) \(frame): "
          + Self.describe(type, value).split(separator: " ", omittingEmptySubsequences: true)
          .joined(separator: " ") + Self.ranges(value)
        try shots?.capture(page, scriptMs: scriptMs, caption: caption)
      }
    }
  }

  /// Page reports written to the app log (after the sync).
  var reported: Int { logged }

  /// How far the run got, for a message about an early stop.
  var progress: String {
    "the app log holds \(logged) page report(s)" + (shots.map { "; \($0.count) screenshot(s) written" } ?? "")
  }

  /// Closes the app log and the contact sheet; prints the summary.
  mutating func finish(context: CommandContext, appLogPath: String?) throws(CLIError) {
    appLog.close()
    if appLog.failedForReal { throw CLIError(writeFailure: appLog, progress: nil) }
    try shots?.writeIndex()
    out.flush()
    let summary = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    context.stderr.line(
      "hingesim: web: the page reported \(summary.isEmpty ? "nothing" : summary)"
        + (appLogPath.map { "; app log \($0)" } ?? "")
        + (shots.map { "; \($0.count) screenshot(s) in \($0.directory)" } ?? ""))
  }

  /// `, characters 3647–5520`: the shown pages' ranges.
  static func ranges(_ value: JSONValue) -> String {
    guard case .array(let ranges)? = value["ranges"] else { return "" }
    var bounds: [Double] = []
    for case .array(let pair) in ranges {
      for case .number(let n) in pair { bounds.append(n) }
    }
    guard let low = bounds.min(), let high = bounds.max() else { return "" }
    return ", characters \(Int(low))–\(Int(high))"
  }

  /// A page report in a few words: `shown spread pages 1–2 of 50, offset 0`.
  static func describe(_ type: String, _ value: JSONValue) -> String {
    func number(_ key: String) -> String {
      if case .number(let n)? = value[key] { return NumberFormat.shortest(n, places: 3) }
      return "?"
    }
    switch type {
    case "frame": return "frame      \(number("width"))×\(number("height"))"
    case "paginated":
      return "paginated  \(number("pageCount")) pages of \(number("pageWidth"))×\(number("pageHeight")) in "
        + "\(number("ms")) ms"
    case "shown":
      var pages: [Int] = []
      if case .array(let items)? = value["pages"] {
        for case .number(let n) in items { pages.append(Int(n) + 1) }
      }
      let layout: String = if case .string(let s)? = value["layout"] { s } else { "?" }
      let which = pages.count == 2 ? "pages \(pages[0])–\(pages[1])" : "page \(pages.first.map(String.init) ?? "?")"
      return "shown      \(layout) \(which) of \(number("pageCount")), offset \(number("offset"))"
    default: return type
    }
  }
}
