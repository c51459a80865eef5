import EventStream

/// Draws a stream as an SVG timeline a person reads at a glance (no external libraries).
///
/// From top to bottom, over one time axis (ms, or s for long runs):
/// - **hinge**: the delivered angle (0–180°) as a line over the raw sensor samples, on
///   coloured bands for the hinge status (closed, partially open, fully open), with inputs
///   (rotation, text size, split, marks) as labelled dashed lines;
/// - **scene**: each burst's sizes as ticks (transient ones light), the final size labelled;
/// - **settle**: each settle's debounce (first key change → settle) lightly shaded, its quiet
///   window (last change → settle) shaded darker, the settle marked with the burst's size count;
/// - **reader**: each repagination as a bar with its duration and cache outcome, the time its
///   settle waited for the busy reader as an amber strip above it, each superseded settle as a
///   grey cross at its settle time, and `shown`; the title's summary names the cost model that charged the bars;
/// - violations as red lines across every lane; a legend at the bottom.
///
/// Elements carry classes and ids (`axes`, `angle`, `status-band`, `burst-tick`,
/// `settle-window`, `pagination`, `violation`, `legend`) so tests and stylesheets find them.
///
/// ```swift
/// let svg = TimelinePlot.svg(events, title: "open-wide.jsonl")
/// ```
public struct TimelinePlot: Sendable {
  /// The chart's title.
  public var title: String
  /// Image width in pixels.
  public var width: Double

  private var samples: [(Double, Double)] = []
  private var angles: [(Double, Double)] = []
  private var statuses: [(Double, HingeStatus)] = []
  private var inputs: [(Double, String)] = []
  private var sizes: [(t: Double, width: Double, height: Double, transient: Bool)] = []
  private var settles: [(first: Double, last: Double, at: Double, sizes: Int, changed: Bool)] = []
  private var paginations: [(t: Double, ms: Double, cache: CacheOutcome, pages: Int, queuedMs: Double)] = []
  private var computeClocks: [String] = []
  private var superseded: [Double] = []
  private var shown: [Double] = []
  /// First frames painted (a browser's `shown` + `paintedMs`), with the shown's time.
  private var painted: [(shown: Double, painted: Double)] = []
  private var violations: [(Double, String)] = []
  private var end = 0.0

  /// Starts an empty plot.
  public init(title: String = "", width: Double = 1200) {
    self.title = title
    self.width = width
  }

  /// Draws a whole stream at once.
  public static func svg(_ events: [Event], title: String = "", width: Double = 1200) -> String {
    var plot = TimelinePlot(title: title, width: width)
    for event in events { plot.add(event) }
    return plot.svg()
  }

  /// Adds one stream event.
  public mutating func add(_ event: Event) {
    let t = event.time
    end = max(end, t)
    switch event.kind {
    case .sample(let angle): samples.append((t, angle))
    case .hinge(let h) where h.hasHinge: angles.append((t, h.angle))
    case .hinge: break  // a device without a hinge: no angle to draw (not 0°)
    case .status(let s): statuses.append((t, s.status))
    case .orientation, .textSize, .split, .mark, .turn, .goto, .notes, .note, .select, .addToNotes, .dragToNotes,
      .openChapter, .back, .sidebar, .end:
      inputs.append((t, EventText.inputText(event.kind) ?? ""))
    case .scene(let s): sizes.append((t, s.width, s.height, s.transient))
    case .settled(let s): settles.append((s.cycle.firstChange, s.cycle.lastChange, t, s.sizes, s.changed))
    case .paginated(let p):
      paginations.append((t, p.ms, p.cache, p.pageCount, p.queuedMs))
      if !computeClocks.contains(p.computeClock) { computeClocks.append(p.computeClock) }
    case .shown(let state):
      shown.append(t)
      if let ms = state.paintedMs { painted.append((t, StreamTime.adding(ms, to: t))) }
    case .violation(let v): violations.append((t, v.rule))
    case .skipped(let s) where s.reason == .superseded: superseded.append(s.settled)
    case .pose, .regions, .timing, .skipped, .notesState, .selection, .navigation: break
    }
  }

