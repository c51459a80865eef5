import EventStream

/// The one human-readable form of a stream event, shared by `run`'s timeline, the knob's plain
/// output and the live view's event log (text from inputs, a mark's label or a page's excerpt,
/// with its control characters escaped, so that a label cannot drive the terminal):
///
/// ```text
///    1220 ms  settled    867×611 large, fold active, 7 sizes
///    1220 ms  paginated  48 pages of 331.5×571 in 1 ms (miss, fixed:1)
/// ```
public enum EventText {
  /// The event's line: its time, a kind column and what happened.
  public static func line(_ event: Event) -> String {
    NumberFormat.left(NumberFormat.ms(event.time), 9) + " ms  " + text(event.kind)
  }

  /// True for the events `run`'s timeline shows; it leaves out raw samples, delivered hinge
  /// updates, scene sizes and regions (the knob's output and the live view log show all).
  public static func isTimelineEvent(_ kind: EventKind) -> Bool {
    switch kind {
    case .sample, .hinge, .scene, .regions: false
    default: true
    }
  }

  /// The name and detail of an input event: the one label `run`'s timeline, the Chrome trace and
  /// the SVG plot give it (`rotate landscapeLeft`, `text size xLarge`, `chapter open 2`). Nil for
  /// raw samples (a counter, not a label) and for what the stages produce.
  public static func inputLabel(_ kind: EventKind) -> (name: String, detail: String)? {
    switch kind {
    case .orientation(let o): ("rotate", o.rawValue)
    case .textSize(let s): ("text size", s.rawValue)
    case .split(let s): ("split", s.rawValue)
    case .mark(let label): ("mark", InputText.excerpt(label))
    case .turn(let d, let input): ("turn", d.rawValue + (input == .voiceover ? " (VoiceOver)" : ""))
    case .goto(let offset): ("goto", "\(offset)")
    case .notes(let action): ("notes", action.rawValue)
    case .note(let text): ("note", "“\(InputText.excerpt(text))” (\(text.utf16.count) units)")
    case .select(let offset, let length): ("select", "\(length) units from \(offset)")
    case .addToNotes: ("add to notes", "")
    case .dragToNotes(let passage): ("drag to notes", passage == .firstLine ? "(the first line on screen)" : "")
    case .openChapter(let id): ("chapter", "open \(id)")
    case .back: ("back", "")
    case .sidebar(let mode): ("sidebar", mode.rawValue)
    case .end(let reason): ("end", reason.rawValue)
    default: nil
    }
  }

  /// An input event's label on one line (`text size xLarge`); nil as `inputLabel`.
  public static func inputText(_ kind: EventKind) -> String? {
    inputLabel(kind).map { $0.detail.isEmpty ? $0.name : $0.name + " " + $0.detail }
  }

