import EventStream
import Platform

/// Plays a simulator stream into a page as it happens: each event, handed over at its real
/// time by the live run loop, becomes the CDP commands `CDPEmulation` gives (every transient
/// size of a burst included), and what the page reports through its binding is collected on
/// the script's clock.
///
/// Text size, page turns, go-to and the library have no CDP command; the driver calls the
/// page's hooks instead: for a text size it sets the CSS custom properties
/// `--hingesim-text-size` and `--hingesim-line-height` (px) on the root element and dispatches
/// `hingesim:textsize` on `window` with `{name, pointSize, lineHeight}`; a turn dispatches
/// `hingesim:turn` with `{direction: "next"|"prev"}`, a go-to `hingesim:goto` with `{offset}`,
/// `sidebar show|hide` `hingesim:sidebar` with `{mode}`, `open-chapter N` `hingesim:chapter`
/// with `{id}`, `notes open|close` `hingesim:notes` with `{open}`.
///
/// ```swift
/// let driver = try BrowserDriver(page: page, startMs: MonotonicClock.nowMs(), speed: 1)
/// // In the live run loop: deliver(event) for each event, idle() before each wait.
/// try driver.finish(quietMs: 1500)
/// ```
public final class BrowserDriver: @unchecked Sendable {
  /// One call of the page's report binding.
  public struct Report: Sendable, Equatable {
    /// When it arrived, on the script's clock (ms since the stream's t = 0).
    public var scriptMs: Double
    /// What the page passed (one app-log line, by the bundled reader's contract).
    public var payload: String
  }

  /// The binding the page reports through: `window.hingesimReport(jsonLine)`.
  public static let bindingName = "hingesimReport"

  let page: BrowserPage
  /// The monotonic time of the stream's t = 0, ms.
  public private(set) var startMs: Double
  private let speed: Double
  private let textStyle: (TextSize) -> (pointSize: Double, lineHeight: Double)?
  var tracker = ExportTimeline.LayoutTracker()
  private var emulation: CDPEmulation
  var pending: ExportTimeline.Layout?
  /// In stream-clock mode, the page clock at the stream's t = 0 and the stream time the page's
  /// clock stands at (`BrowserDriver+StreamClock`); nil in real time.
  var stepped: (pageMsAtStart: Double, nowMs: Double)?
  /// Called with each emulation command as it is sent (before its answer) and its layout's
  /// stream time (`web --cdp-out`, `bench web`'s share of the knob chain).
  public var onEmulation: ((Double, CDPCommand) -> Void)?

  /// The page's reports so far, in arrival order.
  public internal(set) var reports: [Report] = []
  /// Exceptions the page threw and did not catch, in arrival order, with their stream time: the
  /// first `exceptionsKept` (a page throwing in a loop is counted, not kept).
  public private(set) var exceptions: [(scriptMs: Double, description: String)] = []
  /// Every exception the page threw, kept or not.
  public private(set) var exceptionCount = 0
  /// The most exceptions kept with their description.
  public static let exceptionsKept = 20
  /// The layouts sent so far: their stream time and whole-pixel size (to measure how late each
  /// reached the page).
  public internal(set) var sentLayouts: [(timeMs: Double, width: Int, height: Int)] = []
  /// Commands sent for stream events so far.
  public internal(set) var commandsSent = 0
  /// The page's `performance.now()` minus our monotonic clock, and the round trip it was read
  /// in, ms (`synchronize()`).
  public internal(set) var clockOffset: (ms: Double, roundTripMs: Double)?

  /// `performance.now()` in the page at the stream's t = 0 (the app log's `sync`), and the
  /// round trip the clocks were compared in, ms.
  public var pageClockAtStart: (pageMs: Double, roundTripMs: Double)? {
    if let stepped { return (stepped.pageMsAtStart, 0) }
    return clockOffset.map { (startMs + $0.ms, $0.roundTripMs) }
  }

  /// A driver for `page`, whose stream time 0 is the monotonic `startMs`; `speed` is the
  /// `--speed` factor (stream ms per real ms).
  public init(
    page: BrowserPage, startMs: Double, speed: Double = 1, deviceScaleFactor: Double = 0,
    textStyle: @escaping (TextSize) -> (pointSize: Double, lineHeight: Double)? = { _ in nil }
  ) {
    self.page = page
    self.startMs = startMs
    self.speed = speed
    self.textStyle = textStyle
    emulation = CDPEmulation(deviceScaleFactor: deviceScaleFactor)
  }

