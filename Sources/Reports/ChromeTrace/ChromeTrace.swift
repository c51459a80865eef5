import EventStream

/// Converts a stream into the Chrome Trace Event Format that Perfetto (ui.perfetto.dev) and
/// chrome://tracing open: `{"traceEvents":[…],"displayTimeUnit":"ms"}`, one event per line.
///
/// One process, one thread track per stage (`input`, `hinge`, `scene`, `settle`, `reader`,
/// `timing`), named with `M` metadata. `ts` and `dur` are microseconds of stream time.
/// - `X` complete slices: each scene burst, each settle's debounce (the cycle's first layout change → settle)
///   with its quiet window (last change → settle) nested inside, each pagination, each
///   settle cycle (cause → shown) on `timing`.
/// - `C` counters: the raw sensor angle, the delivered hinge angle, the scene size.
/// - `i` instants: inputs, status and pose changes, sizes, regions, `shown` (thread scope),
///   violations (global scope).
/// Slices on one track nest or do not overlap, as the format requires; a slice that would
/// break that goes to the first `… (overlap)`, `… (overlap 2)`, … track where it nests or
/// follows.
///
/// ```swift
/// var trace = ChromeTrace()
/// for event in events { trace.add(event) }
/// let json = trace.finish()
/// ```
public struct ChromeTrace: Sendable {
  /// The thread tracks, one per stage.
  public enum Track: Int, CaseIterable, Sendable {
    case input = 1
    case hinge, scene, settle, reader, timing

    /// The track's name in the viewer.
    public var name: String {
      switch self {
      case .input: "input"
      case .hinge: "hinge"
      case .scene: "scene"
      case .settle: "settle"
      case .reader: "reader"
      case .timing: "timing"
      }
    }
  }

  /// The `tid` offset of a track's overlap track.
  static let overlapOffset = 100
  /// The process id of this trace's events (one process per source in a batch).
  public let pid: Int
  private var lines: [String] = []
  private var stacks: [Int: [(start: Double, end: Double)]] = [:]
  private var lastStart: [Int: Double] = [:]
  private var overlapTracks: Set<Int> = []
  private var burst: (start: Double, last: Double, sizes: Int, count: Int, width: Double, height: Double)?

  /// Starts a trace for a process named `processName` (one per source in a batch).
  public init(processName: String = "hingesim", pid: Int = 1) {
    self.pid = pid
    lines.append(metadata("process_name", tid: 0, value: processName))
    for track in Track.allCases {
      lines.append(metadata("thread_name", tid: track.rawValue, value: track.name))
      lines.append(sortIndex(tid: track.rawValue))
    }
  }

  /// Converts a whole stream at once.
  public static func document(_ events: [Event], processName: String = "hingesim") -> String {
    var trace = ChromeTrace(processName: processName)
    for event in events { trace.add(event) }
    return trace.finish()
  }

