import EventStream
import Platform
import Reader

/// Holds an aligned app log to the rules: the app-only ones (`AppInvariants`) from how its
/// paginations answered the settles and what frame it measured, and the reader's own
/// (`ReaderInvariants`, with only the visible pages known) on every shown state that answers
/// a settle, an unchanged layout, a turn, a goto or an opened chapter.
struct AppLogChecker {
  let alignment: AppLogAlignment
  let document: ReaderDocument
  let direction: ReadingDirection
  /// The stream's `turn` and `goto` inputs and the `navigation` states that open a chapter,
  /// oldest first: what may move the place.
  private var moves: [Event]
  private(set) var findings: [AppLogAlignment.Finding] = []
  private(set) var shownChecked = 0
  /// The script time each `paginated` and `shown` entry takes in the merged stream, by entry.
  private(set) var stamps: [Int: Double] = [:]
  /// The `paginated` entries that answer a settle but were never shown.
  private(set) var neverShown: Set<Int> = []
  private var log: AppLog { alignment.log }

  init(alignment: AppLogAlignment, document: ReaderDocument, direction: ReadingDirection, stream: [Event]) {
    self.alignment = alignment
    self.document = document
    self.direction = direction
    moves = stream.filter {
      switch $0.kind {
      case .turn, .goto: true
      case .navigation(let n): n.offset != nil
      default: false
      }
    }
  }

  mutating func run() {
    for (k, settle) in alignment.settles.enumerated() { checkAnswer(k, settle) }
    checkShown()
    findings.sort { $0.line < $1.line }
  }

  private mutating func add(
    _ rule: String, _ message: String, entry: Int?, time: Double, cause: EventType = .settled, causeTime: Double
  ) {
    let line = entry.map { log.entries[$0].line } ?? log.entries.last?.line ?? 1
    findings.append(
      AppLogAlignment.Finding(
        rule: rule, message: message, line: line, time: time, state: alignment.state(at: time), cause: cause,
        causeTime: causeTime))
  }

  private mutating func checkAnswer(_ k: Int, _ settle: AppLogAlignment.SettlePoint) {
    let s = settle.time
    let layout =
      "\(AppInvariants.size(settle.settled.width, settle.settled.height)) \(settle.settled.textSize.rawValue)"
    switch settle.answer {
    case .paginated(let p):
      let pagination = alignment.paginations[p]
      if pagination.start < s {
        add(
          "paginated-before-settle",
          "the pagination answering the settle at \(NumberFormat.ms(s)) ms (\(layout)) started at \(NumberFormat.ms(pagination.start)) ms, before the size settled (its last change at \(NumberFormat.ms(settle.settled.cycle.lastChange)) ms)",
          entry: pagination.entry, time: pagination.end, causeTime: s)
      }
      if !isShown(after: pagination.entry) {
        neverShown.insert(pagination.entry)
        add(
          "shown-after-settle",
          "the pagination for the settle at \(NumberFormat.ms(s)) ms (\(layout)) was never shown",
          entry: pagination.entry, time: pagination.end, causeTime: s)
      }
    case .missing:
      let after = log.entries.firstIndex { log.scriptTime(ofAppTime: $0.appTime) >= s }
      add(
        "shown-after-settle",
        "the layout settled at \(NumberFormat.ms(s)) ms (\(layout)) was never paginated nor shown",
        entry: after, time: s, causeTime: s)
    case .pending, .unchanged, .superseded: break
    }
    for p in settle.extra {
      let extra = alignment.paginations[p]
      add(
        "paginate-once-per-settle",
        "the pagination of \(AppInvariants.size(extra.value.pageWidth, extra.value.pageHeight)) pages at \(NumberFormat.ms(extra.start)) ms is one more for the settle at \(NumberFormat.ms(s)) ms (\(layout)): paginate once per settle, never on a transient size",
        entry: extra.entry, time: extra.end, causeTime: s)
    }
    if case .superseded = settle.answer { return }
    let frame = log.entries.indices.last {
      guard case .frame = log.entries[$0].kind else { return false }
      return log.scriptTime(ofAppTime: log.entries[$0].appTime) <= s
    }
    if let frame, case .frame(let w, let h) = log.entries[frame].kind,
      let problem = AppInvariants.frameProblem(width: w, height: h, settled: settle.settled)
    {
      add("frame-matches-pose", problem + " (settled at \(NumberFormat.ms(s)) ms)", entry: frame, time: s, causeTime: s)
    }
  }

  /// True when the app's next `paginated` or `shown` after `entry` is a `shown`.
  private func isShown(after entry: Int) -> Bool {
    for next in log.entries[(entry + 1)...] {
      switch next.kind {
      case .shown: return true
      case .paginated: return false
      default: continue
      }
    }
    return false
  }

