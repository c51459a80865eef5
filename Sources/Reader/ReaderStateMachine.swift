import EventStream
import Platform
import Simulator
import Typesetter

/// The reader model: paginates again once the size settles, keeps the place by character
/// offset, shows the page (or spread) holding it, and checks every shown state.
///
/// It is the app's main thread: pagination's compute time (real, monotonic — or pinned) is
/// charged to the clock, so `paginated` and `shown` come that much after the `settled`, and
/// events that arrive meanwhile are handled when it is done. The hinge never turns a page;
/// only `turn` and `goto` move the place.
///
/// ```swift
/// var reader = ReaderStateMachine(document: doc, profile: duo, offset: 20_000)
/// // settled 867×611 → paginated (pages, ms) → shown pages [22, 23], layout spread
/// ```
public struct ReaderStateMachine: Stage {
  let document: ReaderDocument
  /// This reader's paginations.
  public let cache: PaginationCache
  let clock: ComputeClock
  /// Page sizes to paginate ahead, in the background, once the text size is known.
  let prepaginateSizes: [(width: Double, height: Double)]?

  private var rules: ReaderRules
  /// The place: a UTF-16 offset.
  public var offset: Int { rules.offset }

  private var busyUntil = -Double.infinity
  private var pendingOutput: [Event] = []
  private var queued: [Event] = []
  /// When each background pagination is ready (prepagination).
  private var readyAt: [PageKey: Double] = [:]
  private var backgroundCursor = -Double.infinity
  private var analysisCharged = false
  /// When the reader saw its first event (the text is opened then).
  private var openedAt: Double?

  /// Makes the reader over a document.
  /// - Parameters:
  ///   - offset: the starting place.
  ///   - clock: measures (or pins) pagination time.
  ///   - prepaginate: paginate the page sizes of every pose in the background.
  public init(
    document: ReaderDocument, profile: Profile, offset: Int = 0, clock: ComputeClock = .monotonic,
    prepaginate: Bool = false
  ) {
    self.document = document
    self.cache = PaginationCache(document: document)
    self.clock = clock
    self.rules = ReaderRules(document: document, insets: profile.pages, offset: offset)
    if prepaginate {
      var sizes: [(Double, Double)] = []
      let geometries = Array(profile.poses.values) + Array(profile.splitView.values)
      for pose in geometries {
        let division = pose.division.map { Division(frame: $0, isActive: true) }
        for d in [division, division.map { Division(frame: $0.frame, isActive: false) }] {
          let g = PageGeometry(width: pose.width, height: pose.height, division: d, insets: profile.pages)
          if !sizes.contains(where: { $0 == (g.pageWidth, g.pageHeight) }) { sizes.append((g.pageWidth, g.pageHeight)) }
        }
      }
      prepaginateSizes = sizes.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    } else {
      prepaginateSizes = nil
    }
  }

  public var deadline: Double? { pendingOutput.isEmpty && queued.isEmpty ? nil : busyUntil }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    if openedAt == nil { openedAt = event.time }
    switch event.kind {
    case .settled, .turn, .goto: break
    default: return
    }
    if event.time < busyUntil || !queued.isEmpty {
      queued.append(event)
      return
    }
    handle(event, now: event.time, into: &output)
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    // Stamped when done; later only in real time, when the host woke late.
    output.append(contentsOf: pendingOutput.map { Event(time: max($0.time, now), $0.kind) })
    pendingOutput.removeAll()
    while !queued.isEmpty, busyUntil <= now {
      let event = queued.removeFirst()
      handle(event, now: now, into: &output)
    }
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    fire(at: max(now, busyUntil), into: &output)
  }

  private mutating func handle(_ event: Event, now: Double, into output: inout [Event]) {
    switch event.kind {
    case .settled(let s):
      guard let layout = rules.settled(s) else { return }
      settle(layout, event: event, now: now, into: &output)
    case .turn(let direction): rules.turned(direction, cause: event, at: now, into: &output)
    case .goto(let target): rules.wentTo(target, cause: event, at: now, into: &output)
    default: break
    }
  }

  private mutating func settle(_ layout: ReaderRules.Layout, event: Event, now: Double, into output: inout [Event]) {
    let key = layout.key
    var ms = 0.0
    var outcome: CacheOutcome = .hit
    let result: Pagination
    if cache.contains(width: key.width, height: key.height, textSize: key.textSize) {
      result = cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      if let ready = readyAt[key], ready > now { ms = ready - now }  // still being prepaginated
    } else {
      let (laidOut, took) = clock.measure {
        cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
      }
      result = laidOut
      ms = took
      if !analysisCharged {  // the cold pagination
        // Pre-pagination analyses the text in the background from the moment it is opened;
        // otherwise the first pagination does it.
        let analysis = clock.analysis(of: document)
        let wait = prepaginateSizes != nil ? max(0, (openedAt ?? now) + analysis - now) : analysis
        ms = ((ms + wait) * 1000).rounded() / 1000
      }
      analysisCharged = true
      outcome = .miss
    }
    let done = now + ms
    var events: [Event] = []
    rules.paginated(result, for: layout, ms: ms, cache: outcome, cause: event, at: done, into: &events)
    emit(events, at: done, now: now, into: &output)
    prepaginate(textSize: key.textSize, after: done)
  }

  private mutating func emit(_ events: [Event], at done: Double, now: Double, into output: inout [Event]) {
    if done <= now {
      output.append(contentsOf: events)
    } else {
      busyUntil = done
      pendingOutput.append(contentsOf: events)
    }
  }

  /// Lays out every pose's page size for this text size on a background worker: each is ready
  /// its measured time after the previous one finished.
  private mutating func prepaginate(textSize: TextSize, after time: Double) {
    guard let sizes = prepaginateSizes else { return }
    backgroundCursor = max(backgroundCursor, time, (openedAt ?? time) + clock.analysis(of: document))
    for size in sizes {
      let key = PageKey(width: size.width, height: size.height, textSize: textSize)
      guard !cache.contains(width: key.width, height: key.height, textSize: key.textSize) else { continue }
      let (_, ms) = clock.measure { cache.pagination(width: key.width, height: key.height, textSize: key.textSize) }
      backgroundCursor += ms
      readyAt[key] = backgroundCursor
    }
  }
}
