import EventStream
import Platform

/// The stream clock (`web --clock stream`, the default for verdicts): the page's timers run on
/// the stream's time, so what it does depends on the stream and not on how busy the host is.
///
/// The stream is played as fast as the page takes it, one instant at a time: at each event
/// time t the driver first moves the page's clock to t (firing the timers due by then — a
/// deadline at t comes before an input at t, as in the run loop), then hands over the inputs
/// of t; a layout is sent once every event of its time has been seen, and the driver waits
/// until the page has seen it (its viewport, segments and posture, and one more frame)
/// before the clock moves on. After the source, the clock runs on by `quietMs`.
///
/// ```swift
/// try BrowserDriver.installStreamClock(on: page)  // before the page loads
/// try config.open(url, in: page)
/// try driver.startStreamClock()
/// for event in stream { try driver.step(event) }
/// try driver.finishStepping(quietMs: 1500)
/// ```
extension BrowserDriver {
  /// Installs the page side (`StreamClockScript`) for every document the page loads.
  public static func installStreamClock(on page: BrowserPage) throws(BrowserError) {
    _ = try page.call(
      "Page.addScriptToEvaluateOnNewDocument", .object([("source", .string(StreamClockScript.source))]))
  }

  /// Reads the page's (frozen) clock: stream t = 0 is that page time from now on.
  public func startStreamClock() throws(BrowserError) {
    guard case .number(let now) = try page.evaluate("window.__hingesimClock ? __hingesimClock.now() : -1"), now >= 0
    else { throw .malformed("the page has no stream clock (installStreamClock before the page loads)") }
    // What the page reported as it loaded, at the browser's default size, is not the run's:
    // two frames for its late resize events to come in, then all of it is dropped.
    try page.evaluate(StreamClockScript.twoFrames)
    try collect(untilMs: MonotonicClock.nowMs())
    reports.removeAll()
    stepped = (now, 0)
  }

  /// Takes the next stream event in stream-clock mode. `caughtUp` runs once the page has
  /// caught up to the event's time and before the event reaches it: what the page reported
  /// until then (and a screenshot of it) is of the page before this event.
  public func step(_ event: Event, caughtUp: () throws(BrowserError) -> Void = {}) throws(BrowserError) {
    guard let clock = stepped else { preconditionFailure("step(_:) before startStreamClock()") }
    if let layout = pending, event.time > layout.time { try sendAndWait(layout) }
    if event.time > clock.nowMs { try advance(toMs: event.time) }
    try caughtUp()
    if let hook = hook(for: event) {
      try page.evaluate(hook)
      commandsSent += 1
      // What the page does about it in its next frames (a scroll's handlers run in an animation
      // frame) happens at this instant, not at whichever instant the clock reaches by then.
      try page.evaluate(StreamClockScript.twoFrames)
      try collect(untilMs: MonotonicClock.nowMs())
    }
    if let layout = tracker.add(event) { pending = layout }
  }

  /// Sends the last layout, runs the page's clock on by `quietMs` and collects every report.
  public func finishStepping(quietMs: Double) throws(BrowserError) {
    guard let clock = stepped else { preconditionFailure("finishStepping before startStreamClock()") }
    if let layout = pending { try sendAndWait(layout) }
    try advance(toMs: clock.nowMs + quietMs)
  }

  private func advance(toMs t: Double) throws(BrowserError) {
    guard let clock = stepped else { return }
    try page.evaluate("__hingesimClock.advance(\(NumberFormat.ms(clock.pageMsAtStart + t)))")
    stepped = (clock.pageMsAtStart, t)
    // The evaluation's answer comes after the bindings its timers called: all are in by now.
    try collect(untilMs: MonotonicClock.nowMs())
  }

  private func sendAndWait(_ layout: ExportTimeline.Layout) throws(BrowserError) {
    try send(layout)
    let width = Int(layout.width.rounded())
    let height = Int(layout.height.rounded())
    let segments = layout.division.flatMap { CDPDisplayFeature.fitted($0, width: width, height: height).sent } != nil
    let seen = try page.evaluate(
      StreamClockScript.seen(
        width: width, height: height, segments: segments ? 2 : 1, posture: layout.folded ? "folded" : "continuous",
        timeoutMs: 10_000))
    guard seen == .bool(true) else {
      throw .timeout(
        method: "waiting for the page to see the \(width)×\(height) layout of \(NumberFormat.ms(layout.time)) ms",
        ms: 10_000)
    }
    try collect(untilMs: MonotonicClock.nowMs())
  }
}