  // MARK: - Layout

  private static let left = 96.0
  private static let right = 28.0
  private static let angleTop = 78.0
  private static let angleHeight = 230.0
  private static let laneHeight = 46.0
  private static let laneGap = 10.0

  private var plotWidth: Double { width - Self.left - Self.right }
  private var span: Double {
    let raw = max(end, 1)
    return Self.niceCeiling(raw * 1.08)  // room for the last label
  }
  private func x(_ t: Double) -> Double { Self.left + t / span * plotWidth }
  private func y(angle: Double) -> Double { Self.angleTop + (1 - angle / 180) * Self.angleHeight }
  private func laneTop(_ i: Int) -> Double {
    Self.angleTop + Self.angleHeight + 24 + Double(i) * (Self.laneHeight + Self.laneGap)
  }
  private var axisY: Double { laneTop(3) - Self.laneGap + 4 }
  private var height: Double { axisY + 114 }

  /// Status colours (fill) and labels.
  static func colour(_ status: HingeStatus) -> (fill: String, label: String) {
    switch status {
    case .unknown: ("#e5e7eb", "unknown")
    case .closed: ("#cbd5e1", "closed")
    case .partiallyOpen: ("#fde68a", "partially open")
    case .fullyOpen: ("#bbf7d0", "fully open")
    }
  }

  // MARK: - Drawing

  /// The SVG document.
  public func svg() -> String {
    var s = SVGWriter()
    s.open(
      "svg",
      [
        ("xmlns", "http://www.w3.org/2000/svg"), ("width", f(width)), ("height", f(height)),
        ("viewBox", "0 0 \(f(width)) \(f(height))"),
        ("font-family", "DejaVu Sans, Inter, Helvetica, Arial, sans-serif"),
        ("font-size", "11"),
      ])
    s.element(
      "rect",
      [("x", "0"), ("y", "0"), ("width", f(width)), ("height", f(height)), ("fill", "#ffffff")])
    drawTitle(&s)
    drawStatusBands(&s)
    drawAngleAxes(&s)
    drawInputs(&s)
    drawAngle(&s)
    drawLanes(&s)
    drawBursts(&s)
    drawSettles(&s)
    drawReader(&s)
    drawViolations(&s)
    drawTimeAxis(&s)
    drawLegend(&s)
    s.close("svg")
    return s.text
  }

  private func f(_ v: Double) -> String { NumberFormat.fixed(v, 1) }

  /// A 10-point label at (`x`, `y`).
  private func drawLabel(_ text: String, x: Double, y: Double, fill: String, _ s: inout SVGWriter) {
    s.text(text, [("x", f(x)), ("y", f(y)), ("fill", fill), ("font-size", "10")])
  }

  /// A 10-point label at (`x`, `y`) when `row` has room for it there; else it is left out.
  private func drawLabel(
    _ text: String, x: Double, y: Double, fill: String, row: inout LabelRow, _ s: inout SVGWriter
  ) {
    if row.place(x, text) { drawLabel(text, x: x, y: y, fill: fill, &s) }
  }

  /// Draws lane `index` as the group `id`: `draw` gets the lane's top and the row for its labels.
  private func drawLane(
    _ index: Int, id: String, _ s: inout SVGWriter,
    _ draw: (_ top: Double, _ labels: inout LabelRow, _ s: inout SVGWriter) -> Void
  ) {
    var labels = LabelRow()
    s.open("g", [("id", id)])
    draw(laneTop(index), &labels, &s)
    s.close("g")
  }

