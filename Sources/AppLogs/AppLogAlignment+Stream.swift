import EventStream
import Reader

extension AppLogAlignment {
  /// The name the app's paginations give their cost model (`computeClock`).
  public static let computeClock = "app"

  /// The simulator's events, then at each time the app's. The answers come first among the
  /// app's, in the order of the settles they answer, as the timing stage expects them: a
  /// pagination's `paginated` (naming its settle) followed by the `shown` that answers it, a
  /// `skipped` for a settle answered unchanged or superseded. Then every other line of the log
  /// in file order (a move's `shown`, a pagination that answers no settle with `settled: -1`),
  /// then a `violation` for each finding. The simulator's events come first at equal times (a
  /// stage upstream fires first in the run loop too).
  ///
  /// A settle the app never answered, or answered with a pagination it never showed, is
  /// answered `superseded` (a cycle with no latency), so the cycles after it are still timed;
  /// no answer is stamped before the one of an earlier settle, so none is left waiting behind it.
  func merged(stream: [Event], document: ReaderDocument) -> [Event] {
    let (log, script, times, paginations) = (matching.log, matching.script, matching.times, matching.paginations)
    var app: [(event: Event, key: (group: Int, order: Int))] = []
    var answerLines: Set<Int> = []
    var stamp = -Double.infinity
    for (k, answer) in matching.sweep.answers.enumerated() {
      let settle = script.settles[k]
      var answerEvents: [Event] = []
      switch answer {
      case .paginated(let p):
        let pagination = paginations[p]
        let shownEntry = matching.shown.shownOf[p]
        stamp = max(stamp, pagination.end, settle.time)
        answerLines.insert(pagination.entry)
        var answerPaginated = self.paginated(pagination, settle: shownEntry == nil ? nil : k, document: document)
        if shownEntry != nil {
          let terms = Self.terms(of: p, in: paginations, settled: settle.time, endingAt: stamp)
          answerPaginated.queuedMs = terms.queuedMs
          answerPaginated.lateStartMs = terms.lateStartMs
          answerPaginated.ms = terms.ms
        }
        answerEvents.append(Event(time: stamp, .paginated(answerPaginated)))
        if let e = shownEntry {
          answerLines.insert(e)
          stamp = max(stamp, times[e])
          var shownAnswer = shownState(e, document: document)
          shownAnswer.paintedMs = paintedMs(after: e)
          answerEvents.append(Event(time: stamp, .shown(shownAnswer)))
        } else {
          answerEvents.append(skipped(k, at: stamp, .superseded))
        }
      case .unchanged(let t):
        stamp = max(stamp, t)
        answerEvents.append(skipped(k, at: stamp, .unchanged))
      case .superseded(let t):
        stamp = max(stamp, t)
        answerEvents.append(skipped(k, at: stamp, .superseded))
      case .missing:
        stamp = max(stamp, settle.time)
        answerEvents.append(skipped(k, at: stamp, .superseded))
      case .pending: continue
      }
      app += answerEvents.map { ($0, (0, app.count)) }
    }
    let paginationOfEntry = Dictionary(uniqueKeysWithValues: paginations.enumerated().map { ($1.entry, $0) })
    for (i, entry) in log.entries.enumerated() where !answerLines.contains(i) {
      switch entry.kind {
      case .paginated:
        guard let p = paginationOfEntry[i] else { continue }
        let event = Event(time: times[i], .paginated(paginated(paginations[p], settle: nil, document: document)))
        app.append((event, (1, i)))
      case .shown: app.append((Event(time: times[i], .shown(shownState(i, document: document))), (1, i)))
      default: continue
      }
    }
    for f in findings {
      let violation = Violation(
        rule: f.rule, message: "\(log.file):\(f.line): \(f.message)", cause: f.cause, causeTime: f.causeTime)
      app.append((Event(time: f.time, .violation(violation)), (2, app.count)))
    }
    let ordered = app.sorted {
      ($0.event.time, $0.key.group, $0.key.order) < ($1.event.time, $1.key.group, $1.key.order)
    }.map(\.event)
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

  /// The terms of an answering pagination's record, so that
  /// `settled + queuedMs + lateStartMs + ms` is `end` (the time its `paginated` is stamped) to
  /// the microsecond:
  ///
  /// - `ms`: the app's own figure, but never more than `end − settled` — work done before the
  ///   settle (an early pagination, itself a broken rule) is in no term of the cycle;
  /// - `queuedMs`: of the time from the settle to the pagination's start, the part the app
  ///   was busy with an earlier pagination (the union of their spans): the reader busy, only that;
  /// - `lateStartMs`: the rest — the layout's delivery and the app's own debounce firing after
  ///   the settle (or a start stamped later because an earlier answer was shown later).
  ///
  /// For the reader model's own log every `lateStartMs` is 0 and `queuedMs` is the model's.
  static func terms(
    of p: Int, in paginations: [AppLogPagination], settled: Double, endingAt end: Double
  ) -> (queuedMs: Double, lateStartMs: Double, ms: Double) {
    func us(_ ms: Double) -> Int64 { Int64((ms * 1000).rounded()) }
    func ms(_ us: Int64) -> Double { StreamTime.rounded(Double(us) / 1000) }
    let settledUs = us(settled)
    let endUs = max(us(end), settledUs)
    let workUs = min(max(us(paginations[p].value.ms), 0), endUs - settledUs)
    let startUs = endUs - workUs
    // Earlier paginations still running after the settle: their ends are in file order, so
    // walk back until one ended by the settle.
    var spans: [(Int64, Int64)] = []
    var q = p - 1
    while q >= 0, us(paginations[q].end) > settledUs {
      let from = max(us(paginations[q].start), settledUs)
      let to = min(us(paginations[q].end), startUs)
      if from < to { spans.append((from, to)) }
      q -= 1
    }
    spans.sort { $0.0 < $1.0 }
    var busyUs: Int64 = 0
    var reached = settledUs
    for (from, to) in spans where to > reached {
      busyUs += to - max(from, reached)
      reached = to
    }
    return (ms(busyUs), ms(startUs - settledUs - busyUs), ms(workUs))
  }

  /// From the `shown` at entry `e` to the first `painted` after it (before any other `shown`),
  /// ms on the script's clock; nil when the app reported none.
  func paintedMs(after e: Int) -> Double? {
    var i = e + 1
    let (log, times) = (matching.log, matching.times)
    while i < log.entries.count {
      switch log.entries[i].kind {
      case .painted: return StreamTime.elapsed(from: times[e], to: times[i])
      case .shown: return nil
      default: i += 1
      }
    }
    return nil
  }

  /// The stream's `paginated` for an app pagination: answering the settle with index `settle`,
  /// or none (`settled: -1`, never timed).
  private func paginated(_ p: AppLogPagination, settle k: Int?, document: ReaderDocument) -> Paginated {
    let settle = k.map { matching.script.settles[$0] }
    let value = p.value
    return Paginated(
      pageWidth: value.pageWidth, pageHeight: value.pageHeight,
      textSize: value.textSize ?? settle?.settled.textSize ?? .large, pageCount: value.pageCount, ms: value.ms,
      cache: value.cached ? .hit : .miss, characters: value.cached ? 0 : document.utf16Count,
      settled: settle?.time ?? -1,
      queuedMs: settle.map { max(0, StreamTime.elapsed(from: $0.time, to: p.start)) } ?? 0,
      computeClock: Self.computeClock)
  }

  /// The app's `shown` at entry `i`, with the excerpt of its first page.
  private func shownState(_ i: Int, document: ReaderDocument) -> Shown {
    guard case .shown(var shown) = matching.log.entries[i].kind else { preconditionFailure("entry \(i) is no shown") }
    if let first = shown.ranges.first { shown.excerpt = document.excerpt(first) }
    return shown
  }

  private func skipped(_ k: Int, at time: Double, _ reason: SkipReason) -> Event {
    let settle = matching.script.settles[k]
    let g = settle.geometry
    return Event(
      time: time,
      .skipped(
        Skipped(
          settled: settle.time, reason: reason, pageWidth: g.pageWidth, pageHeight: g.pageHeight,
          textSize: settle.settled.textSize)))
  }
}
