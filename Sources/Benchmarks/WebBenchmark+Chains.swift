import Backends
import EventStream
import Knob
import Platform
import Simulator

extension WebBenchmark {
  /// Knob → the page's `resize` handler, one timestamp chain per knob event, in one run: a
  /// dial input stamped on the monotonic clock (as evdev stamps it) goes through the knob
  /// mapping, the simulator (hinge, scene: the first size of a burst comes with the status
  /// change) and `BrowserDriver` — `web`'s own path — to `Emulation.setDeviceMetricsOverride`;
  /// the page's handler stamps `performance.now()`, mapped onto ours by the clock sync. Each
  /// input opens or closes the phone (so each sends a new size). The hinge's rate policy is off
  /// (as in `bench knob`); reading the device through libevdev is the one link not in the chain
  /// (`bench knob`: p99 under 0.1 ms). Between inputs the burst and the settle are fired at
  /// once, sending nothing, so the next chain starts from a quiet page.
  static func knobChain(
    _ s: Settings, page: BrowserPage, driver: BrowserDriver, sync: (pageMs: Double, roundTripMs: Double)
  ) throws(BrowserError) -> (chains: [Double], ours: [Double]) {
    var profile = s.profile
    profile.hinge?.policy.minIntervalMs = 0
    profile.hinge?.policy.precision = 0
    profile.hinge?.policy.minChange = 0
    profile.hinge?.policy.noise = 0
    var pipeline = Pipeline(Pipeline.simulator(profile: profile))
    var mapper = KnobMapper(
      kind: .dial, mapping: KnobMapping(lower: 0, upper: 180, degreesPerStep: 1), initialDegrees: 0)
    // Stream time runs with the monotonic clock, shifted past every deadline fired at once.
    var shift = 0.0
    func streamTime(_ monotonic: Double) -> Double { StreamTime.rounded(monotonic - driver.startMs + shift) }
    func flush() throws(BrowserError) {
      while let (stage, time) = pipeline.earliestDeadline {
        pipeline.fire(stage: stage, at: time) { _ in }
        shift = max(shift, time - (MonotonicClock.nowMs() - driver.startMs) + 1)
      }
    }
    var pending: BrowserError?
    func feed(_ event: Event) throws(BrowserError) {
      pipeline.input(event) { e in
        guard pending == nil else { return }
        do throws(BrowserError) { try driver.deliver(e) } catch { pending = error }
      }
      if let pending { throw pending }
    }
    try feed(Event(time: streamTime(MonotonicClock.nowMs()), .sample(angle: 0)))
    try driver.idle()
    try flush()
    _ = try drainProbes(page, untilMs: MonotonicClock.nowMs() + 300)

    var chains: [Double] = []
    // hingesim's own share of each chain: the input to the metrics override written to the pipe.
    var ours: [Double] = []
    var firstSent: Double?
    driver.onEmulation = { _, command in
      if firstSent == nil, command.method == "Emulation.setDeviceMetricsOverride" { firstSent = MonotonicClock.nowMs() }
    }
    defer { driver.onEmulation = nil }
    for i in 0..<s.samples {
      firstSent = nil
      let stamp = MonotonicClock.nowMs()
      let input = KnobInput(time: stamp, kind: .relative(code: KnobCode.relDial, value: i % 2 == 0 ? 45 : -90))
      for action in mapper.map(input) {
        guard case .angle(_, let degrees) = action else { continue }
        try feed(Event(time: streamTime(stamp), .sample(angle: degrees)))
      }
      let before = driver.reports.count
      try driver.idle()  // sends the layout of this instant, as the live loop does before it waits
      // The handler may run before the last command's answer: the driver then kept its report.
      let kept = driver.reports[before...].lazy.compactMap { report -> Double? in
        guard let value = try? JSONValue.parse(Array(report.payload.utf8)), value["type"] == .string("probe"),
          case .number(let t)? = value["t"]
        else { return nil }
        return t
      }.first
      var probe = kept
      if probe == nil { probe = try drainProbes(page, untilMs: MonotonicClock.nowMs() + 1000).first }
      if let t = probe {
        chains.append(t - sync.pageMs + driver.startMs - stamp)
        if let firstSent { ours.append(firstSent - stamp) }
      }
      try flush()
      _ = try drainProbes(page, untilMs: MonotonicClock.nowMs() + 40)
    }
    return (chains, ours)
  }

