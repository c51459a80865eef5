import EventStream
import Inputs
import Reader
import Simulator
import TestSupport
import Testing
import Timing

/// The settle cycle's rules (docs/timing.md, "Cycles"), checked on 500 random scripts — opens,
/// folds, rotations, text sizes, turns, gotos, Split View — at four pagination costs, so the
/// reader is often still busy when the next settle comes:
///
/// - every `settled` gets exactly one `timing` record, in settle order;
/// - a pagination answers the settle it names, for that settle's page size and text size, and
///   its record carries it: `shown = settled + queued wait + pagination`, to the microsecond;
/// - a settle waits (`queuedMs > 0`) only behind a pagination that ends exactly when it starts,
///   and one that does not wait finds the reader free;
/// - a `superseded` record had a later settle queued before the reader got to it, and the last
///   settle is never superseded;
/// - a `skip` record's layout is the one on screen;
/// - the stream's times never go back, and no reader rule is broken.
@Suite("Settle cycles under slow pagination")
struct CyclePropertyTests {
  typealias Generator = RandomRunPropertyTests.Generator

  static let profile = TestSupport.profile()
  /// Eight paragraphs of prose: enough pages to turn, quick to lay out in a debug build.
  static let text = (0..<8).map { i in
    "Paragraph \(i + 1). The ferry from the mainland ran twice a day in summer and once in winter, "
      + String(
        repeating: "and the island waited for it with the patience of a place that had nothing else to do. ", count: 6)
  }.joined(separator: "\n")

