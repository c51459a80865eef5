import EventStream
import Foundation
import Inputs
import Platform
import Reader
import Reports
import Simulator
import TestSupport
import Testing
import Timing

@testable import HingeSimCLI

/// The pipeline's rules on random scripts — opens, folds, rotations, text sizes, turns, gotos,
/// Split View, chapters, the sidebar, back, notes, selections, waits of 0–5 ms among longer
/// ones, some runs cut short by an end marker — through the text reader, the chapter reader
/// (`--chapters`) and the PDF reader, under `fixed:1`, `fixed:400`, `fixed:2000` and `device`
/// (docs/timing.md, cycles under slow pagination; docs/stream.md, times):
///
/// - every time in the stream, and in every payload, is a whole microsecond, and times never go
///   back;
/// - exactly one `timing` record per `settled`, in settle order, and the reader answers the
///   settles in arrival order;
/// - each record's identity holds for its kind: `miss`/`hit` shown = settled + queuedMs +
///   paginationMs exactly, at its own pagination and the `shown` right after it; `skip` and
///   `superseded` at their `skipped` answer, queuedMs = answer − settled; `interrupted` at the
///   end marker; settleWaitMs = settled − lastChange (the window, 0 for the navigation stage's
///   re-settles), lastSizeToShownMs and causeToShownMs as named;
/// - a settle waits only behind work that ends when its pagination starts, and one that does
///   not wait finds the reader free; a superseded settle had a later one queued;
/// - no reader rule is broken, a run cut short ends with its marker, and nothing follows it;
/// - `run` equals `simulate | read`, byte for byte;
/// - the Chrome trace's tracks hold no partly overlapping slices.
///
/// 300 scripts per cost model in `bin/test`; `HINGESIM_PROPERTY_SCRIPTS=N` runs N (the slow mode).
@Suite("Pipeline properties over random scripts")
struct PipelinePropertyTests {
  typealias Generator = RandomRunPropertyTests.Generator

  /// Scripts per cost model: 300, or `HINGESIM_PROPERTY_SCRIPTS`.
  static let scriptsPerModel = Process.environment("HINGESIM_PROPERTY_SCRIPTS").flatMap { Int($0) } ?? 300

  static let profile = TestSupport.profile()
  /// Four chapters (the heading rule finds them) of two paragraphs: quick to lay out in a debug
  /// build, pages to turn in each.
  static let text = ["One", "Two", "Three", "Four"].map { number in
    "Chapter \(number): The Ferry\n"
      + (0..<2).map { p in
        "Paragraph \(p + 1). The ferry from the mainland ran twice a day in summer and once in winter, "
          + String(
            repeating: "and the island waited for it with the patience of a place with nothing else to do. ", count: 5)
      }.joined(separator: "\n")
  }.joined(separator: "\n")

  /// Which reader a script runs through.
  enum Mode: CaseIterable {
    case text, chapters, pdf
  }

