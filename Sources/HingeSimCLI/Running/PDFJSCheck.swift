import AppLogs
import EventStream
import Reader

/// Holds a PDF reader's app log (PDF.js under `web --reader pdfjs`) to the fixed-layout
/// reader's rules (`FixedLayoutInvariants`: `pdf-place-visible`, `pdf-fold-clear`,
/// `pdf-spread-centred`), at every settle of the simulator's stream.
///
/// At each settle the page is judged by the state it rests in (its last `shown` by then) and by
/// every `shown` after it until the next cycle's first change reaches the page (page turns at
/// that layout), each with the settle's reader width and fold; the states of a burst, before its
/// settle, are transient and not judged. The place is the page the reader was on before the layout changed — PDF.js
/// moving the reader to another page on a resize is the place lost — and only a page turn of
/// the script moves it: each turn to the next state the page shows (two quick turns whose states
/// arrive late still move it twice), until the layout changes again. A settle with no `shown` by then is
/// `pdf-shown`: nothing on screen for that layout.
struct PDFJSCheck {
  /// One broken rule.
  struct Finding: Equatable {
    /// The app log's line (0: no line, nothing was shown).
    var line: Int
    /// The settle's time, script ms.
    var time: Double
    var rule: String
    var message: String
    /// The simulator's state: the settled size and the fold.
    var state: String
  }

  /// A settle of the simulator's stream: its time and what settled.
  struct Settle {
    var time: Double
    var settled: Settled
  }

  private(set) var findings: [Finding] = []
  private(set) var shownChecked = 0
  private(set) var settleCount = 0

  /// Checks `log` against the `settles` and `turns` (script times) of the run that drove it.
  init(log: AppLog, settles: [Settle], turns: [Double]) {
    let shown: [(time: Double, line: Int, shown: Shown)] = log.entries.compactMap { entry in
      if case .shown(let s) = entry.kind { (log.scriptTime(ofAppTime: entry.appTime), entry.line, s) } else { nil }
    }
    var place = 0
    var nextShown = 0
    var nextTurn = 0
    var pendingTurns = 0
    var last: (time: Double, line: Int, shown: Shown)?
    settleCount = settles.count
    /// Moves through the page's states and the script's turns up to `time` (`inclusive`: states at
    /// it too), in time order; `judge` gets each state passed.
    func walk(to time: Double, inclusive: Bool, judge: ((time: Double, line: Int, shown: Shown)) -> Void) {
      while nextShown < shown.count, inclusive ? shown[nextShown].time <= time : shown[nextShown].time < time {
        while nextTurn < turns.count, turns[nextTurn] <= shown[nextShown].time {
          pendingTurns += 1
          nextTurn += 1
        }
        let state = shown[nextShown]
        if pendingTurns > 0 {
          place = state.shown.offset
          pendingTurns -= 1
        }
        last = state
        nextShown += 1
        judge(state)
      }
    }
    for (index, settle) in settles.enumerated() {
      // Until the next cycle's first change reaches the page: what follows is that layout's.
      let end =
        index + 1 < settles.count
        ? max(settle.time, min(settles[index + 1].time, settles[index + 1].settled.cycle.firstChange)) : .infinity
      let s = settle.settled
      let described =
        "settled \(NumberFormat.shortest(s.width))×\(NumberFormat.shortest(s.height))"
        + (s.division.map { " fold \($0.isActive ? "active" : "flat") at x \(NumberFormat.shortest($0.frame.x))" } ?? "")
      func judge(_ state: (time: Double, line: Int, shown: Shown)) {
        shownChecked += 1
        let snapshot = FixedLayoutInvariants.Snapshot(
          place: place, pages: state.shown.pages, frames: state.shown.frames, layout: state.shown.layout,
          readerWidth: s.width, division: s.division)
        for broken in FixedLayoutInvariants.check(snapshot) {
          findings.append(
            Finding(
              line: state.line, time: max(settle.time, state.time), rule: broken.rule, message: broken.message,
              state: described))
        }
      }
      // The state the page rests in at the settle, then every state it shows for this layout.
      walk(to: settle.time, inclusive: true) { _ in }
      guard let resting = last else {
        findings.append(
          Finding(
            line: 0, time: settle.time, rule: "pdf-shown",
            message: "nothing was shown for the layout settled at \(NumberFormat.ms(settle.time)) ms", state: described)
        )
        continue
      }
      judge(resting)
      walk(to: end, inclusive: false, judge: judge)
      // A turn the page showed nothing for (at either end of the document) moves nothing later.
      pendingTurns = 0
    }
  }
}