  /// 125 scripts per cost: 500 runs in all.
  @Test("500 random scripts keep the cycle's rules", arguments: [0.0, 50, 300, 1000])
  func randomScripts(computeMs: Double) throws {
    let document = try ReaderDocument(text: Self.text, profile: Self.profile)
    var supersededSeen = 0
    var queuedSeen = 0
    for seed in 0..<125 {
      var g = Generator(state: UInt64(seed) &* 104_729 &+ UInt64(computeMs))
      let script = RandomRunPropertyTests.script(&g, steps: 30)
      let events = try Self.run(script, document: document, computeMs: computeMs)
      let problems = Self.problems(in: events)
      #expect(
        problems.isEmpty, "compute \(computeMs) ms, seed \(seed):\n\(problems.joined(separator: "\n"))\n\(script)")
      if !problems.isEmpty { return }
      for case .timing(let r) in events.map(\.kind) {
        if r.cache == .superseded { supersededSeen += 1 }
        if r.queuedMs > 0 { queuedSeen += 1 }
      }
    }
    // The slow costs must exercise what the rules are about (else the test proves nothing).
    if computeMs >= 300 { #expect(queuedSeen > 0, "no settle waited for the reader") }
    if computeMs >= 1000 { #expect(supersededSeen > 0, "no settle was superseded") }
  }

  /// The script through the simulator, the reader (pagination charged `computeMs`) and timing.
  static func run(_ script: String, document: ReaderDocument, computeMs: Double) throws -> [Event] {
    var source = try ScriptSource(text: script, file: "random.hinge")
    var inputs: [Event] = []
    while let event = source.nextEvent() { inputs.append(event) }
    var stages = Pipeline.simulator(profile: profile)
    stages.append(ReaderStateMachine(document: document, profile: profile, offset: 2_000, model: .fixed(computeMs)))
    stages.append(TimingStateMachine(expectsReader: true))
    return TestSupport.run(inputs, stages: stages)
  }

  /// Every broken rule in a stream, in words.
  static func problems(in events: [Event]) -> [String] {
    var problems: [String] = []
    var settles: [(time: Double, settled: Settled)] = []
    var records: [TimingRecord] = []
    var paginations: [(time: Double, p: Paginated, index: Int)] = []  // index: position in the stream
    var answered = 0  // settles answered so far, in order
    var lastTime = -Double.infinity
    for (index, event) in events.enumerated() {
      if event.time < lastTime { problems.append("time goes back at \(event.time) (after \(lastTime))") }
      lastTime = max(lastTime, event.time)
      switch event.kind {
      case .settled(let s): settles.append((event.time, s))
      case .timing(let r): records.append(r)
      case .violation(let v): problems.append("violation \(v.rule) at \(event.time): \(v.message)")
      case .paginated(let p):
        paginations.append((event.time, p, index))
        guard answered < settles.count, settles[answered].time == p.settled else {
          problems.append("pagination at \(event.time) names settle \(p.settled), not the oldest unanswered")
          continue
        }
        let s = settles[answered].settled
        let geometry = PageGeometry(
          width: s.width, height: s.height, division: s.division, insets: profile.pages,
          horizontalSizeClass: s.horizontalSizeClass)
        if p.pageWidth != geometry.pageWidth || p.pageHeight != geometry.pageHeight || p.textSize != s.textSize {
          problems.append(
            "pagination at \(event.time) is \(p.pageWidth)×\(p.pageHeight) \(p.textSize), its settle asks \(geometry.pageWidth)×\(geometry.pageHeight) \(s.textSize)"
          )
        }
        let start = p.settled + p.queuedMs
        if p.queuedMs > 0, !paginations.dropLast().contains(where: { abs($0.time - start) < 1e-9 }) {
          problems.append("settle \(p.settled) waited \(p.queuedMs) ms behind no pagination")
        }
        if p.queuedMs == 0, paginations.dropLast().contains(where: { $0.time > p.settled }) {
          problems.append("settle \(p.settled) did not wait although the reader was busy")
        }
        answered += 1
      case .skipped(let s):
        guard answered < settles.count, settles[answered].time == s.settled else {
          problems.append("skip at \(event.time) names settle \(s.settled), not the oldest unanswered")
          continue
        }
        if s.reason == .superseded,
          !settles.dropFirst(answered + 1).contains(where: { $0.time <= event.time })
        {
          problems.append("settle \(s.settled) superseded at \(event.time) with no later settle queued")
        }
        if s.reason == .unchanged, let last = paginations.last?.p,
          last.pageWidth != s.pageWidth || last.pageHeight != s.pageHeight || last.textSize != s.textSize
        {
          problems.append("settle \(s.settled) skipped as unchanged but \(last.pageWidth)×\(last.pageHeight) is shown")
        }
        answered += 1
      default: break
      }
    }
    if records.count != settles.count {
      problems.append("\(settles.count) settles, \(records.count) timing records")
    }
    for (r, s) in zip(records, settles) where r.settled != s.time {
      problems.append("record for settle \(r.settled) where settle \(s.time) was next")
    }
    for r in records {
      switch r.cache {
      case .miss, .hit:
        guard let shown = r.shown,
          let p = paginations.first(where: { $0.p.settled == r.settled && $0.time == shown })
        else {
          problems.append("record for settle \(r.settled) has no pagination of its own")
          continue
        }
        if p.p.pageCount != r.pageCount {
          problems.append("record \(r.settled) has \(r.pageCount) pages, its pagination \(p.p.pageCount)")
        }
        if abs(shown - (r.settled + r.queuedMs + r.paginationMs)) > 1e-6 {
          problems.append(
            "record \(r.settled): shown \(shown) ≠ settled + queued \(r.queuedMs) + pagination \(r.paginationMs)")
        }
        let nextShown = events[(p.index + 1)...].first { if case .shown = $0.kind { true } else { false } }
        if nextShown?.time != shown {
          problems.append("record \(r.settled): shown at \(shown), the page at \(String(describing: nextShown?.time))")
        }
      case .superseded:
        if r.shown != nil { problems.append("superseded record \(r.settled) says it was shown") }
      case .skip:
        if r.shown == nil { problems.append("skip record \(r.settled) has no answer time") }
      case .interrupted:
        problems.append("record \(r.settled) interrupted in a run that reached its end")
      }
    }
    if records.last?.cache == .superseded { problems.append("the last settle was superseded by nothing") }
    return problems
  }
}