  /// The event without its time.
  static func text(_ kind: EventKind) -> String {
    switch kind {
    case .orientation, .textSize, .split, .mark, .turn, .goto, .notes, .note, .select, .addToNotes, .dragToNotes,
      .openChapter, .back, .sidebar, .end:
      inputLine(kind)
    case .sample(let angle): "sample     \(degrees(angle))"
    case .hinge(let update): "hinge      \(degrees(update.angle)) \(update.status.rawValue)"
    case .scene(let scene):
      "scene      \(size(scene.width, scene.height)) \(scene.display.rawValue)"
        + (scene.transient ? " (transient \(scene.index)/\(scene.count))" : "")
    case .regions(let regions):
      "regions    " + (regions.division.map { "fold \($0.isActive ? "active" : "inactive")" } ?? "none")
    case .pose(let p): "pose       \(p.pose.rawValue) (\(p.orientation.rawValue))"
    case .status(let s): "status     \(s.from.rawValue) → \(s.status.rawValue) at \(NumberFormat.ms(s.angle))°"
    case .notesState(let n): notesSummary(n)
    case .selection(let s):
      "selection  "
        + (s.length == 0
          ? "none (at \(s.offset), page \(s.page + 1))"
          : "\(s.offset)..<\(s.offset + s.length) on page \(s.page + 1)"
            + (s.clipped ? ", clipped at the page's end from \(s.requestedLength) units" : ""))
        + (s.cause == .select ? "" : " (after \(s.cause.rawValue))")
    case .navigation(let n):
      "navigation \(n.chapter.map { "chapter \($0)" } ?? "no chapter") of \(n.chapterCount), \(n.columns.rawValue), \(n.top.rawValue) on top"
        + (n.sidebarWidth > 0 ? ", sidebar \(NumberFormat.ms(n.sidebarWidth)) pt" : "")
        + (n.canGoBack ? ", back" : "") + (n.warning.map { " — warning: \($0)" } ?? "")
    case .settled(let s):
      "settled    \(NumberFormat.ms(s.width))×\(NumberFormat.ms(s.height)) \(s.textSize.rawValue)"
        + (s.division.map { $0.isActive ? ", fold active" : ", fold flat" } ?? "")
        + (s.notesOpen ? ", notes open" : "")
        + ", \(s.sizes) size\(s.sizes == 1 ? "" : "s")" + (s.changed ? "" : " (unchanged)")
    case .paginated(let p):
      "paginated  \(p.pageCount) pages of \(NumberFormat.ms(p.pageWidth))×\(NumberFormat.ms(p.pageHeight)) in \(NumberFormat.ms(p.ms)) ms (\(p.cache.rawValue)\(p.computeClock.isEmpty ? "" : ", " + p.computeClock))"
        + (p.queuedMs > 0 ? ", after \(NumberFormat.ms(p.queuedMs)) ms queued" : "")
    case .skipped(let s):
      switch s.reason {
      case .unchanged:
        "skipped    settle at \(NumberFormat.ms(s.settled)) ms: nothing to repaginate (\(NumberFormat.ms(s.pageWidth))×\(NumberFormat.ms(s.pageHeight)) \(s.textSize.rawValue) is shown)"
      case .superseded:
        "skipped    settle at \(NumberFormat.ms(s.settled)) ms (\(NumberFormat.ms(s.pageWidth))×\(NumberFormat.ms(s.pageHeight)) \(s.textSize.rawValue)): superseded by a later settle while the reader was busy"
      case .fixedLayout:
        "skipped    settle at \(NumberFormat.ms(s.settled)) ms: text size \(s.textSize.rawValue) changes nothing in a PDF (its pages do not reflow)"
      }
    case .shown(let s):
      "shown      \(s.chapter.map { "ch. \($0) " } ?? "")\(s.layout.rawValue) page\(s.pages.count > 1 ? "s" : "") \(s.pages.map { String($0 + 1) }.joined(separator: "–")) of \(s.pageCount), offset \(s.offset), notes \(s.notes.rawValue)\(s.notesOpen ? " (open)" : "") — “\(InputText.escaped(s.excerpt))”"
    case .violation(let v):
      "VIOLATION  \(v.rule): \(v.message) (after \(v.cause) at \(NumberFormat.ms(v.causeTime)) ms)"
    case .timing(let r): "timing     \(r.cause): " + timingSummary(r)
    }
  }

  /// An input's label in the timeline's columns (`text size  xLarge`); the end marker says what
  /// it means for the run.
  static func inputLine(_ kind: EventKind) -> String {
    guard let (name, detail) = inputLabel(kind) else { preconditionFailure("\(kind) is not an input with a label") }
    let line = detail.isEmpty ? name : name + String(repeating: " ", count: max(1, 11 - name.count)) + detail
    guard case .end(let reason) = kind else { return line }
    return line + ": " + endSummary(reason)
  }

  /// `notes      open beside the page, 57 units, hash 0123456789abcdef (moved)`.
  static func notesSummary(_ n: NotesState) -> String {
    let place =
      switch n.shownAs {
      case .sheet: "open in a sheet"
      case .beside: "open beside the page"
      case .hidden: "closed"
      }
    return "notes      \(place), \(n.length) units, hash \(n.hash) (\(n.change.rawValue))"
      + (n.warning.map { " — \($0)" } ?? "")
  }

  /// What a timing record says happened, after its cause.
  static func timingSummary(_ r: TimingRecord) -> String {
    switch r.cache {
    case .superseded: "superseded before it was paginated, nothing shown"
    case .interrupted: "the run ended before it was shown, \(NumberFormat.ms(r.queuedMs)) ms after the settle"
    case .skip:
      "nothing to repaginate, \(NumberFormat.ms(r.causeToShown ?? 0)) ms"
    case .miss, .hit:
      "shown \(NumberFormat.ms(r.causeToShown ?? 0)) ms after the cause"
        + (r.queuedMs > 0 ? " (\(NumberFormat.ms(r.queuedMs)) ms queued behind the busy reader)" : "")
    }
  }

  /// Why the run ended before its source did.
  static func endSummary(_ reason: EndReason) -> String {
    switch reason {
    case .interrupted: "a signal stopped the run; nothing pending settles or is shown"
    case .stopped: "the run's duration, or its output closed; nothing pending settles or is shown"
    case .error: "the source could not be read on; nothing pending settles or is shown"
    }
  }

  /// `92.5°`: an angle to a tenth of a degree.
  public static func degrees(_ value: Double) -> String {
    "\(NumberFormat.ms((value * 10).rounded() / 10))°"
  }

  /// `867 × 611`.
  public static func size(_ width: Double, _ height: Double) -> String {
    "\(NumberFormat.ms(width)) × \(NumberFormat.ms(height))"
  }
}
