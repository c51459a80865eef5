import EventStream

/// A table test for one stage on its own: inputs at their times in, the stage's outputs at
/// theirs out, in virtual time.
///
/// The driver feeds each input at its time and wakes the stage at its deadline, deadlines first
/// on ties (as the run loop does); only what the stage emits is compared.
///
/// ```swift
/// let table = StageTable(
///   [(0, .status(closedFromUnknown)), (0, .pose(closedFromUnknown))],
///   expect: [(0, .scene(SceneChange(width: 382, height: 620, display: .outer, …)))])
/// #expect(table.mismatches(SceneStateMachine(profile: duo)).isEmpty)
/// ```
public struct StageTable {
  /// The inputs, in time order.
  public var inputs: [Event]
  /// The outputs the stage must emit, in order.
  public var expected: [Event]

  /// Makes a table of `(time, input)` → `(time, output)`.
  public init(_ inputs: [(Double, EventKind)], expect outputs: [(Double, EventKind)]) {
    self.inputs = inputs.map { Event(time: $0.0, $0.1) }
    self.expected = outputs.map { Event(time: $0.0, $0.1) }
  }

  /// Drives `stage` alone and returns what it emitted (at most `limit` wake-ups: a stage whose
  /// deadline never moves on is cut off there).
  public func outputs(of stage: some Stage, limit: Int = 100_000) -> [Event] {
    var stage = stage
    var output: [Event] = []
    var next = 0
    for _ in 0..<limit {
      let deadline = stage.deadline
      if next < inputs.count, deadline.map({ inputs[next].time < $0 }) ?? true {
        stage.receive(inputs[next], into: &output)
        next += 1
      } else if let deadline {
        stage.fire(at: deadline, into: &output)
      } else {
        break
      }
    }
    return output
  }

  /// One line per difference between what `stage` emitted and the table (empty when equal),
  /// each event as its JSON line.
  public func mismatches(_ stage: some Stage) -> [String] {
    diff(outputs(of: stage))
  }

  /// One line per difference between the whole stream of a pipeline of `stages` — the inputs
  /// and what every stage emitted, in stream order, run by `EventLoop.runVirtual` — and the table.
  public func mismatches(pipeline stages: [any Stage]) -> [String] {
    diff(TestSupport.run(inputs, stages: stages))
  }

  private func diff(_ actual: [Event]) -> [String] {
    var lines: [String] = []
    for i in 0..<max(actual.count, expected.count) {
      let got = i < actual.count ? EventWriter.string(actual[i]) : "(nothing)"
      let want = i < expected.count ? EventWriter.string(expected[i]) : "(nothing)"
      if got != want { lines.append("output \(i + 1): got \(got), expected \(want)") }
    }
    return lines
  }
}