  private func drawTitle(_ s: inout SVGWriter) {
    s.text(
      title.isEmpty ? "hingesim timeline" : "hingesim timeline — \(title)",
      [
        ("x", f(Self.left)), ("y", "26"), ("font-size", "16"), ("font-weight", "bold"),
        ("fill", "#111827"), ("id", "title"),
      ])
    let changed = settles.filter(\.changed).count
    var summary = "\(settles.count) settle\(settles.count == 1 ? "" : "s") (\(changed) changed)"
    summary += " · \(paginations.count) repagination\(paginations.count == 1 ? "" : "s")"
    if let slowest = paginations.map(\.ms).max() {
      summary += " (slowest \(NumberFormat.fixed(slowest, 1)) ms)"
    }
    if !superseded.isEmpty { summary += " · \(superseded.count) superseded" }
    if !computeClocks.isEmpty { summary += " · compute \(computeClocks.joined(separator: ", "))" }
    summary += " · \(violations.count) violation\(violations.count == 1 ? "" : "s")"
    s.text(summary, [("x", f(Self.left)), ("y", "46"), ("fill", "#4b5563"), ("font-size", "12")])
  }

  private func drawStatusBands(_ s: inout SVGWriter) {
    s.open("g", [("id", "status-bands")])
    for (i, (t, status)) in statuses.enumerated() {
      let next = i + 1 < statuses.count ? statuses[i + 1].0 : span
      let (fill, label) = Self.colour(status)
      s.element(
        "rect",
        [
          ("class", "status-band status-\(status.rawValue)"), ("x", f(x(t))),
          ("y", f(Self.angleTop)),
          ("width", f(max(0.5, x(next) - x(t)))), ("height", f(Self.angleHeight)), ("fill", fill),
          ("fill-opacity", "0.75"),
        ], title: "\(label) from \(timeLabel(t))")
      if x(next) - x(t) > 70 {
        drawLabel(label, x: x(t) + 4, y: Self.angleTop + 13, fill: "#374151", &s)
      }
    }
    s.close("g")
  }

  private func drawAngleAxes(_ s: inout SVGWriter) {
    s.open("g", [("id", "axes"), ("class", "axes")])
    for degrees in stride(from: 0.0, through: 180, by: 45) {
      let yy = y(angle: degrees)
      s.element(
        "line",
        [
          ("class", "grid"), ("x1", f(Self.left)), ("x2", f(Self.left + plotWidth)), ("y1", f(yy)),
          ("y2", f(yy)),
          ("stroke", "#9ca3af"), ("stroke-width", "0.5"), ("stroke-dasharray", "2 3"),
        ])
      s.text(
        "\(Int(degrees))°",
        [("x", f(Self.left - 6)), ("y", f(yy + 4)), ("text-anchor", "end"), ("fill", "#374151")])
    }
    s.element(
      "line",
      [
        ("class", "axis y-axis"), ("x1", f(Self.left)), ("x2", f(Self.left)),
        ("y1", f(Self.angleTop)),
        ("y2", f(Self.angleTop + Self.angleHeight)), ("stroke", "#111827"),
      ])
    let mid = Self.angleTop + Self.angleHeight / 2
    s.text(
      "hinge angle (degrees)",
      [
        ("x", "18"), ("y", f(mid)), ("transform", "rotate(-90 18 \(f(mid)))"),
        ("text-anchor", "middle"),
        ("fill", "#111827"), ("font-size", "12"),
      ])
    s.close("g")
  }

