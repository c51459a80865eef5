import EventStream
import Reader

/// Matches the app's paginations to the settles they answer, in time order, the way the
/// reader model's one main thread answers them (`AppLogMatching` and docs/app-log.md state
/// the rules), with the model's ties at one instant (docs/timing.md, rule 5): the end of a
/// pagination comes before every settle of its instant (the reader is downstream of the settle
/// stage, and a deadline comes before an input), so such a settle finds the app free; a settle
/// the app became free for is answered by a pagination that starts then before the settles of
/// that instant reach it, and a settle that reaches the free app is answered by a pagination
/// that starts at its instant.
///
/// ```swift
/// var sweep = AppLogSweep(script: script, paginations: paginations)
/// sweep.run()
/// sweep.answers[0]   // .paginated(0): the first pagination answers the first settle
/// ```
struct AppLogSweep {
  /// How a settle was answered.
  enum Answer: Equatable {
    /// Not yet decided (only while the sweep runs).
    case pending
    /// By this pagination (an index into `paginations`).
    case paginated(Int)
    /// Nothing to repaginate, at this time.
    case unchanged(Double)
    /// Another settle came before the app was free, at this time.
    case superseded(Double)
    /// Never paginated.
    case missing
  }

  let script: AppLogScript
  let paginations: [AppLogPagination]
  /// Each settle's answer.
  private(set) var answers: [Answer]
  /// Each settle's paginations that are not its answer: early ones overtaken, repeated ones.
  private(set) var extra: [[Int]]
  /// Two paginations that overlapped and ended out of order: `later` answers a later settle
  /// but ended before `earlier`, the answer of an earlier one — so the older layout came last.
  private(set) var outOfOrder: [(earlier: Int, later: Int)] = []

  /// When the app's paginations end (the latest end so far), and which one ends then.
  private var busyUntil = -Double.infinity
  private var busyWith: Int?
  /// Settles that came while the app was paginating, oldest first.
  private var queue: [Int] = []
  /// The settle the free app has yet to paginate, and since when.
  private var waiting: Int?
  private var waitingSince = -Double.infinity
  /// The settle answered last (repeated paginations belong to it).
  private var lastAnswered: Int?
  /// Paginations that started before their settle came, by settle.
  private var early: [Int: [Int]] = [:]
  /// The layout on screen: the geometry and text size of the settle answered last — for each
  /// chapter when the app lays out one at a time (a chapter keeps its last layout), else under nil.
  private var screens: [Int?: (geometry: PageGeometry, textSize: TextSize)] = [:]

  init(script: AppLogScript, paginations: [AppLogPagination]) {
    self.script = script
    self.paginations = paginations
    answers = Array(repeating: .pending, count: script.settles.count)
    extra = Array(repeating: [], count: script.settles.count)
  }

  mutating func run() {
    // The paginations by start (file order among equal starts); the settles are in time order.
    let byStart = paginations.indices.sorted { (paginations[$0].start, $0) < (paginations[$1].start, $1) }
    var nextSettle = 0
    var nextStart = 0
    while nextSettle < script.settles.count || nextStart < byStart.count {
      let t = min(
        nextSettle < script.settles.count ? script.settles[nextSettle].time : .infinity,
        nextStart < byStart.count ? paginations[byStart[nextStart]].start : .infinity)
      freeIfDone(by: t)
      let startsNow = nextStart < byStart.count && paginations[byStart[nextStart]].start == t
      let settlesNow = nextSettle < script.settles.count && script.settles[nextSettle].time == t
      // The settle the app became free for at this instant is answered by a pagination that
      // starts now, before the settles that only come now.
      if startsNow, waiting != nil, waitingSince == t || !settlesNow {
        paginationStarted(byStart[nextStart])
        nextStart += 1
      } else if settlesNow {
        if busyUntil > t { queue.append(nextSettle) } else { arrive(nextSettle, at: t) }
        nextSettle += 1
      } else if startsNow {
        paginationStarted(byStart[nextStart])
        nextStart += 1
      }
    }
    freeIfDone(by: .infinity)
    if let w = waiting { finish(w) }
  }

  /// The app is free by `now` with settles queued: all but the last are superseded when it
  /// became free; the last reaches it then.
  private mutating func freeIfDone(by now: Double) {
    guard !queue.isEmpty, busyUntil <= now else { return }
    let last = queue.removeLast()
    for k in queue { answers[k] = .superseded(busyUntil) }
    queue = []
    arrive(last, at: busyUntil)
  }

  /// Settle `k` reaches the free app at `time`.
  private mutating func arrive(_ k: Int, at time: Double) {
    if let w = waiting { finish(w) }
    if early[k] == nil, keepsScreen(k) {
      answers[k] = .unchanged(time)
      lastAnswered = k
    } else {
      waiting = k
      waitingSince = time
    }
  }

  /// The layout settle `k` asks for is the one on screen (page size, text size, arrangement,
  /// frames, notes), as the reader model decides it; the screen then takes its geometry.
  private mutating func keepsScreen(_ k: Int) -> Bool {
    let settle = script.settles[k]
    let next = settle.geometry
    guard let current = screens[settle.chapter], current.textSize == settle.settled.textSize,
      next.pageWidth == current.geometry.pageWidth, next.pageHeight == current.geometry.pageHeight,
      next.layout == current.geometry.layout, next.frames == current.geometry.frames,
      next.notes == current.geometry.notes
    else { return false }
    screens[settle.chapter] = (next, current.textSize)
    return true
  }

  /// Settle `w` gets no later pagination: its last early one answers it, else it went unanswered.
  private mutating func finish(_ w: Int) {
    waiting = nil
    if var before = early[w], let last = before.popLast() {
      early[w] = before
      answer(w, with: last)
    } else {
      answers[w] = .missing
    }
  }

  /// Pagination `p` answers settle `k`; the early ones it overtook are extra.
  private mutating func answer(_ k: Int, with p: Int) {
    answers[k] = .paginated(p)
    extra[k] += early[k] ?? []
    early[k] = nil
    lastAnswered = k
    let settle = script.settles[k]
    screens[settle.chapter] = (settle.geometry, settle.settled.textSize)
  }

  private mutating func paginationStarted(_ p: Int) {
    let start = paginations[p].start
    let end = paginations[p].end
    defer {
      if end >= busyUntil {
        busyUntil = end
        busyWith = p
      }
    }
    if let w = waiting {
      waiting = nil
      answer(w, with: p)
    } else if start < busyUntil, let last = queue.popLast() {
      // The app paginates beside a pagination still running: the latest queued settle is
      // this one's, and one ending before the running one answered out of order.
      for k in queue { answers[k] = .superseded(start) }
      queue = []
      answer(last, with: p)
      if end < busyUntil, let running = busyWith { outOfOrder.append((running, p)) }
    } else {
      let next = script.firstSettle(after: start)
      if next < script.settles.count, script.settles[next].settled.cycle.firstChange <= start {
        early[next, default: []].append(p)  // while the sizes of the next cycle still come
      } else if let a = lastAnswered {
        extra[a].append(p)
      } else if next < script.settles.count {
        early[next, default: []].append(p)  // before the first cycle's first change
      }
    }
  }
}
