import EventStream
import Reader

extension AppLogAlignment {
  /// The name the app's paginations give their cost model (`computeClock`).
  public static let computeClock = "app"

  /// The simulator's events, then at each time the app's: `paginated` (answering its settle,
  /// or `settled: -1` when it answers none), `shown`, the `skipped` answers the sweep decided
  /// and a `violation` for each finding — in time order, the simulator's first at equal times
  /// (a stage upstream fires first in the run loop too). Among the app's at one time, what a
  /// pagination that began earlier produced comes before a skip decided then (the model's main
  /// thread puts out its work before it turns to the settles that waited), and a skip before a
  /// pagination that only starts then.
  ///
  /// A settle the app never answered, or answered with a pagination it never showed, is
  /// answered `superseded` (a cycle with no latency), so the cycles after it are still timed.
  func merged(stream: [Event], document: ReaderDocument, stamps: [Int: Double], neverShown: Set<Int>) -> [Event] {
    // Each app event with its rank among events of the same time: when the work behind it began.
    var app: [(event: Event, rank: Double)] = []
    var answered: [Int: Int] = [:]
    for (k, settle) in settles.enumerated() {
      switch settle.answer {
      case .paginated(let p): answered[paginations[p].entry] = k
      case .unchanged(let t): app.append((skipped(k, at: t, .unchanged), t))
      case .superseded(let t): app.append((skipped(k, at: t, .superseded), t))
      case .missing: app.append((skipped(k, at: settle.time, .superseded), settle.time))
      case .pending: break
      }
    }
    var paginationOfEntry: [Int: AppPagination] = [:]
    for p in paginations { paginationOfEntry[p.entry] = p }
    var last: (stamp: Double, rank: Double)?
    for (i, entry) in log.entries.enumerated() {
      guard let stamp = stamps[i] else { continue }
      switch entry.kind {
      case .paginated(let value):
        let unshown = answered[i].flatMap { neverShown.contains(i) ? $0 : nil }
        let settle = unshown == nil ? answered[i].map { settles[$0].time } : nil
        let start = paginationOfEntry[i]?.start ?? stamp
        let paginated = Paginated(
          pageWidth: value.pageWidth, pageHeight: value.pageHeight,
          textSize: value.textSize ?? answered[i].map { settles[$0].settled.textSize } ?? .large,
          pageCount: value.pageCount, ms: value.ms, cache: value.cached ? .hit : .miss,
          characters: value.cached ? 0 : document.utf16Count, settled: settle ?? -1,
          queuedMs: settle.map { max(0, StreamTime.elapsed(from: $0, to: start)) } ?? 0,
          computeClock: Self.computeClock)
        last = (stamp, min(start, stamp))
        app.append((Event(time: stamp, .paginated(paginated)), min(start, stamp)))
        if let k = unshown { app.append((skipped(k, at: stamp, .superseded), min(start, stamp))) }
      case .shown(var shown):
        if let first = shown.ranges.first { shown.excerpt = document.excerpt(first) }
        app.append((Event(time: stamp, .shown(shown)), last?.stamp == stamp ? last!.rank : stamp))
      default: break
      }
    }
    for f in findings {
      let violation = Violation(
        rule: f.rule, message: "\(log.file):\(f.line): \(f.message)", cause: f.cause, causeTime: f.causeTime)
      app.append((Event(time: f.time, .violation(violation)), f.time))
    }
    // Stable: app events of one time and rank keep their order.
    let ordered = app.enumerated().sorted {
      ($0.element.event.time, $0.element.rank, $0.offset) < ($1.element.event.time, $1.element.rank, $1.offset)
    }.map(\.element.event)
    var out: [Event] = []
    out.reserveCapacity(stream.count + ordered.count)
    var j = 0
    for event in stream {
      while j < ordered.count, ordered[j].time < event.time {
        out.append(ordered[j])
        j += 1
      }
      out.append(event)
    }
    out.append(contentsOf: ordered[j...])
    return out
  }

  private func skipped(_ k: Int, at time: Double, _ reason: SkipReason) -> Event {
    let g = settles[k].geometry
    return Event(
      time: time,
      .skipped(
        Skipped(
          settled: settles[k].time, reason: reason, pageWidth: g.pageWidth, pageHeight: g.pageHeight,
          textSize: settles[k].settled.textSize)))
  }
}