  private func drawInputs(_ s: inout SVGWriter) {
    s.open("g", [("id", "inputs")])
    let isMinor = { (label: String) in label.hasPrefix("turn ") || label.hasPrefix("goto ") }
    for (t, label) in inputs {
      let xx = x(t)
      let minor = isMinor(label)
      s.element(
        "line",
        [
          ("class", "input"), ("x1", f(xx)), ("x2", f(xx)), ("y1", f(Self.angleTop)),
          ("y2", f(Self.angleTop + Self.angleHeight)), ("stroke", minor ? "#a78bfa" : "#6d28d9"),
          ("stroke-width", "1"), ("stroke-dasharray", minor ? "2 4" : "4 3"),
        ], title: "\(label) at \(timeLabel(t))")
    }
    // Labels on two rows, the rarer inputs (rotations, text sizes, marks) placed first; a label
    // with no room is left out (its line keeps the tooltip), so long sessions stay readable.
    var taken: [[ClosedRange<Double>]] = [[], []]
    for pass in [false, true] {
      for (t, label) in inputs where isMinor(label) == pass {
        let xx = x(t)
        let span = xx...(xx + 6 * Double(label.count) + 8)
        guard let row = taken.firstIndex(where: { row in !row.contains { $0.overlaps(span) } }) else { continue }
        taken[row].append(span)
        drawLabel(label, x: xx + 3, y: Self.angleTop - 4 - Double(row) * 11, fill: "#6d28d9", &s)
      }
    }
    s.close("g")
  }

  private func drawAngle(_ s: inout SVGWriter) {
    if samples.count > 1 {
      s.element(
        "path",
        [
          ("id", "sensor"), ("class", "sensor"), ("d", path(samples)), ("fill", "none"),
          ("stroke", "#64748b"),
          ("stroke-width", "1"), ("stroke-opacity", "0.6"),
        ])
    }
    var points = angles
    if let last = points.last, last.0 < end { points.append((end, last.1)) }
    s.element(
      "path",
      [
        ("id", "angle"), ("class", "angle"),
        ("d", points.isEmpty ? "" : path(points, steps: true)),
        ("fill", "none"), ("stroke", "#1d4ed8"), ("stroke-width", "2.25"),
        ("stroke-linejoin", "round"),
      ])
  }

  /// A line through the points; `steps` holds each value until the next (what an app sees
  /// of delivered updates).
  private func path(_ points: [(Double, Double)], steps: Bool = false) -> String {
    var d = ""
    var lastY: Double?
    for (t, angle) in points {
      let xx = f(x(t))
      let yy = f(y(angle: angle))
      if d.isEmpty {
        d = "M \(xx) \(yy)"
      } else if steps {
        d += " H \(xx)"
        if lastY != angle { d += " V \(yy)" }
      } else {
        d += " L \(xx) \(yy)"
      }
      lastY = angle
    }
    return d
  }

  private func drawLanes(_ s: inout SVGWriter) {
    s.open("g", [("id", "lanes")])
    for (i, name) in ["scene", "settle", "reader"].enumerated() {
      let top = laneTop(i)
      s.element(
        "rect",
        [
          ("class", "lane"), ("x", f(Self.left)), ("y", f(top)), ("width", f(plotWidth)),
          ("height", f(Self.laneHeight)), ("fill", i % 2 == 0 ? "#f9fafb" : "#f3f4f6"),
          ("stroke", "#e5e7eb"),
        ])
      s.text(
        name,
        [
          ("x", f(Self.left - 8)), ("y", f(top + Self.laneHeight / 2 + 4)), ("text-anchor", "end"),
          ("fill", "#111827"), ("font-size", "12"),
        ])
    }
    s.close("g")
  }

  private func drawBursts(_ s: inout SVGWriter) {
    drawLane(0, id: "bursts", &s) { top, labels, s in
      for size in sizes {
        let xx = x(size.t)
        s.element(
          "line",
          [
            ("class", size.transient ? "burst-tick transient" : "burst-tick final"), ("x1", f(xx)),
            ("x2", f(xx)),
            ("y1", f(top + (size.transient ? 14 : 6))), ("y2", f(top + Self.laneHeight - 6)),
            ("stroke", size.transient ? "#93c5fd" : "#1e40af"),
            ("stroke-width", size.transient ? "1.5" : "2.5"),
          ],
          title:
            "\(NumberFormat.shortest(size.width))×\(NumberFormat.shortest(size.height)) pt at \(timeLabel(size.t))"
        )
        let label = "\(NumberFormat.shortest(size.width))×\(NumberFormat.shortest(size.height))"
        if !size.transient { drawLabel(label, x: xx + 4, y: top + 16, fill: "#1e3a8a", row: &labels, &s) }
      }
    }
  }

