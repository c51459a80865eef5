/// Encodes events as JSON Lines: one object per event, `t` then `type` first, then the fields
/// documented in docs/stream.md.
///
/// ```swift
/// EventWriter.line(Event(time: 0, .sample(angle: 30)))
/// // {"t":0,"type":"hinge","angle":30}
/// ```
public enum EventWriter {

  /// One event as a JSON object followed by `\n`.
  public static func line(_ event: Event) -> [UInt8] {
    var bytes: [UInt8] = []
    append(event, to: &bytes)
    return bytes
  }

  /// Appends one event as a JSON object followed by `\n` to `bytes` (a buffer used again for
  /// every line of a stream: no allocation per line).
  public static func append(_ event: Event, to bytes: inout [UInt8]) {
    var w = JSONObjectWriter(continuing: &bytes)
    w.field("t", event.time)
    w.field("type", event.kind.type.rawValue)
    fields(of: event.kind, into: &w)
    w.closeLine(into: &bytes)
  }

  /// One event as a `String` line without the newline.
  public static func string(_ event: Event) -> String {
    var bytes = line(event)
    bytes.removeLast()
    return String(decoding: bytes, as: UTF8.self)
  }

  static func fields(of kind: EventKind, into w: inout JSONObjectWriter) {
    switch kind {
    case .sample(let angle): w.field("angle", angle)
    case .orientation(let o): w.field("orientation", o.rawValue)
    case .textSize(let s): w.field("size", s.rawValue)
    case .turn(let d, let input):
      w.field("direction", d.rawValue)
      if input != .touch { w.field("input", input.rawValue) }
    case .goto(let offset): w.field("offset", offset)
    case .split(let s): w.field("split", s.rawValue)
    case .mark(let label): w.field("label", label)
    case .openChapter(let id): w.field("id", id)
    case .back: break
    case .sidebar(let mode): w.field("sidebar", mode.rawValue)
    case .notes(let action): w.field("notes", action.rawValue)
    case .note(let text): w.field("text", text)
    case .select(let offset, let length):
      w.field("offset", offset)
      w.field("length", length)
    case .addToNotes: break
    case .end(let reason): w.field("reason", reason.rawValue)
    case .dragToNotes(let passage): if passage != .selection { w.field("passage", passage.rawValue) }
    case .notesState(let n):
      w.field("change", n.change.rawValue)
      w.field("open", n.open)
      w.field("shownAs", n.shownAs.rawValue)
      w.field("length", n.length)
      w.field("hash", n.hash)
      if let warning = n.warning { w.field("warning", warning) }
    case .selection(let s):
      w.field("offset", s.offset)
      w.field("length", s.length)
      w.field("requestedLength", s.requestedLength)
      w.field("page", s.page)
      w.field("clipped", s.clipped)
      w.field("cause", s.cause.rawValue)
    case .hinge(let h) where !h.hasHinge:
      w.null("hinge")
    case .hinge(let h):
      w.field("angle", h.angle)
      w.field("radians", h.radians)
      w.field("status", h.status.rawValue)
      w.field("progress", h.progress)
    case .status(let s):
      w.field("status", s.status.rawValue)
      w.field("from", s.from.rawValue)
      w.field("angle", s.angle)
    case .pose(let p):
      w.field("pose", p.pose.rawValue)
      w.field("from", p.from.rawValue)
      w.field("orientation", p.orientation.rawValue)
    case .scene(let s):
      w.field("width", s.width)
      w.field("height", s.height)
      w.field("display", s.display.rawValue)
      w.field("transient", s.transient)
      w.field("index", s.index)
      w.field("count", s.count)
      if let h = s.horizontalSizeClass { w.field("horizontalSizeClass", h.rawValue) }
      if let v = s.verticalSizeClass { w.field("verticalSizeClass", v.rawValue) }
      if let area = s.safeArea {
        w.openObject("safeArea")
        for (side, value) in zip(SafeArea.sides, area.values) { w.field(side, value) }
        w.close()
      }
    case .regions(let r):
      division(r.division, into: &w)
    case .settled(let s):
      w.field("width", s.width)
      w.field("height", s.height)
      w.field("textSize", s.textSize.rawValue)
      division(s.division, into: &w)
      w.field("sizes", s.sizes)
      w.field("changed", s.changed)
      w.field("cause", s.cycle.cause.name)
      w.field("causeTime", s.cycle.causeTime)
      w.field("firstChange", s.cycle.firstChange)
      w.field("lastChange", s.cycle.lastChange)
      w.field("firstSize", s.cycle.firstSize)
      w.field("lastSize", s.cycle.lastSize)
      if let h = s.horizontalSizeClass { w.field("horizontalSizeClass", h.rawValue) }
      if s.notesOpen { w.field("notesOpen", true) }
    case .paginated(let p):
      w.field("pageWidth", p.pageWidth)
      w.field("pageHeight", p.pageHeight)
      w.field("textSize", p.textSize.rawValue)
      w.field("pageCount", p.pageCount)
      w.field("ms", p.ms)
      w.field("cache", p.cache.rawValue)
      w.field("characters", p.characters)
      w.field("settled", p.settled)
      w.field("queuedMs", p.queuedMs)
      w.field("computeClock", p.computeClock)
      if p.lateStartMs != 0 { w.field("lateStartMs", p.lateStartMs) }
    case .skipped(let s):
      w.field("settled", s.settled)
      w.field("reason", s.reason.rawValue)
      w.field("pageWidth", s.pageWidth)
      w.field("pageHeight", s.pageHeight)
      w.field("textSize", s.textSize.rawValue)
    case .shown(let s):
      shownLayout(s, into: &w)
      w.field("excerpt", s.excerpt)
      if let scales = s.pageScales { w.field("pageScales", scales) }
      if s.notesOpen { w.field("notesOpen", true) }
      if let chapter = s.chapter { w.field("chapter", chapter) }
      if let painted = s.paintedMs { w.field("paintedMs", painted) }
    case .timing(let r):
      TimingRecordCoding.write(r, into: &w)
    case .violation(let v):
      w.field("rule", v.rule)
      w.field("message", v.message)
      w.field("cause", v.cause.rawValue)
      w.field("causeTime", v.causeTime)
      w.field("offset", v.offset)
      w.field("pages", v.pages)
    case .navigation(let n):
      navigation(n, into: &w)
    }
  }