  /// Reads the page's clock against ours: `performance.now()` evaluated `samples` times, and
  /// the reading with the shortest round trip taken at its midpoint (as NTP picks its sample),
  /// so the error is at most half that round trip.
  public func synchronize(samples: Int = 8) throws(BrowserError) {
    var best: (ms: Double, roundTripMs: Double)?
    for _ in 0..<max(1, samples) {
      let before = MonotonicClock.nowMs()
      let value = try page.evaluate("performance.now()")
      let after = MonotonicClock.nowMs()
      guard case .number(let pageNow) = value else { throw .malformed("performance.now() gave \(value.found)") }
      let sample = (ms: pageNow - (before + after) / 2, roundTripMs: after - before)
      if best == nil || sample.roundTripMs < best!.roundTripMs { best = sample }
    }
    clockOffset = best
  }

  /// Sets the monotonic time of the stream's t = 0 (the run loop's clock start), after
  /// `synchronize()` so that comparing clocks does not delay the stream.
  public func start(atMs startMs: Double) { self.startMs = startMs }

  /// The stream time now, ms.
  public var scriptNowMs: Double { (MonotonicClock.nowMs() - startMs) * speed }

  /// Takes the next stream event. A layout is sent once every event of its time has been
  /// seen — at the next later event or when the run loop goes idle (`idle()`) — so the page
  /// never sees a frame without the fold that comes with it at the same time.
  public func deliver(_ event: Event) throws(BrowserError) {
    if let layout = pending, event.time > layout.time { try send(layout) }
    if let hook = hook(for: event) {
      try page.evaluate(hook)
      commandsSent += 1
    }
    if let layout = tracker.add(event) { pending = layout }
  }

  /// The run loop is about to wait: sends the pending layout and collects the reports that
  /// have arrived.
  public func idle() throws(BrowserError) {
    if let layout = pending { try send(layout) }
    try collect(untilMs: MonotonicClock.nowMs())
  }

  func send(_ layout: ExportTimeline.Layout) throws(BrowserError) {
    pending = nil
    sentLayouts.append((layout.time, Int(layout.width.rounded()), Int(layout.height.rounded())))
    for command in emulation.commands(for: layout) {
      onEmulation?(layout.time, command)
      try page.call(command.method, command.params)
      commandsSent += 1
    }
  }

  /// Collects reports until none has arrived for `quietMs` (the page has settled), or
  /// `limitMs` have passed.
  public func finish(quietMs: Double, limitMs: Double = 30_000) throws(BrowserError) {
    if let layout = pending { try send(layout) }
    let end = MonotonicClock.nowMs() + limitMs
    while true {
      let before = reports.count
      try collect(untilMs: min(MonotonicClock.nowMs() + quietMs, end))
      if reports.count == before || MonotonicClock.nowMs() >= end || StopRequest.isRequested { return }
    }
  }

  func collect(untilMs deadline: Double) throws(BrowserError) {
    while let report = try page.nextReport(deadlineMs: deadline) {
      switch report {
      case .binding(Self.bindingName, let payload):
        reports.append(Report(scriptMs: stepped?.nowMs ?? scriptNowMs, payload: payload))
      case .binding: continue
      case .exception(let description):
        exceptionCount += 1
        if exceptions.count < Self.exceptionsKept {
          exceptions.append((stepped?.nowMs ?? scriptNowMs, String(description.prefix(PageReportScreen.payloadLimit))))
        }
      }
    }
  }

  /// The page hook for an input no CDP command carries: text size, page turns, go-to, the
  /// sidebar, an opened chapter.
  func hook(for event: Event) -> String? {
    switch event.kind {
    case .textSize(let size): textStyle(size).map { Self.textSizeHook(size, $0) }
    case .turn(let direction, _):
      "window.dispatchEvent(new CustomEvent('hingesim:turn', {detail: {direction: '\(direction.rawValue)'}}))"
    case .goto(let offset):
      "window.dispatchEvent(new CustomEvent('hingesim:goto', {detail: {offset: \(offset)}}))"
    case .sidebar(let mode):
      "window.dispatchEvent(new CustomEvent('hingesim:sidebar', {detail: {mode: '\(mode.rawValue)'}}))"
    case .openChapter(let id):
      "window.dispatchEvent(new CustomEvent('hingesim:chapter', {detail: {id: \(id)}}))"
    case .notes(let action):
      "window.dispatchEvent(new CustomEvent('hingesim:notes', {detail: {open: \(action == .open)}}))"
    default: nil
    }
  }

  /// The script that applies a text size to the page (the documented hook).
  public static func textSizeHook(_ size: TextSize, _ style: (pointSize: Double, lineHeight: Double)) -> String {
    let point = NumberFormat.shortest(style.pointSize)
    let line = NumberFormat.shortest(style.lineHeight)
    return """
      (() => { const r = document.documentElement.style; \
      r.setProperty('--hingesim-text-size', '\(point)px'); r.setProperty('--hingesim-line-height', '\(line)px'); \
      window.dispatchEvent(new CustomEvent('hingesim:textsize', \
      {detail: {name: '\(size.rawValue)', pointSize: \(point), lineHeight: \(line)}})); })()
      """
  }
}