  private func drawSettles(_ s: inout SVGWriter) {
    drawLane(1, id: "settles", &s) { top, labels, s in
      for settle in settles {
        s.element(
          "rect",
          [
            ("class", "debounce"), ("x", f(x(settle.first))), ("y", f(top + 8)),
            ("width", f(max(1, x(settle.at) - x(settle.first)))), ("height", f(Self.laneHeight - 16)),
            ("fill", "#fed7aa"), ("fill-opacity", "0.6"),
          ], title: "debounce \(NumberFormat.fixed(settle.at - settle.first, 1)) ms")
        s.element(
          "rect",
          [
            ("class", "settle-window"), ("x", f(x(settle.last))), ("y", f(top + 8)),
            ("width", f(max(1, x(settle.at) - x(settle.last)))), ("height", f(Self.laneHeight - 16)),
            ("fill", "#f97316"), ("fill-opacity", "0.55"), ("stroke", "#c2410c"),
            ("stroke-width", "0.75"),
          ],
          title:
            "quiet window \(NumberFormat.fixed(settle.at - settle.last, 1)) ms, settled at \(timeLabel(settle.at))"
        )
        let windowWidth = x(settle.at) - x(settle.last)
        if windowWidth > 48 {
          s.text(
            NumberFormat.fixed(settle.at - settle.last, 0) + " ms",
            [
              ("x", f(x(settle.last) + windowWidth / 2)), ("y", f(top + Self.laneHeight / 2 + 4)),
              ("text-anchor", "middle"), ("fill", "#7c2d12"), ("font-size", "10"),
            ])
        }
        let xx = x(settle.at)
        s.element(
          "path",
          [
            ("class", "settled"),
            (
              "d",
              "M \(f(xx)) \(f(top + 4)) L \(f(xx + 5)) \(f(top + 11)) L \(f(xx)) \(f(top + 18)) L \(f(xx - 5)) \(f(top + 11)) Z"
            ),
            ("fill", settle.changed ? "#9a3412" : "#ffffff"), ("stroke", "#9a3412"),
          ])
        let label =
          !settle.changed
          ? "unchanged"
          : settle.sizes == 0 ? "no new size" : "\(settle.sizes) size\(settle.sizes == 1 ? "" : "s")"
        drawLabel(label, x: xx + 7, y: top + 15, fill: "#7c2d12", row: &labels, &s)
      }
    }
  }

