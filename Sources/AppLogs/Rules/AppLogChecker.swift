import EventStream
import Platform
import Reader

/// Holds an aligned app log to the rules: first its clock (`AppLogClock`: a log whose sync ties
/// the wrong moments breaks `clock-in-sync`, and nothing else is judged), then the app-only
/// rules (`AppInvariants`) from how its paginations answered the settles, what it showed for
/// them and what frame it measured, and the reader's own (`ReaderInvariants`, with only the
/// visible pages known) on every shown state that answers a pagination, a move or nothing at all.
///
/// A shown state is judged against the layout it shows: its pagination's settle for the
/// `shown` that answers one, else the layout in force then (`AppLogInForce`) — the last settle
/// answered by then, or one never answered from its own time on (what the fold asks for,
/// whatever the app did).
/// Not judged: a `shown` that came before its pagination ended, and every `shown` after a
/// pagination that answers no settle until the next answer (that pagination broke a rule; the
/// layout it shows is a transient one). `layout-matches-fold` and `fold-clear` are said once per
/// layout in force, so an app that never answered a settle is told once what it shows and what
/// the fold asks for.
struct AppLogChecker {
  let matching: AppLogMatching
  let document: ReaderDocument
  let direction: ReadingDirection
  private(set) var findings: [AppLogFinding] = []
  private(set) var shownChecked = 0
  /// The app's clock against the script's, as its frames measure it.
  let clock: AppLogClock
  private var log: AppLog { matching.log }
  private var script: AppLogScript { matching.script }
  private var said: Set<String> = []

  init(matching: AppLogMatching, document: ReaderDocument, direction: ReadingDirection) {
    self.matching = matching
    self.document = document
    self.direction = direction
    clock = AppLogClock(frames: matching.frames.map { ($0.time, $0.width, $0.height) }, sizes: matching.script.sizes)
  }

  mutating func run() {
    if let offset = clock.offset, let problem = AppInvariants.clockProblem(offset: offset, frames: clock.matched) {
      let first = matching.frames.first
      add(
        "clock-in-sync", problem, entry: first?.entry, time: first?.time ?? 0, cause: .scene, causeTime: 0)
      return
    }
    for k in script.settles.indices { checkAnswer(k) }
    for (earlier, later) in matching.sweep.outOfOrder { checkOrder(earlier, later) }
    checkShown()
    findings.sort { $0.line < $1.line }
  }

  private mutating func add(
    _ rule: String, _ message: String, entry: Int?, time: Double, cause: EventType = .settled, causeTime: Double
  ) {
    let line = entry.map { log.entries[$0].line } ?? log.entries.last?.line ?? 1
    findings.append(
      AppLogFinding(
        rule: rule, message: message, line: line, time: time, state: script.state(at: time), cause: cause,
        causeTime: causeTime))
  }

  /// The app rules on how settle `k` was answered, and the frame measured when it settled.
  private mutating func checkAnswer(_ k: Int) {
    let settle = script.settles[k]
    let s = settle.time
    switch matching.sweep.answers[k] {
    case .paginated(let p):
      let pagination = matching.paginations[p]
      if let problem = AppInvariants.earlyProblem(
        start: pagination.start, settle: s, lastChange: settle.settled.cycle.lastChange, layout: settle.layout)
      {
        add("paginated-before-settle", problem, entry: pagination.entry, time: pagination.end, causeTime: s)
      }
      let problems = [
        AppInvariants.textSizeProblem(laidOut: pagination.value.textSize, settled: settle.settled.textSize),
        AppInvariants.pageSizeProblem(
          width: pagination.value.pageWidth, height: pagination.value.pageHeight, settled: settle.settled),
      ].compactMap { $0 }
      if !problems.isEmpty {
        add(
          "pagination-matches-settle",
          AppInvariants.paginationMessage(settle: s, layout: settle.layout, problems: problems),
          entry: pagination.entry, time: pagination.end, causeTime: s)
      }
      if let miss = matching.shown.misses[p] {
        add(
          "shown-after-settle",
          AppInvariants.unshownMessage(settle: s, layout: settle.layout, end: pagination.end, why: reason(miss)),
          entry: pagination.entry, time: pagination.end, causeTime: s)
      }
    case .missing:
      let after = Self.partition(matching.times.count) { matching.times[$0] >= s }
      add(
        "shown-after-settle", AppInvariants.unansweredMessage(settle: s, layout: settle.layout),
        entry: after < matching.times.count ? after : nil, time: s, causeTime: s)
    case .pending, .unchanged, .superseded: break
    }
    for p in matching.sweep.extra[k] {
      let extra = matching.paginations[p]
      add(
        "paginate-once-per-settle",
        AppInvariants.extraMessage(
          width: extra.value.pageWidth, height: extra.value.pageHeight, start: extra.start, settle: s,
          layout: settle.layout),
        entry: extra.entry, time: extra.end, causeTime: s)
    }
    // The frame the app measured last before the settle: a frame at its very instant is the
    // first size of the next burst (the settle fires before an input of the same time). Not at
    // a superseded settle, nor at the navigation stage's re-settles: they repeat the last
    // settled size, which the frame may have left already (a burst under way).
    if case .superseded = matching.sweep.answers[k] { return }
    guard !settle.byInput else { return }
    if let f = matching.lastFrame(before: s), case .frame(let w, let h) = log.entries[f].kind,
      let problem = AppInvariants.frameProblem(width: w, height: h, settled: settle.settled)
    {
      add("frame-matches-pose", problem + " (settled at \(NumberFormat.ms(s)) ms)", entry: f, time: s, causeTime: s)
    }
  }