  /// The move a `shown` at `t` answers, among those not yet answered (from `first`) that came by
  /// then: a go-to or an opened chapter whose place it shows, else the oldest. Moves passed over
  /// did nothing on screen (a turn at either end of the text).
  private func move(shown: Shown, at t: Double, from first: Int) -> Int? {
    var pending = first
    while pending < moves.count, moves[pending].time <= t { pending += 1 }
    guard first < pending else { return nil }
    let target = { (k: Int) -> Int? in
      switch moves[k].kind {
      case .goto(let offset): min(max(0, offset), self.document.utf16Count)
      case .navigation(let n): n.offset
      default: nil
      }
    }
    return (first..<pending).first { target($0) == shown.offset } ?? first
  }

  /// The shown states, against the reader's rules and `layout-matches-fold`.
  private mutating func checkShown() {
    // What each pagination entry answers, and when each answered layout went on screen.
    var answers: [Int: Int] = [:]
    var onScreen: [(time: Double, settle: Int)] = []
    for (k, settle) in alignment.settles.enumerated() {
      switch settle.answer {
      case .paginated(let p):
        answers[alignment.paginations[p].entry] = k
        onScreen.append((alignment.paginations[p].end, k))
      case .unchanged(let t): onScreen.append((t, k))
      default: break
      }
    }
    onScreen.sort { $0.time < $1.time }
    var invariants = ReaderInvariants()
    var previousOffset: Int?
    var lastShown: Shown?
    var afterAnswer: Int?  // the settle whose pagination came last, until its shown
    var afterExtra = false
    var lastStamp = -Double.infinity
    var nextMove = 0
    for (i, entry) in log.entries.enumerated() {
      let t = log.scriptTime(ofAppTime: entry.appTime)
      switch entry.kind {
      case .paginated:
        if let k = answers[i] {
          afterAnswer = k
          afterExtra = false
          lastStamp = max(t, alignment.settles[k].time)
        } else {
          afterExtra = true
          lastStamp = t
        }
        stamps[i] = lastStamp
      case .shown(let shown):
        lastShown = shown
        stamps[i] = max(t, lastStamp)
        guard !afterExtra, let current = onScreen.last(where: { $0.time <= t }) else {
          invariants.forgetScreen()
          continue
        }
        let model = alignment.settles[current.settle].geometry
        var cause = EventType.shown
        var causeTime = t
        var hingeChange: String?
        if let k = afterAnswer {
          // A chapter re-settle's pagination shows the chapter just opened: the place moved there.
          cause = alignment.settles[k].settled.cycle.cause == .chapter ? .navigation : .settled
          causeTime = alignment.settles[k].time
          hingeChange = ReaderSnapshot.hingeChange(of: alignment.settles[k].settled.cycle.cause)
          afterAnswer = nil
        } else if let k = move(shown: shown, at: t, from: nextMove) {
          cause = moves[k].kind.type
          causeTime = moves[k].time
          nextMove = k + 1
        }
        if cause == .settled || cause == .navigation {  // a move before the settle found nothing on screen or was shown already
          while nextMove < moves.count, moves[nextMove].time <= causeTime { nextMove += 1 }
        }
        shownChecked += 1
        var geometry = model
        geometry.layout = shown.layout
        geometry.frames = shown.frames
        geometry.notes = shown.notes
        let snapshot = ReaderSnapshot(
          offset: shown.offset, previousOffset: previousOffset, pages: shown.pages, pageRanges: shown.ranges,
          textLength: document.utf16Count, geometry: geometry, direction: direction, visibleLines: [],
          style: document.style(for: alignment.settles[current.settle].settled.textSize), cause: cause.rawValue,
          breaksFingerprint: 0, key: "")
        var partial = snapshot
        partial.allPagesKnown = false
        partial.hingeChange = hingeChange
        for (rule, message) in invariants.check(partial) {
          add(rule, message, entry: i, time: t, cause: cause, causeTime: causeTime)
        }
        if let problem = AppInvariants.layoutProblem(shown, model: model) {
          add("layout-matches-fold", problem, entry: i, time: t, cause: cause, causeTime: causeTime)
        }
        previousOffset = shown.offset
      case .selection(let range) where !range.isEmpty:
        // Against the pages last shown: the app reports no others.
        let visible = lastShown?.ranges ?? []
        if let problem = ReaderInvariants.selectionProblem(range, pages: visible, allPagesKnown: false) {
          add("selection-in-page", problem, entry: i, time: t, cause: .selection, causeTime: t)
        }
      default: break
      }
    }
  }
}