  /// Adds one stream event.
  public mutating func add(_ event: Event) {
    let t = event.time
    switch event.kind {
    case .sample(let angle):
      counter("sensor angle", .input, t, [("degrees", angle)])
    case .orientation, .textSize, .turn, .goto, .split, .mark, .notes, .note, .select, .addToNotes, .dragToNotes,
      .openChapter, .back, .sidebar, .end:
      let global: Bool
      switch event.kind {
      case .mark, .end: global = true
      default: global = false
      }
      instant(EventText.inputText(event.kind) ?? "", .input, t, scope: global ? "g" : "t")
    case .navigation(let n):
      instant(
        "navigation \(n.columns.rawValue), \(n.top.rawValue) on top", .reader, t,
        args: [("chapter", n.chapter.map { .number(Double($0)) } ?? .null)])
    case .hinge(let h) where !h.hasHinge:
      instant("no hinge", .hinge, t)  // no angle counter: a device without a hinge has none, not 0°
    case .hinge(let h):
      counter("angle", .hinge, t, [("degrees", h.angle)])
    case .status(let s):
      instant(
        "status \(s.from.rawValue)→\(s.status.rawValue)", .hinge, t,
        args: [("angle", .number(s.angle))])
    case .pose(let p):
      instant("pose \(p.pose.rawValue)", .hinge, t, args: [("from", .string(p.from.rawValue))])
    case .scene(let s):
      sceneSize(s, at: t)
    case .regions(let r):
      let name = r.division.map { $0.isActive ? "fold active" : "fold inactive" } ?? "no fold"
      instant(name, .scene, t)
    case .settled(let s):
      slice(
        "debounce", .settle, from: s.cycle.firstChange, to: t,
        args: [("sizes", .number(Double(s.sizes))), ("changed", .bool(s.changed))])
      slice(
        "quiet window", .settle, from: s.cycle.lastChange, to: t,
        args: [("width", .number(s.width)), ("height", .number(s.height))])
    case .paginated(let p):
      if p.queuedMs > 0 {
        slice(
          "queued (reader busy)", .reader, from: p.settled, to: StreamTime.adding(p.queuedMs, to: p.settled), args: [])
      }
      if p.lateStartMs > 0 {
        let from = StreamTime.adding(p.queuedMs, to: p.settled)
        slice("late start", .reader, from: from, to: StreamTime.adding(p.lateStartMs, to: from), args: [])
      }
      slice(
        "paginate", .reader, from: StreamTime.adding(-p.ms, to: t), to: t,
        args: [
          ("ms", .number(p.ms)), ("cache", .string(p.cache.rawValue)),
          ("pageCount", .number(Double(p.pageCount))),
          ("characters", .number(Double(p.characters))), ("computeClock", .string(p.computeClock)),
        ])
    case .skipped(let s):
      instant(
        "skipped (\(s.reason.rawValue))", .reader, t,
        args: [("settled", .number(s.settled)), ("textSize", .string(s.textSize.rawValue))])
    case .shown(let s):
      let pages = s.pages.map { String($0 + 1) }.joined(separator: "–")
      instant(
        "shown p. \(pages) of \(s.pageCount)", .reader, t,
        args: [("offset", .number(Double(s.offset)))])
    case .notesState(let n):
      instant(
        "notes \(n.shownAs.rawValue) (\(n.change.rawValue))", .reader, t, args: [("length", .number(Double(n.length)))])
    case .selection(let s):
      instant("selection \(s.offset)+\(s.length)", .reader, t, args: [("clipped", .bool(s.clipped))])
    case .violation(let v):
      instant(
        "violation \(v.rule)", .reader, t, scope: "g", args: [("message", .string(v.message))])
    case .timing(let r):
      var args: [(String, JSONValue)] = [
        ("cause", .string(r.cause.name)), ("sizes", .number(Double(r.sizes))),
        ("cache", .string(r.cache.rawValue)),
        ("settleWaitMs", .number(r.settleWait)), ("settled", .number(r.settled)), ("queuedMs", .number(r.queuedMs)),
        ("lateStartMs", .number(r.lateStartMs)), ("paginationMs", .number(r.paginationMs)),
        ("paginatedToShownMs", .number(r.paginatedToShownMs)),
      ]
      if let v = r.causeToShown { args.append(("causeToShownMs", .number(v))) }
      if let v = r.lastSizeToShown { args.append(("lastSizeToShownMs", .number(v))) }
      if let v = r.paintedMs { args.append(("paintedMs", .number(v))) }
      if let shown = r.shown {
        slice(r.cause.name, .timing, from: r.causeTime, to: shown, args: args)
      } else {
        instant("\(r.cause.name) (\(r.cache.rawValue))", .timing, t, args: args)
      }
    }
  }

  /// Closes what is still open (a burst cut short) and returns the JSON document.
  public mutating func finish() -> String {
    Self.document(lines: finishEvents())
  }

  /// Closes what is still open and returns the trace events, one JSON object per line, to
  /// be joined with other processes' events by `document(lines:)`.
  public mutating func finishEvents() -> [String] {
    closeBurst()
    return lines
  }

  /// Wraps trace events (JSON objects) in the document `{"traceEvents":[…],"displayTimeUnit":"ms"}`.
  public static func document(lines: [String]) -> String {
    var text = "{\"traceEvents\":[\n"
    for (i, line) in lines.enumerated() {
      text += line
      text += i + 1 < lines.count ? ",\n" : "\n"
    }
    text += "],\"displayTimeUnit\":\"ms\"}\n"
    return text
  }

  // MARK: - Stages

  private mutating func sceneSize(_ s: SceneChange, at t: Double) {
    if s.index == 1 { closeBurst() }
    counter("scene size", .scene, t, [("width", s.width), ("height", s.height)])
    if var b = burst {
      b.last = t
      b.sizes += 1
      b.width = s.width
      b.height = s.height
      burst = b
    } else {
      burst = (t, t, 1, s.count, s.width, s.height)
    }
    if s.index >= s.count { closeBurst() }
  }

  private mutating func closeBurst() {
    guard let b = burst else { return }
    burst = nil
    let name =
      b.sizes == b.count
      ? "burst \(b.count) sizes" : "burst \(b.sizes) of \(b.count) sizes (cut short)"
    slice(
      name, .scene, from: b.start, to: b.last,
      args: [
        ("sizes", .number(Double(b.sizes))), ("width", .number(b.width)),
        ("height", .number(b.height)),
      ])
  }

