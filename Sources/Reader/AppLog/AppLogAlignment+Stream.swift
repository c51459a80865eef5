import EventStream

extension AppLogAlignment {
  /// The name the app's paginations give their cost model (`computeClock`).
  public static let computeClock = "app"

  /// The simulator's events, then at each time the app's: `paginated` (answering its settle,
  /// or `settled: -1` when it answers none), `shown`, the `skipped` answers the sweep decided
  /// and a `violation` for each finding — in time order, the simulator's first at equal times
  /// (a stage upstream fires first in the run loop too).
  func merged(stream: [Event], document: ReaderDocument, stamps: [Int: Double]) -> [Event] {
    var app: [Event] = []
    var answered: [Int: Int] = [:]
    for (k, settle) in settles.enumerated() {
      switch settle.answer {
      case .paginated(let p): answered[paginations[p].entry] = k
      case .unchanged(let t): app.append(skipped(k, at: t, .unchanged))
      case .superseded(let t): app.append(skipped(k, at: t, .superseded))
      case .pending, .missing: break
      }
    }
    var paginationOfEntry: [Int: AppPagination] = [:]
    for p in paginations { paginationOfEntry[p.entry] = p }
    for (i, entry) in log.entries.enumerated() {
      guard let stamp = stamps[i] else { continue }
      switch entry.kind {
      case .paginated(let value):
        let settle = answered[i].map { settles[$0].time }
        let start = paginationOfEntry[i]?.start ?? stamp
        app.append(
          Event(
            time: stamp,
            .paginated(
              Paginated(
                pageWidth: value.pageWidth, pageHeight: value.pageHeight,
                textSize: value.textSize ?? answered[i].map { settles[$0].settled.textSize } ?? .large,
                pageCount: value.pageCount, ms: value.ms, cache: value.cached ? .hit : .miss,
                characters: value.cached ? 0 : document.utf16Count, settled: settle ?? -1,
                queuedMs: settle.map { max(0, TimingRecord.nanoseconds(start - $0)) } ?? 0,
                computeClock: Self.computeClock))))
      case .shown(var shown):
        if let first = shown.ranges.first { shown.excerpt = document.excerpt(first) }
        app.append(Event(time: stamp, .shown(shown)))
      default: break
      }
    }
    for f in findings {
      app.append(
        Event(
          time: f.time,
          .violation(
            Violation(
              rule: f.rule, message: "\(log.file):\(f.line): \(f.message)", cause: f.cause, causeTime: f.causeTime))))
    }
    // Stable: app events keep their order among themselves at one time.
    let ordered = app.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
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