  private func drawReader(_ s: inout SVGWriter) {
    drawLane(2, id: "reader", &s) { top, labels, s in
      for p in paginations {
        let x0 = x(p.t - p.ms)
        let w = max(2, x(p.t) - x0)
        let fill = p.cache == .miss ? "#059669" : (p.cache == .hit ? "#34d399" : "#d1d5db")
        s.element(
          "rect",
          [
            ("class", "pagination cache-\(p.cache.rawValue)"), ("x", f(x0)), ("y", f(top + 10)),
            ("width", f(w)),
            ("height", f(Self.laneHeight - 20)), ("fill", fill), ("stroke", "#065f46"),
            ("stroke-width", "0.75"),
          ],
          title: "paginate \(NumberFormat.fixed(p.ms, 2)) ms (\(p.cache.rawValue)), \(p.pages) pages")
        let label = "\(NumberFormat.fixed(p.ms, 1)) ms \(p.cache.rawValue)"
        drawLabel(label, x: x0 + w + 3, y: top + 27, fill: "#065f46", row: &labels, &s)
      }
      for p in paginations where p.queuedMs > 0 {
        let q0 = x(p.t - p.ms - p.queuedMs)
        s.element(
          "rect",
          [
            ("class", "queued"), ("x", f(q0)), ("y", f(top + 3)), ("width", f(max(1, x(p.t - p.ms) - q0))),
            ("height", "6"), ("fill", "#f59e0b"), ("stroke", "none"),
          ],
          title: "queued \(NumberFormat.fixed(p.queuedMs, 1)) ms behind the busy reader")
      }
      for t in superseded {
        let xx = x(t)
        s.element(
          "path",
          [
            ("class", "superseded"), ("d", "M\(f(xx - 4)),\(f(top + 6)) l8,8 m0,-8 l-8,8"),
            ("stroke", "#6b7280"), ("stroke-width", "1.5"),
          ],
          title: "a settle superseded before it was paginated (a later one was queued behind it)")
      }
      if paginations.isEmpty && shown.isEmpty {
        s.text(
          "no reader in this run: nothing paginated or shown",
          [
            ("x", f(Self.left + 8)), ("y", f(top + Self.laneHeight / 2 + 4)), ("fill", "#6b7280"),
            ("font-style", "italic"),
          ])
      }
      for t in shown {
        let xx = x(t)
        s.element(
          "circle",
          [
            ("class", "shown"), ("cx", f(xx)), ("cy", f(top + Self.laneHeight - 6)), ("r", "2.5"),
            ("fill", "#047857"),
          ])
      }
      for p in painted {
        let y = f(top + Self.laneHeight - 6)
        s.element(
          "line",
          [
            ("class", "to-painted"), ("x1", f(x(p.shown))), ("x2", f(x(p.painted))), ("y1", y), ("y2", y),
            ("stroke", "#047857"), ("stroke-width", "1"),
          ])
        s.element(
          "circle",
          [
            ("class", "painted"), ("cx", f(x(p.painted))), ("cy", y), ("r", "2.5"), ("fill", "none"),
            ("stroke", "#047857"), ("stroke-width", "1.2"),
          ],
          title:
            "first frame painted at \(NumberFormat.ms(p.painted)) ms, \(NumberFormat.ms(StreamTime.elapsed(from: p.shown, to: p.painted))) ms after shown"
        )
      }
    }
  }

  private func drawViolations(_ s: inout SVGWriter) {
    s.open("g", [("id", "violations")])
    for (t, rule) in violations {
      let xx = x(t)
      s.element(
        "line",
        [
          ("class", "violation"), ("x1", f(xx)), ("x2", f(xx)), ("y1", f(Self.angleTop)),
          ("y2", f(axisY)),
          ("stroke", "#dc2626"), ("stroke-width", "1.5"),
        ], title: "violation \(rule) at \(timeLabel(t))")
      drawLabel("✕ \(rule)", x: xx + 3, y: axisY - 4, fill: "#dc2626", &s)
    }
    s.close("g")
  }

  private var usesSeconds: Bool { span >= 2000 }

  private func timeLabel(_ t: Double) -> String {
    usesSeconds ? NumberFormat.fixed(t / 1000, 3) + " s" : NumberFormat.fixed(t, 1) + " ms"
  }

