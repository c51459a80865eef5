import EventStream
import Simulator
import Typesetter

/// The reader app's one main thread, as a cost model: what it computes is charged to the
/// clock, so its output comes out that much later, and events that arrive meanwhile wait and
/// are handled after it, in arrival order (DESIGN §1).
///
/// What is charged is what the injected `ComputeModel` says: a layout done now, the text's
/// one-time analysis on the first (cold) layout, a cache hit, and — with pre-pagination — the
/// rest of a layout a background worker is still doing.
///
/// ```swift
/// var thread = ReaderMainThread(cache: cache, model: .fixed(5), prepaginateSizes: nil)
/// let work = thread.paginate(key, at: 200)        // laid out: ms 5, done at 205
/// thread.workFinished(events, at: work.done, now: 200, into: &out)  // busy until 205
/// thread.inputArrived(turnAt202)                  // false: queued
/// thread.deadlineReached(at: 205, into: &out)     // the events, stamped 205
/// thread.nextQueued(at: 205)                      // the turn, to handle now
/// ```
struct ReaderMainThread {
  /// Whether the thread is working.
  enum State {
    /// Free: an event that arrives is handled at once.
    case idle
    /// Working until `until`. What the work produced (`pending`) comes out then; events that
    /// arrive meanwhile wait in `queued`, in arrival order. Once `until` is reached the thread
    /// stays here, with nothing pending, while it handles what is queued.
    case busy(until: Double, pending: [Event], queued: [Event])
  }

  /// A pagination done on the main thread.
  struct Work {
    var pagination: Pagination
    /// The compute time charged.
    var ms: Double
    var cache: CacheOutcome
    /// When the thread is done with it.
    var done: Double
  }

  /// This reader's paginations (and its document).
  let cache: PaginationCache
  let model: ComputeModel
  /// Page sizes to paginate ahead, in the background, once the text size is known.
  let prepaginateSizes: [(width: Double, height: Double)]?
  private(set) var state: State = .idle
  /// When each background pagination is ready (prepagination).
  private var readyAt: [PageKey: Double] = [:]
  /// When the background worker is free.
  private var backgroundCursor = -Double.infinity
  private var analysisCharged = false
  /// When the reader saw its first event (the text is opened then).
  private var openedAt: Double?

  /// A thread paginating into `cache`, charging what `model` says; with
  /// `prepaginateSizes`, a background worker lays those sizes out ahead.
  init(cache: PaginationCache, model: ComputeModel, prepaginateSizes: [(width: Double, height: Double)]?) {
    self.cache = cache
    self.model = model
    self.prepaginateSizes = prepaginateSizes
  }

  /// When the thread is done with its work, if it is working.
  var deadline: Double? {
    switch state {
    case .idle: nil
    case .busy(let until, _, _): until
    }
  }

  /// The reader saw an event at `time`: the first one opens the text.
  mutating func eventSeen(at time: Double) {
    if openedAt == nil { openedAt = time }
  }

  /// An event for the reader arrived: returns true when the thread is free to handle it now;
  /// otherwise it is queued behind the current work and what was queued before it. (The run
  /// loop fires a deadline before an input stamped at the same time, so an event that
  /// arrives while the thread is busy is never due after the work.)
  mutating func inputArrived(_ event: Event) -> Bool {
    guard case .busy(let until, let pending, var queued) = state else { return true }
    state = .idle
    queued.append(event)
    state = .busy(until: until, pending: pending, queued: queued)
    return false
  }

  /// Lays out (or finds) the pagination for `key` at `now` and charges it: a layout done now
  /// costs what the model says (plus the text's analysis the first time); one found in the
  /// cache costs the model's hit cost, after what is left of its background layout.
  mutating func paginate(_ key: PageKey, at now: Double) -> Work {
    let document = cache.document
    var ms = 0.0
    var outcome: CacheOutcome = .hit
    let result: Pagination
    if cache.contains(width: key.width, height: key.height, textSize: key.textSize) {
      result = cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      if let ready = readyAt[key], ready > now { ms = StreamTime.elapsed(from: now, to: ready) }  // still being prepaginated
      ms = StreamTime.rounded(ms + model.hitCost(result))
    } else {
      let (laidOut, took) = model.layOut {
        cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      }
      result = laidOut
      ms = took
      if !analysisCharged {  // the cold pagination
        // Pre-pagination analyses the text in the background from the moment it is opened;
        // otherwise the first pagination does it.
        let analysis = model.analysisCost(of: document)
        let wait =
          prepaginateSizes != nil
          ? max(0, StreamTime.elapsed(from: now, to: StreamTime.adding(analysis, to: openedAt ?? now))) : analysis
        ms = StreamTime.rounded(ms + wait)
      }
      analysisCharged = true
      outcome = .miss
    }
    return Work(pagination: result, ms: ms, cache: outcome, done: StreamTime.adding(ms, to: now))
  }

  /// Work started at `now` produced `events`, due at `done`: they go out now when it took no
  /// time, otherwise the thread is busy until `done` and they go out then.
  mutating func workFinished(_ events: [Event], at done: Double, now: Double, into output: inout [Event]) {
    guard done > now else {
      output.append(contentsOf: events)
      return
    }
    switch state {
    case .idle:
      state = .busy(until: done, pending: events, queued: [])
    case .busy(let until, var pending, let queued):
      precondition(until <= now, "work started at \(now) while busy until \(until)")
      state = .idle
      pending.append(contentsOf: events)
      state = .busy(until: done, pending: pending, queued: queued)
    }
  }

  /// The deadline came (`now` is no earlier, later only in real time when the host woke
  /// late): emits what the work produced, stamped no earlier than `now`.
  mutating func deadlineReached(at now: Double, into output: inout [Event]) {
    guard case .busy(let until, let pending, let queued) = state, until <= now else {
      preconditionFailure("deadline reached at \(now) in \(state)")
    }
    output.append(contentsOf: pending.map { Event(time: max($0.time, now), $0.kind) })
    state = queued.isEmpty ? .idle : .busy(until: until, pending: [], queued: queued)
  }

  /// The next queued event to handle at `now`, in arrival order, and whether a `settled`
  /// is still queued behind it (a queued settle is then superseded: only the latest layout
  /// is paginated); nil when none is queued or the thread is working again.
  mutating func nextQueued(at now: Double) -> (event: Event, laterSettle: Bool)? {
    guard case .busy(let until, let pending, var queued) = state, until <= now, !queued.isEmpty else { return nil }
    precondition(pending.isEmpty, "queued events handled before the pending output went out")
    state = .idle
    let event = queued.removeFirst()
    let laterSettle = queued.contains { if case .settled = $0.kind { true } else { false } }
    if !queued.isEmpty { state = .busy(until: until, pending: [], queued: queued) }
    return (event, laterSettle)
  }

  /// Lays out every pre-paginated page size for this text size on a background worker that
  /// starts once the text is analysed and `time` has come: each is ready its measured time
  /// after the previous one finished.
  mutating func prepaginate(textSize: TextSize, after time: Double) {
    guard let sizes = prepaginateSizes else { return }
    let document = cache.document
    backgroundCursor = max(
      backgroundCursor, time, StreamTime.adding(model.analysisCost(of: document), to: openedAt ?? time))
    for size in sizes {
      let key = PageKey(width: size.width, height: size.height, textSize: textSize)
      guard !cache.contains(width: key.width, height: key.height, textSize: key.textSize) else { continue }
      let (_, ms) = model.layOut {
        cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      }
      backgroundCursor = StreamTime.adding(ms, to: backgroundCursor)
      readyAt[key] = backgroundCursor
    }
  }
}
