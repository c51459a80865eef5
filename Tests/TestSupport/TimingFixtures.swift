import EventStream
import Simulator
import Timing

/// Helpers for the timing tests: the bundled profile, a fake reader with a pinned pagination
/// time, and a virtual-time run.
public enum TimingFixtures {
  /// Closed, open fast, bigger text, fold like a book, rotate to tabletop, text size there and
  /// back within the window, a page turn.
  public static let scripted: [Event] =
    [Event(time: 0, .orientation(.portrait)), Event(time: 0, .sample(angle: 0))]
    + TimingFixtures.ramp(from: 0, to: 180, start: 1000, ms: 150)
    + [Event(time: 3000, .textSize(.AX5))]
    + TimingFixtures.ramp(from: 180, to: 120, start: 4000, ms: 100)
    + [
      Event(time: 5000, .orientation(.landscapeLeft)),
      Event(time: 6000, .textSize(.large)), Event(time: 6050, .textSize(.AX5)),
      Event(time: 7000, .turn(.next)),
    ]

  /// The bundled iPhone Duo profile.
  public static func profile() -> Profile {
    do {
      return try Profile.load("iphone-duo", root: TestSupport.packageRoot)
    } catch {
      fatalError("cannot load the bundled profile: \(error)")
    }
  }

  /// Runs inputs in virtual time through the simulator, a fake reader and the timing stage.
  public static func run(
    _ inputs: [Event], readerMs: Double? = 12.5, expectsReader: Bool = true,
    textSize: TextSize = .large
  ) -> [Event] {
    var stages = Pipeline.simulator(profile: profile(), textSize: textSize)
    if let readerMs { stages.append(FakeReader(ms: readerMs)) }
    stages.append(TimingStateMachine(expectsReader: expectsReader, textSize: textSize))
    return TestSupport.run(inputs, stages: stages)
  }

  /// Feeds a hand-made stream straight into one timing stage (one event per wave), firing its
  /// deadline whenever the next event is later.
  public static func feed(_ events: [Event], into stage: TimingStateMachine) -> [TimingRecord] {
    var stage = stage
    var out: [Event] = []
    for event in events {
      if let due = stage.deadline, due < event.time { stage.fire(at: due, into: &out) }
      stage.receive(event, into: &out)
    }
    if let due = stage.deadline { stage.fire(at: due, into: &out) }
    return records(out)
  }

  /// Runs a hand-made simulator stream without its `settled` events through a settle stage
  /// (window 200 ms, as the profile's), then feeds it with the settles in place — reader
  /// events stay at their times, after a settle at the same time — into one timing stage.
  public static func feedThroughSettle(_ events: [Event], into stage: TimingStateMachine) -> [TimingRecord] {
    let reader = events.filter {
      switch $0.kind {
      case .paginated, .skipped, .shown: true
      default: false
      }
    }
    let simulator = events.filter { e in !reader.contains { $0 == e } }
    var merged = TestSupport.run(simulator, stages: [SettleStateMachine(windowMs: 200)])
    for event in reader {
      let index = merged.firstIndex { $0.time > event.time } ?? merged.endIndex
      merged.insert(event, at: index)
    }
    return feed(merged, into: stage)
  }

  /// The timing records of a stream.
  public static func records(_ events: [Event]) -> [TimingRecord] {
    events.compactMap {
      if case .timing(let r) = $0.kind { return r }
      return nil
    }
  }

  /// Raw samples from `from` to `to` degrees, every 10 ms over `ms` milliseconds, from `start`.
  public static func ramp(from: Double, to: Double, start: Double, ms: Double) -> [Event] {
    let steps = Int(ms / 10)
    return (0...steps).map { i in
      Event(
        time: start + Double(i) * 10, .sample(angle: from + (to - from) * Double(i) / Double(steps))
      )
    }
  }
}

/// A stand-in for the reader: answers each changed settle with `paginated` and `shown` stamped
/// `ms` later (its compute time charged to the virtual clock, as the real reader does, but
/// never busy: nothing queues), an unchanged settle with `skipped`, and a page turn with a
/// `shown`.
public struct FakeReader: Stage {
  /// The charged compute time per pagination, ms.
  public var ms: Double
  /// Makes a fake reader that takes `ms` per pagination.
  public init(ms: Double) { self.ms = ms }
  public var deadline: Double? { nil }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .settled(let s) where s.changed:
      let done = event.time + ms
      output.append(
        Event(
          time: done,
          .paginated(
            Paginated(
              pageWidth: s.width - 40, pageHeight: s.height - 40, textSize: s.textSize,
              pageCount: 48, ms: ms,
              cache: .miss, characters: 44_500, settled: event.time, computeClock: "fixed:\(NumberFormat.shortest(ms))")
          )))
      output.append(Event(time: done, .shown(shown(pages: [21]))))
    case .settled(let s):
      output.append(
        Event(
          time: event.time,
          .skipped(
            Skipped(
              settled: event.time, reason: .unchanged, pageWidth: s.width - 40, pageHeight: s.height - 40,
              textSize: s.textSize))))
    case .turn:
      output.append(Event(time: event.time, .shown(shown(pages: [22]))))
    default:
      break
    }
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {}

  private func shown(pages: [Int]) -> Shown {
    Shown(
      offset: 20_000, pages: pages, ranges: pages.map { $0 * 900..<($0 + 1) * 900 }, pageCount: 48,
      layout: .single,
      frames: [Rect(x: 20, y: 20, width: 342, height: 580)], notes: .sheet, excerpt: "It was")
  }
}
