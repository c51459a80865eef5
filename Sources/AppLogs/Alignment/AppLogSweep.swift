import EventStream
import Reader

/// Matches the app's paginations to the settles they answer, in time order, the way the
/// reader model's one main thread answers them (`AppLogAlignment` explains the rules).
struct AppLogSweep {
  var settles: [AppLogAlignment.SettlePoint]
  let paginations: [AppLogAlignment.AppPagination]
  /// When the app's current pagination ends.
  private var busyUntil = -Double.infinity
  /// Settles that came while the app was paginating, oldest first.
  private var queue: [Int] = []
  /// The settle the free app has yet to paginate.
  private var waiting: Int?
  /// The settle answered last (repeated paginations belong to it).
  private var lastAnswered: Int?
  /// Paginations that started before their settle came, by settle.
  private var early: [Int: [Int]] = [:]
  /// The layout on screen: the geometry and text size of the settle answered last — for each
  /// chapter when the app lays out one at a time (a chapter keeps its last layout), else under nil.
  private var screens: [Int?: (geometry: PageGeometry, textSize: TextSize)] = [:]

  init(settles: [AppLogAlignment.SettlePoint], paginations: [AppLogAlignment.AppPagination]) {
    self.settles = settles
    self.paginations = paginations
  }

  mutating func run() {
    // Settles before pagination starts at the same time: a pagination starting at a settle answers it.
    var items = settles.indices.map { (time: settles[$0].time, settle: true, index: $0) }
    items += paginations.indices.map { (time: paginations[$0].start, settle: false, index: $0) }
    items.sort { ($0.time, $0.settle ? 0 : 1) < ($1.time, $1.settle ? 0 : 1) }
    for item in items {
      resolveQueue(by: item.time)
      if item.settle {
        if busyUntil > item.time { queue.append(item.index) } else { arrive(item.index, at: item.time) }
      } else {
        paginationStarted(item.index)
      }
    }
    resolveQueue(by: .infinity)
    if let w = waiting { finish(w) }
  }

  /// The app became free at `busyUntil` with settles queued: all but the last are superseded.
  private mutating func resolveQueue(by now: Double) {
    guard busyUntil <= now, let last = queue.last else { return }
    for k in queue.dropLast() { settles[k].answer = .superseded(busyUntil) }
    queue = []
    arrive(last, at: busyUntil)
  }

  /// Settle `k` reaches the free app at `time`.
  private mutating func arrive(_ k: Int, at time: Double) {
    if let w = waiting { finish(w) }
    if early[k] == nil, keepsScreen(k) {
      settles[k].answer = .unchanged(time)
      lastAnswered = k
    } else {
      waiting = k
    }
  }

  /// The layout settle `k` asks for is the one on screen (page size, text size, arrangement,
  /// frames, notes), as the reader model decides it; the screen then takes its geometry.
  private mutating func keepsScreen(_ k: Int) -> Bool {
    let next = settles[k].geometry
    guard let current = screens[settles[k].chapter], current.textSize == settles[k].settled.textSize,
      next.pageWidth == current.geometry.pageWidth, next.pageHeight == current.geometry.pageHeight,
      next.layout == current.geometry.layout, next.frames == current.geometry.frames,
      next.notes == current.geometry.notes
    else { return false }
    screens[settles[k].chapter] = (next, current.textSize)
    return true
  }

  /// Settle `w` gets no later pagination: its last early one answers it, else it went unanswered.
  private mutating func finish(_ w: Int) {
    waiting = nil
    if var before = early[w], let last = before.popLast() {
      settles[w].answer = .paginated(last)
      settles[w].extra += before
      answered(w)
    } else {
      settles[w].answer = .missing
    }
  }

  private mutating func answered(_ k: Int) {
    lastAnswered = k
    screens[settles[k].chapter] = (settles[k].geometry, settles[k].settled.textSize)
  }

  private mutating func paginationStarted(_ p: Int) {
    let start = paginations[p].start
    defer { busyUntil = max(busyUntil, paginations[p].end) }
    if let w = waiting {
      waiting = nil
      settles[w].answer = .paginated(p)
      settles[w].extra += early[w] ?? []
      answered(w)
    } else if let j = settles.firstIndex(where: { $0.time > start }), settles[j].settled.cycle.firstChange <= start,
      !queue.contains(j)
    {
      early[j, default: []].append(p)
    } else if let a = lastAnswered {
      settles[a].extra.append(p)
    } else if let j = settles.firstIndex(where: { $0.time > start }) {
      early[j, default: []].append(p)  // before the first cycle's first change
    }
  }
}
