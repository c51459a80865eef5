import EventStream
import Simulator
import Typesetter

/// What a text reader's main thread is charged for its paginations, as the injected
/// `ComputeModel` says: a layout done now, the text's one-time analysis on the first (cold)
/// layout, a cache hit, and — with pre-pagination — the rest of a layout a background worker
/// is still doing. It knows no queue (that is `MainThread`'s) and no rules (`ReaderRules`').
///
/// ```swift
/// var charges = PaginationCharges(cache: cache, model: .fixed(5), prepaginateSizes: nil)
/// let work = charges.paginate(key, at: 200)   // laid out: ms 5, done at 205
/// ```
struct PaginationCharges {
  /// A pagination done on the main thread.
  struct Work {
    var pagination: Pagination
    /// The compute time charged.
    var ms: Double
    var cache: CacheOutcome
    /// When the thread is done with it.
    var done: Double
  }

  /// Where the text stands with the background worker (pre-pagination) and the analysis.
  enum State {
    /// No event has reached the reader: the text is not open yet.
    case unopened
    /// Opened at `openedAt`; nothing laid out yet, so the first layout pays the analysis.
    case opened(at: Double)
    /// Laid out at least once (the analysis is paid); with pre-pagination, `readyAt` says
    /// when each background layout is done and `backgroundFree` when the worker is free.
    case warm(openedAt: Double, readyAt: [PageKey: Double], backgroundFree: Double)

    /// True once the analysis is paid.
    var isWarm: Bool {
      if case .warm = self { true } else { false }
    }
  }

  /// This reader's paginations (and its document).
  let cache: PaginationCache
  let model: ComputeModel
  /// Page sizes to paginate ahead, in the background, once the text size is known.
  let prepaginateSizes: [(width: Double, height: Double)]?
  private(set) var state = State.unopened

  /// Charges for paginations into `cache` as `model` says; with `prepaginateSizes`, a
  /// background worker lays those sizes out ahead.
  init(cache: PaginationCache, model: ComputeModel, prepaginateSizes: [(width: Double, height: Double)]?) {
    self.cache = cache
    self.model = model
    self.prepaginateSizes = prepaginateSizes
  }

  /// The reader saw an event at `time`: the first one opens the text.
  mutating func opened(at time: Double) {
    if case .unopened = state { state = .opened(at: time) }
  }

  /// Lays out (or finds) the pagination for `key` at `now` and charges it: a layout done now
  /// costs what the model says (plus the text's analysis the first time); one found in the
  /// cache costs the model's hit cost, after what is left of its background layout.
  mutating func paginate(_ key: PageKey, at now: Double) -> Work {
    let document = cache.document
    let (openedAt, readyAt, backgroundFree): (Double, [PageKey: Double], Double) =
      switch state {
      case .unopened: (now, [:], -.infinity)
      case .opened(let at): (at, [:], -.infinity)
      case .warm(let at, let ready, let free): (at, ready, free)
      }
    defer { state = .warm(openedAt: openedAt, readyAt: readyAt, backgroundFree: backgroundFree) }
    if cache.contains(width: key.width, height: key.height, textSize: key.textSize) {
      let result = cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      var ms = 0.0
      if let ready = readyAt[key], ready > now { ms = StreamTime.elapsed(from: now, to: ready) }  // still being prepaginated
      ms = StreamTime.rounded(ms + model.hitCost(result))
      return Work(pagination: result, ms: ms, cache: .hit, done: StreamTime.adding(ms, to: now))
    }
    let (result, measured) = model.layOut {
      cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
    }
    var ms = measured
    if !state.isWarm {  // the cold pagination
      // Pre-pagination analyses the text in the background from the moment it is opened;
      // otherwise the first pagination does it.
      let analysis = model.analysisCost(of: document)
      let wait =
        prepaginateSizes != nil
        ? max(0, StreamTime.elapsed(from: now, to: StreamTime.adding(analysis, to: openedAt))) : analysis
      ms = StreamTime.rounded(ms + wait)
    }
    return Work(pagination: result, ms: ms, cache: .miss, done: StreamTime.adding(ms, to: now))
  }

  /// Lays out every pre-paginated page size for this text size on a background worker that
  /// starts once the text is analysed and `time` has come: each is ready its measured time
  /// after the previous one finished.
  mutating func prepaginate(textSize: TextSize, after time: Double) {
    guard let sizes = prepaginateSizes, case .warm(let openedAt, var readyAt, var cursor) = state else { return }
    let document = cache.document
    cursor = max(cursor, time, StreamTime.adding(model.analysisCost(of: document), to: openedAt))
    for size in sizes {
      let key = PageKey(width: size.width, height: size.height, textSize: textSize)
      guard !cache.contains(width: key.width, height: key.height, textSize: key.textSize) else { continue }
      let (_, ms) = model.layOut {
        cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      }
      cursor = StreamTime.adding(ms, to: cursor)
      readyAt[key] = cursor
    }
    state = .warm(openedAt: openedAt, readyAt: readyAt, backgroundFree: cursor)
  }
}