  static func navigation(_ n: NavigationState, into w: inout JSONObjectWriter) {
    if let chapter = n.chapter { w.field("chapter", chapter) } else { w.null("chapter") }
    w.field("chapterCount", n.chapterCount)
    w.field("sidebar", n.sidebar.rawValue)
    w.field("columns", n.columns.rawValue)
    w.field("top", n.top.rawValue)
    w.field("canGoBack", n.canGoBack)
    w.field("sidebarWidth", n.sidebarWidth)
    if let offset = n.offset { w.field("offset", offset) }
    w.field("draftLength", n.draftLength)
    w.field("draftHash", n.draftHash)
    if let warning = n.warning { w.field("warning", warning) }
  }

  /// What is on screen, as `shown` writes it and an app log's `shown` too: `offset`, `pages`,
  /// `ranges`, `pageCount`, `layout`, `frames`, `notes`.
  public static func shownLayout(_ s: Shown, into w: inout JSONObjectWriter) {
    w.field("offset", s.offset)
    w.field("pages", s.pages)
    w.openArray("ranges")
    for r in s.ranges { w.rawElement(Array("[\(r.lowerBound),\(r.upperBound)]".utf8)) }
    w.closeArray()
    w.field("pageCount", s.pageCount)
    w.field("layout", s.layout.rawValue)
    w.openArray("frames")
    for f in s.frames {
      w.openElement()
      rect(f, into: &w)
      w.close()
    }
    w.closeArray()
    w.field("notes", s.notes.rawValue)
  }

  /// Writes a rectangle's `x`, `y`, `width`, `height`.
  public static func rect(_ r: Rect, into w: inout JSONObjectWriter) {
    w.field("x", r.x)
    w.field("y", r.y)
    w.field("width", r.width)
    w.field("height", r.height)
  }

  static func division(_ d: Division?, into w: inout JSONObjectWriter) {
    guard let d else {
      w.null("division")
      return
    }
    w.openObject("division")
    rect(d.frame, into: &w)
    w.field("isActive", d.isActive)
    w.close()
  }
}