  /// The page's `probe` times (its resize handler) reported until `deadline`; stops at the first.
  static func drainProbes(_ page: BrowserPage, untilMs deadline: Double) throws(BrowserError) -> [Double] {
    while let report = try page.nextReport(deadlineMs: deadline) {
      guard case .binding(_, let payload) = report, let value = try? JSONValue.parse(Array(payload.utf8)),
        value["type"] == .string("probe"), case .number(let t)? = value["t"]
      else { continue }
      return [t]
    }
    return []
  }

  /// The bundled reader's `shown` → `painted` (its double `requestAnimationFrame`) at each
  /// pose, cross-checked with Chromium's own frames: `Page.startScreencast` sends every
  /// frame the compositor produces with its swap time (`metadata.timestamp`, seconds since the
  /// epoch; `performance.timeOrigin` puts it on the page's clock). For each `shown`, the first
  /// screencast frame swapped after it is the first frame painted with it, by the browser's
  /// own account.
  struct PaintedFigures {
    /// `shown` → `painted`, by the page's double requestAnimationFrame, ms.
    var byAnimationFrames: [Double] = []
    /// `shown` → the first screencast frame swapped after it, ms.
    var byScreencast: [Double] = []
    /// Screencast frames received.
    var frames = 0
  }

  static func painted(
    _ s: Settings, page: BrowserPage, visit: (Pose) throws(BrowserError) -> Void
  ) throws(BrowserError) -> PaintedFigures {
    var figures = PaintedFigures()
    guard case .number(let origin) = try page.evaluate("performance.timeOrigin") else { return figures }
    try page.call(
      "Page.startScreencast",
      .object([("format", .string("jpeg")), ("quality", .number(10)), ("everyNthFrame", .number(1))]))
    defer { _ = try? page.call("Page.stopScreencast") }
    var frameTimes: [Double] = []  // page clock, ms
    var shownTimes: [Double] = []
    var paintedTimes: [Double] = []
    for _ in 0..<s.runs {
      for pose in poses {
        try visit(pose)
        // Until this pose's painted report, and a little after for the frames around it.
        var deadline = MonotonicClock.nowMs() + 10_000
        var sawPainted = false
        while let event = try page.client.nextEvent(deadlineMs: deadline) {
          guard event.sessionId == page.sessionId else { continue }
          if event.method == "Page.screencastFrame" {
            if case .number(let session)? = event.params["sessionId"] {
              try page.call("Page.screencastFrameAck", .object([("sessionId", .number(session))]))
            }
            if case .number(let seconds)? = event.params["metadata"]?["timestamp"] {
              frameTimes.append(seconds * 1000 - origin)
            }
            figures.frames += 1
          } else if event.method == "Runtime.bindingCalled", case .string(let payload)? = event.params["payload"],
            let value = try? JSONValue.parse(Array(payload.utf8)), case .number(let t)? = value["t"]
          {
            if value["type"] == .string("shown") { shownTimes.append(t) }
            // The reader's own `painted` (the probe's, after a resize, has a `from`).
            if value["type"] == .string("painted"), value["from"] == nil, !sawPainted,
              shownTimes.count > paintedTimes.count
            {
              paintedTimes.append(t)
              sawPainted = true
              deadline = MonotonicClock.nowMs() + 150
            }
          }
        }
      }
    }
    for (shown, painted) in zip(shownTimes, paintedTimes) {
      figures.byAnimationFrames.append(painted - shown)
      if let frame = frameTimes.first(where: { $0 > shown }) { figures.byScreencast.append(frame - shown) }
    }
    return figures
  }
}
