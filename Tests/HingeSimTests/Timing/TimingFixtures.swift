import HingeSim
import TestSupport

/// Helpers for the timing tests: the bundled profile, a fake reader with a pinned pagination
/// time, and a virtual-time run.
enum TimingFixtures {
  /// The package root (three levels above this file).
  static var root: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(4)  // Tests/HingeSimTests/Timing/TimingFixtures.swift
    return parts.joined(separator: "/")
  }

  /// The bundled iPhone Duo profile.
  static func profile() -> Profile {
    do {
      return try Profile.load("iphone-duo", root: root)
    } catch {
      fatalError("cannot load the bundled profile: \(error)")
    }
  }

  /// Runs inputs in virtual time through the simulator, a fake reader and the timing stage.
  static func run(
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
  static func feed(_ events: [Event], into stage: TimingStateMachine) -> [TimingRecord] {
    var stage = stage
    var out: [Event] = []
    for event in events {
      if let due = stage.deadline, due < event.time { stage.fire(at: due, into: &out) }
      stage.receive(event, into: &out)
    }
    if let due = stage.deadline { stage.fire(at: due, into: &out) }
    return records(out)
  }

  /// The timing records of a stream.
  static func records(_ events: [Event]) -> [TimingRecord] {
    events.compactMap {
      if case .timing(let r) = $0.kind { return r }
      return nil
    }
  }

  /// Raw samples from `from` to `to` degrees, every 10 ms over `ms` milliseconds, from `start`.
  static func ramp(from: Double, to: Double, start: Double, ms: Double) -> [Event] {
    let steps = Int(ms / 10)
    return (0...steps).map { i in
      Event(
        time: start + Double(i) * 10, .sample(angle: from + (to - from) * Double(i) / Double(steps))
      )
    }
  }
}

/// A stand-in for the reader: answers each changed settle with `paginated` and `shown` stamped
/// `ms` later (its compute time charged to the virtual clock, as the real reader does), and a
/// page turn with a `shown`; an unchanged settle gets nothing.
struct FakeReader: Stage {
  var ms: Double
  var deadline: Double? { nil }

  mutating func receive(_ event: Event, into output: inout [Event]) {
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
              cache: .miss, characters: 44_500))))
      output.append(Event(time: done, .shown(shown(pages: [21]))))
    case .turn:
      output.append(Event(time: event.time, .shown(shown(pages: [22]))))
    default:
      break
    }
  }

  mutating func fire(at now: Double, into output: inout [Event]) {}

  private func shown(pages: [Int]) -> Shown {
    Shown(
      offset: 20_000, pages: pages, ranges: pages.map { $0 * 900..<($0 + 1) * 900 }, pageCount: 48,
      layout: .single,
      frames: [Rect(x: 20, y: 20, width: 342, height: 580)], notes: .sheet, excerpt: "It was")
  }
}