  // MARK: - Trace events

  /// Stream milliseconds → trace microseconds: whole, as every stream time is (`StreamTime`).
  static func micros(_ ms: Double) -> Double { (ms * 1000).rounded() }

  /// A metadata (`M`) event naming or ordering a track.
  private func metadata(_ name: String, tid: Int, _ write: (inout JSONObjectWriter) -> Void) -> String {
    var w = JSONObjectWriter()
    w.field("name", name)
    w.field("ph", "M")
    w.field("ts", 0)
    w.field("pid", pid)
    w.field("tid", tid)
    w.openObject("args")
    write(&w)
    w.close()
    w.close()
    return String(decoding: w.bytes, as: UTF8.self)
  }

  private func metadata(_ name: String, tid: Int, value: String) -> String {
    metadata(name, tid: tid) { $0.field("name", value) }
  }

  private func sortIndex(tid: Int) -> String {
    metadata("thread_sort_index", tid: tid) { $0.field("sort_index", tid) }
  }

  private mutating func counter(
    _ name: String, _ track: Track, _ t: Double, _ values: [(String, Double)]
  ) {
    var w = JSONObjectWriter()
    w.field("name", name)
    w.field("ph", "C")
    w.field("ts", Self.micros(t))
    w.field("pid", pid)
    w.field("tid", track.rawValue)
    w.openObject("args")
    for (key, value) in values { w.field(key, value) }
    w.close()
    w.close()
    lines.append(String(decoding: w.bytes, as: UTF8.self))
  }

  private mutating func instant(
    _ name: String, _ track: Track, _ t: Double, scope: String = "t",
    args: [(String, JSONValue)] = []
  ) {
    var w = JSONObjectWriter()
    w.field("name", name)
    w.field("cat", track.name)
    w.field("ph", "i")
    w.field("s", scope)
    w.field("ts", Self.micros(t))
    w.field("pid", pid)
    w.field("tid", track.rawValue)
    Self.args(args, into: &w)
    w.close()
    lines.append(String(decoding: w.bytes, as: UTF8.self))
  }

  private mutating func slice(
    _ name: String, _ track: Track, from start: Double, to end: Double, args: [(String, JSONValue)]
  ) {
    let ts = Self.micros(start)
    let dur = max(0, Self.micros(end) - ts)
    let tid = place(track.rawValue, start: ts, end: ts + dur)
    var w = JSONObjectWriter()
    w.field("name", name)
    w.field("cat", track.name)
    w.field("ph", "X")
    w.field("ts", ts)
    w.field("dur", dur)
    w.field("pid", pid)
    w.field("tid", tid)
    Self.args(args, into: &w)
    w.close()
    lines.append(String(decoding: w.bytes, as: UTF8.self))
  }

  /// The track a slice goes on: its own when it nests in or follows the slices there, else
  /// the first of the track's overlap tracks where it does (`timing (overlap)`, `timing
  /// (overlap 2)`, …, each declared on first use) — so no track ever holds two slices that
  /// partly overlap, however many cycles run into each other.
  private mutating func place(_ tid: Int, start: Double, end: Double) -> Int {
    var level = 0
    while true {
      let candidate = tid + level * Self.overlapOffset
      if level > 0, !overlapTracks.contains(candidate) {
        overlapTracks.insert(candidate)
        let name = (Track(rawValue: tid)?.name ?? "track") + (level == 1 ? " (overlap)" : " (overlap \(level))")
        lines.append(metadata("thread_name", tid: candidate, value: name))
      }
      if fits(candidate, start: start, end: end) { return candidate }
      level += 1
    }
  }

  private mutating func fits(_ tid: Int, start: Double, end: Double) -> Bool {
    if let previous = lastStart[tid], start < previous { return false }
    var stack = stacks[tid] ?? []
    while let top = stack.last, top.end <= start, !(top.start == start && end <= top.end) {
      stack.removeLast()
    }
    if let top = stack.last, !(top.start <= start && end <= top.end) { return false }
    stack.append((start, end))
    stacks[tid] = stack
    lastStart[tid] = start
    return true
  }

  private static func args(_ args: [(String, JSONValue)], into w: inout JSONObjectWriter) {
    guard !args.isEmpty else { return }
    w.openObject("args")
    for (key, value) in args {
      switch value {
      case .number(let n): w.field(key, n)
      case .string(let s): w.field(key, s)
      case .bool(let b): w.field(key, b)
      default: w.null(key)
      }
    }
    w.close()
  }
}
