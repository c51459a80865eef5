import Backends
import EventStream
import Platform
import Reader
import Simulator

/// `hingesim bench web`: a real browser's side of the settle cycle, in one run.
///
/// - the CDP round trip of `Emulation.setDeviceMetricsOverride` (p50/p99);
/// - from sending a new size to the page's `resize` handler (p50/p99, on the page's clock
///   mapped onto ours by the driver's clock sync);
/// - from that handler to the first frame painted with the new size (p50/p99, `paintedMs`:
///   the second `requestAnimationFrame` after the handler, on the page's clock);
/// - knob input → the page's resize handler, one timestamp chain per input (`knobChain`);
/// - the reader's `shown` → its first painted frame (`paintedMs`), cross-checked with CDP's
///   screencast frame times (`painted`);
/// - the web reader's repagination time at each pose's page size, next to our typesetter's
///   (`TextLayout.paginate` at the same page size, the text analysed once, as the reader model
///   does) and the device model's (`--compute-model device`: TextKit times scaled by length).
public enum WebBenchmark {
  /// What the benchmark runs.
  public struct Settings: Sendable {
    /// The browser program; nil: `chromium` in PATH.
    public var browser: String?
    /// The web reader's URL.
    public var readerURL: String
    /// The profile whose poses are visited.
    public var profile: Profile
    /// The text, and where it came from (for the header).
    public var text: String
    public var textName: String
    /// Size changes measured for the round trip and the resize delay.
    public var samples: Int
    /// Visits of every pose (the medians are over these).
    public var runs: Int

    /// Makes settings.
    public init(
      browser: String?, readerURL: String, profile: Profile, text: String, textName: String, samples: Int,
      runs: Int
    ) {
      self.browser = browser
      self.readerURL = readerURL
      self.profile = profile
      self.text = text
      self.textName = textName
      self.samples = samples
      self.runs = runs
    }
  }

  /// The poses visited, in this order (a different page size each time, so every visit paginates).
  static let poses: [Pose] = [.closed, .openWide, .tabletop, .closedSideways, .openTall]

  /// Runs the benchmark and prints its table: the delays with the browser's frames at 60 Hz
  /// (as a display paces them; resize handlers run in a frame) and unthrottled
  /// (`--disable-frame-rate-limit`), then the repagination table, measured in the second
  /// browser (laying out does not wait for a frame).
  public static func run(_ settings: Settings, out: OutputFile) throws(BenchmarkError) {
    var header = true
    for (label, arguments) in [
      ("60-Hz frames (default)", [String]()), ("unthrottled frames", ["--disable-frame-rate-limit"]),
    ] {
      let browser: Chromium
      do {
        browser = try Chromium.launch(program: settings.browser, extraArguments: arguments)
      } catch {
        throw BenchmarkError("bench web: \(error.message)", kind: error.isMissingProgram ? .noInput : .ioError)
      }
      defer { browser.close() }
      do throws(BrowserError) {
        try measure(settings, browser: browser, label: label, header: header, pages: !header, out: out)
      } catch {
        throw BenchmarkError("bench web: \(browser.explain(error).message)", kind: .ioError)
      }
      header = false
    }
  }

