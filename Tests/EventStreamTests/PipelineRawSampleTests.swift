import TestSupport
import Testing

@testable import EventStream

/// Raw samples are the first stage's alone (DESIGN §1: "source ──samples──▶ hinge model"): the
/// stages after it see what the first stage made of them, as they would reading its stream
/// (`simulate | read`), which never carries a raw sample.
@Suite("Pipeline raw samples")
struct PipelineRawSampleTests {
  /// Remembers what it received; the first stage also says so for each raw sample, and keeps a
  /// deadline 5 ms after the last one it saw.
  struct Recorder: Stage {
    let name: String
    var seen: [String] = []
    var deadline: Double?

    mutating func receive(_ event: Event, into output: inout [Event]) {
      switch event.kind {
      case .sample(let angle):
        seen.append("sample \(angle)")
        output.append(Event(time: event.time, .mark("\(name) saw sample \(angle)")))
        deadline = event.time + 5
      case .mark(let label): seen.append(label)
      default: seen.append("\(event.kind.type)")
      }
    }

    mutating func fire(at now: Double, into output: inout [Event]) {
      deadline = nil
      output.append(Event(time: now, .mark("\(name) fired")))
    }
  }

  @Test("a raw sample reaches the first stage alone; the next sees what the first made of it")
  func samplesStopAtTheFirstStage() throws {
    var pipeline = Pipeline([Recorder(name: "A"), Recorder(name: "B")])
    var source = ArraySource([
      Event(time: 0, .sample(angle: 10)), Event(time: 20, .mark("turn")), Event(time: 40, .sample(angle: 30)),
    ])
    var stream: [String] = []
    try EventLoop.runVirtual(&pipeline, source: &source) { event in
      if case .mark(let label) = event.kind { stream.append("\(Int(event.time)) \(label)") }
    }
    let a = try #require(pipeline.stages[0] as? Recorder)
    let b = try #require(pipeline.stages[1] as? Recorder)
    #expect(a.seen == ["sample 10.0", "turn", "sample 30.0"])
    #expect(b.seen == ["A saw sample 10.0", "A fired", "turn", "A saw sample 30.0", "A fired"])
    // A's deadline, set by a sample that went to A alone, still fires (5 ms after each sample).
    #expect(stream == ["0 A saw sample 10.0", "5 A fired", "20 turn", "40 A saw sample 30.0", "45 A fired"])
  }
}