  @Test("random scripts keep every rule of the pipeline", arguments: ["fixed:1", "fixed:400", "fixed:2000", "device"])
  func randomScripts(model: String) throws {
    let computeModel = try ComputeModel(parsing: model)
    // One document per test case: a document's layout is not shared across threads.
    let document = try ReaderDocument(text: Self.text, profile: Self.profile)
    let pdf = try FixedLayoutDocument(
      pdf: try FileBytes.read(path: TestSupport.packageRoot + "/texts/pdf-sample.pdf"), name: "pdf-sample.pdf")
    let chapterCount = Library(text: Self.text).chapters.count
    var seen: [String: Int] = [:]
    for seed in 0..<Self.scriptsPerModel {
      var g = Generator(state: UInt64(seed) &* 1_000_003 &+ UInt64(model.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
      let mode = g.pick(Mode.allCases)
      let script = Self.script(&g, textLength: document.utf16Count, chapters: chapterCount, pdf: mode == .pdf)
      var inputs = try Self.compile(script)
      if g.int(0...9) == 0, let last = inputs.last?.time {  // a run cut short
        let end = Double(g.int(0...Int(last) + 3000)) + Double(g.int(0...999)) / 1000
        inputs = inputs.filter { $0.time < end } + [Event(time: end, .end(.interrupted))]
      }
      var options = RunOptions(SourceOptions())
      options.computeModel = computeModel
      options.chapters = mode == .chapters
      options.offset = mode == .pdf ? g.int(0...9) : g.int(0...document.utf16Count)
      let input: ReaderInput = mode == .pdf ? .pdf(pdf) : .text(document)
      let run = Self.run(inputs, .full, input: input, options: options)
      let simulated = Self.run(inputs, .simulator, input: nil, options: options)
      let read = Self.run(try Self.decoded(simulated), .readerOnly, input: input, options: options)
      var problems = Self.problems(
        in: run, interrupted: inputs.last.map { if case .end = $0.kind { true } else { false } } ?? false)
      if Self.lines(run) != Self.lines(read) {
        let first = zip(Self.lines(run), Self.lines(read)).first { $0 != $1 }
        problems.append("run ≠ simulate | read: \(first.map { "\($0)\n  vs \($1)" } ?? "lengths differ")")
      }
      if seed % 10 == 0 {
        var trace = ChromeTrace(processName: "property")
        for event in run { trace.add(event) }
        problems += try TraceTracksCLITests.partialOverlaps(inTrace: trace.finish())
      }
      #expect(
        problems.isEmpty,
        "\(model), \(mode), seed \(seed), offset \(options.offset):\n\(problems.prefix(8).joined(separator: "\n"))\n\(script)"
      )
      if !problems.isEmpty { return }
      for case .timing(let record) in run.map(\.kind) { seen[record.cache.rawValue, default: 0] += 1 }
      if run.contains(where: { if case .end = $0.kind { true } else { false } }) { seen["ended", default: 0] += 1 }
    }
    // The scripts must reach what the rules are about, or the test proves nothing.
    #expect(seen["miss", default: 0] > 0 && seen["skip", default: 0] > 0 && seen["ended", default: 0] > 0, "\(seen)")
    if model == "fixed:2000" {
      #expect(seen["superseded", default: 0] > 0 && seen["interrupted", default: 0] > 0, "\(seen)")
    }
  }

  // MARK: - Scripts

  /// A valid script of about 24 random commands; `wait`s of 0–5 ms (fractions too) put inputs
  /// on top of each other, longer ones let settles and paginations through.
  static func script(_ g: inout Generator, textLength: Int, chapters: Int, pdf: Bool) -> String {
    var angle = g.pick([0, 0, 90, 180])
    var lines = ["start \(angle)deg \(g.pick(["portrait", "landscapeLeft"]))"]
    for _ in 0..<g.int(14...30) {
      switch g.int(0...21) {
      case 0, 1:
        let to = g.int(angle...180)
        lines.append("open to \(to) over \(g.int(0...500))ms")
        angle = to
      case 2, 3:
        let to = g.int(0...angle)
        lines.append("fold to \(to) over \(g.int(0...500))ms")
        angle = to
      case 4: lines.append("rotate \(g.pick(["portrait", "landscapeLeft", "landscapeRight"]))")
      case 5: lines.append("text-size \(g.pick(["xSmall", "large", "xLarge", "AX2"]))")
      case 6: lines.append("turn \(g.pick(["next", "prev"]))")
      case 7: lines.append("goto \(g.int(0...(pdf ? 12 : textLength)))")
      case 8: lines.append("split \(g.pick(["left", "right", "off"]))")
      case 9: lines.append("open-chapter \(g.int(1...chapters))")
      case 10: lines.append("back")
      case 11: lines.append("sidebar \(g.pick(["show", "hide"]))")
      case 12: lines.append("notes \(g.pick(["open", "close"]))")
      case 13: lines.append("note \"n\(g.int(0...99))\"")
      case 14:
        // Inside the text: a selection past its end is exit 65 at the command (scripts.md).
        let at = g.int(0...textLength)
        lines.append("select \(at) \(g.int(0...min(400, textLength - at)))")
      case 15: lines.append("add-to-notes")
      case 16, 17, 18: lines.append("wait \(g.int(0...5))\(g.pick(["", ".5", ".25"]))ms")
      default: lines.append("wait \(g.int(0...700))ms")
      }
    }
    lines.append("wait \(g.int(0...3000))ms")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The script's input events.
  static func compile(_ script: String) throws -> [Event] {
    var source = try ScriptSource(text: script, file: "random.hinge")
    var inputs: [Event] = []
    while let event = source.nextEvent() { inputs.append(event) }
    return inputs
  }

  /// The events of `inputs` through the pipeline `RunPipeline.build` makes for `kind`.
  static func run(_ inputs: [Event], _ kind: RunKind, input: ReaderInput?, options: RunOptions) -> [Event] {
    TestSupport.run(
      inputs, stages: RunPipeline.build(kind, profile: profile, input: input, options: options).pipeline.stages)
  }

  /// A simulator stream as `read` takes it: written, then decoded in the simulator dialect.
  static func decoded(_ events: [Event]) throws -> [Event] {
    let decoder = EventDecoder(dialect: .simulator)
    var result: [Event] = []
    for event in events {
      let bytes = EventWriter.line(event).dropLast()
      let line = try Array(bytes).withUnsafeBufferPointer { try decoder.decode($0) }
      if case .event(let decodedEvent) = line { result.append(decodedEvent) }
    }
    return result
  }

  static func lines(_ events: [Event]) -> [String] { events.map(EventWriter.string) }

  // MARK: - Rules

  /// Every broken rule of a run's stream, in words.
  static func problems(in events: [Event], interrupted: Bool) -> [String] {
    var problems: [String] = []
    var settles: [(time: Double, settled: Settled)] = []
    var answered = 0
    var records: [(time: Double, record: TimingRecord)] = []
    /// The reader's answer to each settle, by the settle's place in the stream.
    var answers: [Int: (time: Double, index: Int, kind: EventKind)] = [:]
    var paginations: [(time: Double, p: Paginated, index: Int)] = []
    var lastTime = -Double.infinity
    for (index, event) in events.enumerated() {
      let times = [event.time] + payloadTimes(event.kind)
      if let inexact = times.first(where: { !StreamTime.isExact($0) }) {
        problems.append("\(EventWriter.string(event)): \(inexact) is not a whole microsecond")
      }
      if event.time < lastTime { problems.append("time goes back to \(event.time) after \(lastTime)") }
      lastTime = max(lastTime, event.time)
      switch event.kind {
      case .settled(let s): settles.append((event.time, s))
      case .timing(let r): records.append((event.time, r))
      case .violation(let v): problems.append("violation \(v.rule) at \(event.time): \(v.message)")
      case .end:
        if index != events.count - 1 { problems.append("events after the end marker") }
        if !interrupted { problems.append("an end marker in a run that reached its end") }
      case .paginated(let p):
        paginations.append((event.time, p, index))
        guard answered < settles.count, settles[answered].time == p.settled else {
          problems.append("pagination at \(event.time) answers settle \(p.settled), not the oldest unanswered")
          continue
        }
        answers[answered] = (event.time, index, event.kind)
        answered += 1
        let start = StreamTime.adding(p.queuedMs, to: p.settled)
        if p.queuedMs > 0,
          !events[..<index].contains(where: { e in
            if case .paginated = e.kind { return e.time == start }
            if case .shown = e.kind { return e.time == start }
            return false
          })
        {
          problems.append("settle \(p.settled) waited \(p.queuedMs) ms behind no work")
        }
        if p.queuedMs == 0, paginations.dropLast().contains(where: { $0.time > p.settled }) {
          problems.append("settle \(p.settled) did not wait although the reader was busy")
        }
      case .skipped(let s):
        guard answered < settles.count, settles[answered].time == s.settled else {
          problems.append("skip at \(event.time) answers settle \(s.settled), not the oldest unanswered")
          continue
        }
        answers[answered] = (event.time, index, event.kind)
        answered += 1
        if s.reason == .superseded, !settles.dropFirst(answered).contains(where: { $0.time <= event.time }) {
          problems.append("settle \(s.settled) superseded at \(event.time) with no later settle queued")
        }
      default: break
      }
    }
    if interrupted, events.last.map({ if case .end = $0.kind { false } else { true } }) ?? true {
      problems.append("a run cut short without its end marker last")
    }
    if records.count != settles.count { problems.append("\(settles.count) settles, \(records.count) records") }
    for (i, ((t, r), s)) in zip(records, settles).enumerated() {
      if r.settled != s.time { problems.append("the record for settle \(r.settled) where \(s.time) was next") }
      problems += recordProblems(r, at: t, settle: s.settled, answer: answers[i], events: events)
    }
    return problems
  }

  /// What is wrong with one record, for its kind.
  static func recordProblems(
    _ r: TimingRecord, at t: Double, settle: Settled, answer: (time: Double, index: Int, kind: EventKind)?,
    events: [Event]
  ) -> [String] {
    var problems: [String] = []
    let name = "record \(r.cause.name) settled \(r.settled)"
    if r.cycle != settle.cycle { problems.append("\(name): its cycle is not its settle's") }
    let wait = StreamTime.elapsed(from: r.lastChange, to: r.settled)
    let window = [.sidebar, .chapter].contains(r.cause) ? 0 : profile.settleWindowMs
    if r.settleWait != wait || wait != window {
      problems.append("\(name): settleWaitMs \(r.settleWait), lastChange → settled \(wait), window \(window)")
    }
    switch r.cache {
    case .miss, .hit:
      guard let shown = r.shown, shown == t, let answer, answer.time == shown,
        case .paginated(let paginated) = answer.kind
      else { return problems + ["\(name): no pagination of its own at its shown"] }
      let p = (time: answer.time, p: paginated, index: answer.index)
      if shown != StreamTime.adding(r.paginationMs, to: StreamTime.adding(r.queuedMs, to: r.settled)) {
        problems.append("\(name): shown \(shown) ≠ settled + queued \(r.queuedMs) + pagination \(r.paginationMs)")
      }
      // The model's record keeps one meaning: the reader busy in queuedMs, no late start, no
      // gap between its pagination and its shown, and nothing painted (it draws nothing).
      if r.lateStartMs != 0 || r.paginatedToShownMs != 0 || r.paintedMs != nil {
        problems.append(
          "\(name): the model's late start \(r.lateStartMs), paginated → shown \(r.paginatedToShownMs), "
            + "painted \(String(describing: r.paintedMs))")
      }
      if p.p.queuedMs != r.queuedMs || p.p.ms != r.paginationMs || p.p.pageCount != r.pageCount {
        problems.append("\(name): its pagination says otherwise")
      }
      let next = events[(p.index + 1)...].first { if case .shown = $0.kind { true } else { false } }
      if next?.time != shown {
        problems.append("\(name): shown at \(shown), the page at \(String(describing: next?.time))")
      }
    case .skip, .superseded:
      guard let answer, answer.time == t, case .skipped(let skipped) = answer.kind else {
        return problems + ["\(name): no skipped answer at \(t)"]
      }
      if (r.cache == .superseded) != (skipped.reason == .superseded) {
        problems.append("\(name): a \(r.cache) record for a \(skipped.reason) answer")
      }
      if r.queuedMs != StreamTime.elapsed(from: r.settled, to: t) || r.paginationMs != 0 {
        problems.append("\(name): queuedMs \(r.queuedMs), pagination \(r.paginationMs) for an answer at \(t)")
      }
      if r.cache == .skip, r.shown != t {
        problems.append("\(name): shown \(String(describing: r.shown)), answered at \(t)")
      }
      if r.cache == .superseded, r.shown != nil { problems.append("\(name): superseded but shown") }
    case .interrupted:
      guard case .end? = events.last?.kind, events.last?.time == t, r.shown == nil else {
        return problems + ["\(name): interrupted, not at the end marker"]
      }
      if let answer { problems.append("\(name): interrupted, though the reader answered it at \(answer.time)") }
    }
    if r.lastSizeToShown != r.shown.flatMap({ s in r.lastSize.map { StreamTime.elapsed(from: $0, to: s) } })
      || r.causeToShown != r.shown.map({ StreamTime.elapsed(from: r.causeTime, to: $0) })
    {
      problems.append("\(name): a latency that is not what its name says")
    }
    return problems
  }

  /// The times a payload carries besides the event's own.
  static func payloadTimes(_ kind: EventKind) -> [Double] {
    switch kind {
    case .settled(let s):
      [s.cycle.causeTime, s.cycle.firstChange, s.cycle.lastChange]
        + [s.cycle.firstSize, s.cycle.lastSize].compactMap { $0 }
    case .paginated(let p): [p.settled, p.queuedMs, p.ms]
    case .skipped(let s): [s.settled]
    case .violation(let v): [v.causeTime]
    case .timing(let r):
      [r.causeTime, r.firstChange, r.lastChange, r.settled, r.queuedMs, r.paginationMs, r.settleWait]
        + [r.firstSize, r.lastSize, r.shown, r.lastSizeToShown, r.causeToShown].compactMap { $0 }
    default: []
    }
  }
}