  private mutating func checkOrder(_ earlier: Int, _ later: Int) {
    guard let a = matching.settleAnswered(by: earlier), let b = matching.settleAnswered(by: later), a < b else {
      return
    }
    let (pa, pb) = (matching.paginations[earlier], matching.paginations[later])
    let (sa, sb) = (script.settles[a], script.settles[b])
    add(
      "settles-answered-in-order",
      AppInvariants.orderMessage(
        earlier: sa.time, earlierLayout: sa.layout, earlierEnd: pa.end, later: sb.time, laterLayout: sb.layout,
        laterEnd: pb.end),
      entry: pa.entry, time: pa.end, causeTime: sa.time)
  }

  /// What a pagination's missing `shown` was, in words.
  private func reason(_ miss: AppLogShownMatch.Miss) -> String {
    switch miss {
    case .early(let line, let ms):
      "the shown at line \(line) came \(NumberFormat.ms(ms)) ms before it ended (a page is shown after its pagination)"
    case .lineFirst(let line):
      "the shown at line \(line), at the same time, was written before it (a page is shown after its pagination)"
    case .moveFirst(let line, let m):
      "the next shown (line \(line)) answers the \(script.moves[m].type.rawValue) at \(NumberFormat.ms(script.moves[m].time)) ms, which came after it ended"
    case .nextPagination(let line): "another pagination (line \(line)) came before any shown"
    case .never: "no shown came after it"
    }
  }

  /// The shown states, against the reader's rules and `layout-matches-fold`.
  private mutating func checkShown() {
    var inForce = AppLogInForce(matching: matching)
    var invariants = ReaderInvariants()
    var previousOffset: Int?
    var lastShown: Shown?
    var afterExtra = false
    for (i, entry) in log.entries.enumerated() {
      let t = matching.times[i]
      switch entry.kind {
      case .shown(let shown):
        defer {
          lastShown = shown
          previousOffset = shown.offset
        }
        var settle: Int?
        var cause = EventType.shown
        var causeTime = t
        var hingeChange: String?
        switch matching.shown.roles[i] {
        case .pagination(let p):
          guard let k = matching.settleAnswered(by: p) else {
            afterExtra = true
            invariants.forgetScreen()
            continue
          }
          afterExtra = false
          settle = k
          // A chapter re-settle's pagination shows the chapter just opened: the place moved there.
          let cycle = script.settles[k].settled.cycle
          cause = cycle.cause == .chapter || matching.shown.opensChapter.contains(p) ? .navigation : .settled
          causeTime = script.settles[k].time
          hingeChange = ReaderSnapshot.hingeChange(of: cycle.cause)
        case .move(let m):
          cause = script.moves[m].type
          causeTime = script.moves[m].time
          settle = inForce.settle(atEntry: i, time: t)
        case .unexplained:
          settle = inForce.settle(atEntry: i, time: t)
        case .early, nil:
          invariants.forgetScreen()
          continue
        }
        guard !afterExtra, let k = settle else {
          invariants.forgetScreen()
          continue
        }
        shownChecked += 1
        let model = script.settles[k].geometry
        var geometry = model
        geometry.layout = shown.layout
        geometry.frames = shown.frames
        geometry.notes = shown.notes
        var snapshot = ReaderSnapshot(
          offset: shown.offset, previousOffset: previousOffset, pages: shown.pages, pageRanges: shown.ranges,
          textLength: script.textEnd(ofPageAt: shown.ranges.first?.lowerBound ?? 0, textLength: document.utf16Count),
          geometry: geometry, direction: direction, visibleLines: [],
          style: document.style(for: script.settles[k].settled.textSize), cause: cause.rawValue,
          breaksFingerprint: 0, key: "")
        snapshot.allPagesKnown = false
        snapshot.hingeChange = hingeChange
        var found = invariants.check(snapshot)
        if let problem = AppInvariants.layoutProblem(shown, model: model, pose: script.pose(at: t)) {
          found.append(("layout-matches-fold", problem))
        }
        if case .missing = matching.sweep.answers[k] {
          // The app never laid this layout out (shown-after-settle says so): its frames still
          // stand where the layout it kept put them, so they are not held to this one's fold.
          found.removeAll { $0.rule == "fold-clear" }
        }
        for (rule, message) in sayOnce(found, layout: k) {
          add(rule, message, entry: i, time: t, cause: cause, causeTime: causeTime)
        }
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

  /// The rules about the arrangement (`layout-matches-fold`, `fold-clear`) that were not said
  /// for the layout of settle `k` by an earlier shown state, and every other.
  private mutating func sayOnce(_ found: [(rule: String, message: String)], layout k: Int) -> [(
    rule: String, message: String
  )] {
    let layoutRules: Set<String> = ["layout-matches-fold", "fold-clear"]
    let kept = found.filter { !layoutRules.contains($0.rule) || !said.contains("\($0.rule) \(k)") }
    for (rule, _) in kept where layoutRules.contains(rule) { said.insert("\(rule) \(k)") }
    return kept
  }

  static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int { AppLogScript.partition(count, isAfter) }
}