  private static func measure(
    _ s: Settings, browser: Chromium, label: String, header: Bool, pages: Bool, out: OutputFile
  ) throws(BrowserError) {
    let page = try browser.newPage()
    let large = s.profile.typography.sizes[.large] ?? (17, 22)
    let config = WebReaderConfig(
      text: s.text, edgeInset: s.profile.pages.edge, foldInset: s.profile.pages.fold,
      settleMs: s.profile.settleWindowMs, textSize: (.large, large.pointSize, large.lineHeight))
    try config.open(s.readerURL, in: page)
    let driver = BrowserDriver(page: page, startMs: MonotonicClock.nowMs())
    try driver.synchronize()
    guard let sync = driver.pageClockAtStart else { throw .malformed("no clock sync") }
    // The resize handler's time, and the first frame painted after it: the second animation
    // frame after the handler begins once the frame that painted the new size is done.
    try page.evaluate(
      """
      addEventListener('resize', () => { const t = performance.now();
        hingesimReport(JSON.stringify({type: 'probe', t}));
        requestAnimationFrame(() => requestAnimationFrame(() =>
          hingesimReport(JSON.stringify({type: 'painted', t: performance.now(), from: t})))); })
      """)
    if header {
      out.line(
        "bench web: \(browser.version), the bundled web reader, \(s.textName) "
          + "(\(BenchmarkFigures.grouped(Double(s.text.utf16.count))) UTF-16 units)")
    }
    out.line("  \(label): clock sync within ±\(BenchmarkFigures.ms(sync.roundTripMs / 2)) ms")

    // Round trips and resize delays: sizes of a resize burst, each new.
    var roundTrips: [Double] = []
    var delays: [Double] = []
    var painted: [Double] = []
    for i in 0..<s.samples {
      let width = 600.0 + Double(i % 200)
      let height = 611.0
      let sent = MonotonicClock.nowMs()
      try page.call(
        "Emulation.setDeviceMetricsOverride",
        .object([
          ("width", .number(width)), ("height", .number(height)), ("deviceScaleFactor", .number(0)),
          ("mobile", .bool(true)),
        ]))
      roundTrips.append(MonotonicClock.nowMs() - sent)
      let deadline = MonotonicClock.nowMs() + 1000
      var probed = false
      while let report = try page.nextReport(deadlineMs: deadline) {
        guard case .binding(_, let payload) = report, let value = try? JSONValue.parse(Array(payload.utf8)),
          case .number(let t)? = value["t"]
        else { continue }
        if value["type"] == .string("probe"), !probed {
          // The page's clock onto ours: page t − page clock at our start + our start.
          delays.append(t - sync.pageMs + driver.startMs - sent)
          probed = true
        } else if value["type"] == .string("painted"), probed, case .number(let from)? = value["from"] {
          painted.append(t - from)
          break
        }
      }
    }
    out.line(
      "    Emulation.setDeviceMetricsOverride round trip:  p50 \(BenchmarkFigures.ms(percentile(roundTrips, 50))) ms  "
        + "p99 \(BenchmarkFigures.ms(percentile(roundTrips, 99))) ms  (n = \(roundTrips.count))")
    out.line(
      "    new size sent → the page's resize handler:       p50 \(BenchmarkFigures.ms(percentile(delays, 50))) ms  "
        + "p99 \(BenchmarkFigures.ms(percentile(delays, 99))) ms  (n = \(delays.count))")

    out.line(
      "    the page's resize handler → new size painted:   p50 \(BenchmarkFigures.ms(percentile(painted, 50))) ms  "
        + "p99 \(BenchmarkFigures.ms(percentile(painted, 99))) ms  (n = \(painted.count); double "
        + "requestAnimationFrame)")

    // Both frame modes: at 60 Hz the handler waits for Chromium's next frame (up to 16.7 ms).
    let (chains, ours) = try knobChain(s, page: page, driver: driver, sync: sync)
    out.line(
      "    knob input → the page's resize handler (one chain per input): p50 "
        + "\(BenchmarkFigures.ms(percentile(chains, 50))) ms  p99 \(BenchmarkFigures.ms(percentile(chains, 99))) ms  "
        + "(n = \(chains.count); target p99 ≤ 20 ms: \(percentile(chains, 99) <= 20 ? "met" : "not met"))")
    out.line(
      "      of which hingesim's (input → metrics override written): p50 "
        + "\(BenchmarkFigures.ms(percentile(ours, 50))) ms  p99 \(BenchmarkFigures.ms(percentile(ours, 99))) ms  "
        + "(n = \(ours.count))")
    if header {
      var emulation = CDPEmulation()
      let figures = try Self.painted(s, page: page) { pose throws(BrowserError) in
        for command in emulation.commands(for: layout(pose, s.profile)) {
          try page.call(command.method, command.params)
        }
      }
      let a = figures.byAnimationFrames
      let c = figures.byScreencast
      out.line(
        "    the reader's shown → first frame painted (paintedMs): p50 \(BenchmarkFigures.ms(percentile(a, 50))) ms  "
          + "p99 \(BenchmarkFigures.ms(percentile(a, 99))) ms  (n = \(a.count); double requestAnimationFrame)")
      out.line(
        "      cross-check, CDP screencast frames: p50 \(BenchmarkFigures.ms(percentile(c, 50))) ms  "
          + "p99 \(BenchmarkFigures.ms(percentile(c, 99))) ms  (n = \(c.count) of \(figures.frames) frames; "
          + "the first frame swapped after each shown)")
    }

    guard pages else { return }
    // Repagination per pose.
    let document: ReaderDocument
    do {
      document = try ReaderDocument(text: s.text, profile: s.profile)
    } catch {
      throw .malformed(error.description)
    }
    var browserMs: [Pose: [Double]] = [:]
    var sizes: [Pose: (Double, Double)] = [:]
    var emulation = CDPEmulation()
    for _ in 0..<s.runs {
      for pose in poses {
        guard s.profile.poses[pose] != nil else { continue }
        for command in emulation.commands(for: layout(pose, s.profile)) {
          try page.call(command.method, command.params)
        }
        let deadline = MonotonicClock.nowMs() + 10_000
        while let report = try page.nextReport(deadlineMs: deadline) {
          guard case .binding(_, let payload) = report, payload.contains("\"type\":\"paginated\""),
            let value = try? JSONValue.parse(Array(payload.utf8)), case .number(let ms)? = value["ms"],
            case .number(let w)? = value["pageWidth"], case .number(let h)? = value["pageHeight"]
          else { continue }
          browserMs[pose, default: []].append(ms)
          sizes[pose] = (w, h)
          break
        }
      }
    }
    out.line("")
    out.line("  repagination at each pose's page size (median of \(s.runs); Large):")
    out.line("  pose             page (px = pt)    browser ms   typesetter ms   device model ms")
    let deviceMs = DeviceCostModel.ms(characters: s.text.utf16.count, end: .mid)
    for pose in poses {
      guard let times = browserMs[pose], let (w, h) = sizes[pose] else { continue }
      var ours: [Double] = []
      for _ in 0..<max(3, s.runs) {
        let start = MonotonicClock.nowMs()
        _ = document.layout.paginate(width: w, height: h, style: document.style(for: .large))
        ours.append(MonotonicClock.nowMs() - start)
      }
      out.line(
        "  " + pose.rawValue.padding(15) + "  "
          + "\(BenchmarkFigures.shortest(w))×\(BenchmarkFigures.shortest(h))".padding(16)
          + BenchmarkFigures.pad(BenchmarkFigures.fixed(BenchmarkFigures.median(times), 1), 11)
          + BenchmarkFigures.pad(BenchmarkFigures.fixed(BenchmarkFigures.median(ours), 2), 16)
          + BenchmarkFigures.pad(BenchmarkFigures.fixed(deviceMs, 1), 18))
    }
    out.line(
      "  (browser: the reader's own paginated.ms — column layout and page starts; typesetter: "
        + "TextLayout.paginate after one analysis; device: \(DeviceCostModel.formula(.mid)))")
  }

  /// A pose's settled layout, as the simulator sends it.
  static func layout(_ pose: Pose, _ profile: Profile) -> ExportTimeline.Layout {
    let geometry = profile.poses[pose] ?? profile.poses[.closed]!
    return ExportTimeline.Layout(
      time: 0, width: geometry.width, height: geometry.height,
      division: geometry.division.map { Division(frame: $0, isActive: true) }, folded: pose.isFolded,
      orientation: [.tabletop, .closedSideways].contains(pose) ? .landscapeLeft : .portrait)
  }

  /// The p-th percentile (nearest rank) of some values; 0 for none.
  static func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }
}