  private func drawTimeAxis(_ s: inout SVGWriter) {
    s.open("g", [("id", "time-axis"), ("class", "axes")])
    s.element(
      "line",
      [
        ("class", "axis x-axis"), ("x1", f(Self.left)), ("x2", f(Self.left + plotWidth)),
        ("y1", f(axisY)),
        ("y2", f(axisY)), ("stroke", "#111827"),
      ])
    let step = Self.niceStep(span / 10)
    for tick in stride(from: 0.0, through: span + step / 1000, by: step) {
      let xx = x(tick)
      s.element(
        "line",
        [
          ("class", "tick"), ("x1", f(xx)), ("x2", f(xx)), ("y1", f(axisY)), ("y2", f(axisY + 5)),
          ("stroke", "#111827"),
        ])
      s.element(
        "line",
        [
          ("class", "grid"), ("x1", f(xx)), ("x2", f(xx)), ("y1", f(Self.angleTop)),
          ("y2", f(axisY)),
          ("stroke", "#d1d5db"), ("stroke-width", "0.5"),
        ])
      let label =
        usesSeconds
        ? NumberFormat.shortest((tick / 1000 * 1000).rounded() / 1000) : NumberFormat.shortest(tick)
      s.text(
        label, [("x", f(xx)), ("y", f(axisY + 17)), ("text-anchor", "middle"), ("fill", "#374151")])
    }
    s.text(
      usesSeconds ? "time (s)" : "time (ms)",
      [
        ("x", f(Self.left + plotWidth / 2)), ("y", f(axisY + 34)), ("text-anchor", "middle"),
        ("fill", "#111827"),
        ("font-size", "12"),
      ])
    s.close("g")
  }

  private func drawLegend(_ s: inout SVGWriter) {
    var y0 = axisY + 56
    s.open("g", [("id", "legend"), ("class", "legend")])
    var xx = Self.left
    func swatch(
      _ s: inout SVGWriter, _ label: String, _ attributes: [(String, String)], kind: String
    ) {
      let span = 30 + Double(label.count) * 6.6
      if xx + span > width - 8 {  // the next row
        xx = Self.left
        y0 += 18
      }
      switch kind {
      case "dot":
        s.element("circle", [("cx", f(xx + 7)), ("cy", f(y0 + 6)), ("r", "3")] + attributes)
      case "line":
        s.element(
          "line",
          [("x1", f(xx)), ("x2", f(xx + 18)), ("y1", f(y0 + 6)), ("y2", f(y0 + 6))] + attributes)
      default:
        s.element(
          "rect", [("x", f(xx)), ("y", f(y0)), ("width", "14"), ("height", "12")] + attributes)
      }
      s.text(label, [("x", f(xx + 22)), ("y", f(y0 + 10)), ("fill", "#374151")])
      xx += span
    }
    swatch(&s, "hinge angle", [("stroke", "#1d4ed8"), ("stroke-width", "2.25")], kind: "line")
    if samples.count > 1 {
      swatch(&s, "sensor", [("stroke", "#64748b"), ("stroke-opacity", "0.6")], kind: "line")
    }
    for status in [HingeStatus.closed, .partiallyOpen, .fullyOpen] {
      swatch(&s, Self.colour(status).label, [("fill", Self.colour(status).fill)], kind: "rect")
    }
    swatch(&s, "input", [("stroke", "#6d28d9"), ("stroke-dasharray", "4 3")], kind: "line")
    swatch(&s, "burst size", [("stroke", "#1e40af"), ("stroke-width", "2.5")], kind: "line")
    swatch(&s, "debounce", [("fill", "#fed7aa")], kind: "rect")
    swatch(&s, "settle window", [("fill", "#f97316"), ("fill-opacity", "0.55")], kind: "rect")
    swatch(&s, "repagination", [("fill", "#059669")], kind: "rect")
    if paginations.contains(where: { $0.queuedMs > 0 }) {
      swatch(&s, "queued", [("fill", "#f59e0b")], kind: "rect")
    }
    if !superseded.isEmpty {
      swatch(&s, "superseded", [("stroke", "#6b7280"), ("stroke-width", "1.5")], kind: "line")
    }
    swatch(&s, "shown", [("fill", "#047857")], kind: "dot")
    if !painted.isEmpty {
      swatch(&s, "painted", [("fill", "none"), ("stroke", "#047857"), ("stroke-width", "1.2")], kind: "dot")
    }
    swatch(&s, "violation", [("stroke", "#dc2626"), ("stroke-width", "1.5")], kind: "line")
    s.close("g")
  }
}
