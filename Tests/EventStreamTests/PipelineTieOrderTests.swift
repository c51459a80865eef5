import TestSupport
import Testing

@testable import EventStream

/// Ties in the run loop and the pipeline: deadlines first (downstream stages first: for a
/// stage, what comes from upstream is an input, and its own deadline at the same time comes
/// first), then inputs; a stage's outputs flow downstream in the same wave.
/// (`EventLoop.runVirtual`, `Pipeline`.)
@Suite("Pipeline tie order")
struct PipelineTieOrderTests {
  /// Marks what it sees from upstream (`NAME saw LABEL`) and fires at its deadlines (`NAME fired`).
  struct Probe: Stage {
    let name: String
    var due: [Double] = []

    var deadline: Double? { due.first }

    mutating func receive(_ event: Event, into output: inout [Event]) {
      guard case .mark(let label) = event.kind else { return }
      output.append(Event(time: event.time, .mark("\(name) saw \(label)")))
    }

    mutating func fire(at now: Double, into output: inout [Event]) {
      due.removeFirst()
      output.append(Event(time: now, .mark("\(name) fired")))
    }
  }

  static func marks(_ rows: [(Double, String)]) -> [(Double, EventKind)] {
    rows.map { ($0.0, .mark($0.1)) }
  }

  @Test("two inputs at the same time go through every stage in input order, each in its own wave")
  func twoInputsAtOneTime() {
    let table = StageTable(
      Self.marks([(100, "x"), (100, "y")]),
      expect: Self.marks([
        (100, "x"), (100, "A saw x"), (100, "B saw x"), (100, "B saw A saw x"),
        (100, "y"), (100, "A saw y"), (100, "B saw y"), (100, "B saw A saw y"),
      ]))
    #expect(table.mismatches(pipeline: [Probe(name: "A"), Probe(name: "B")]) == [])
  }

  /// A deadline due at 100 ms has come by 100 ms: a settle due then is settled when a page
  /// turn stamped 100 ms arrives.
  @Test("a deadline equal to an input's time fires before the input")
  func deadlineBeforeInput() {
    let table = StageTable(
      Self.marks([(100, "in")]),
      expect: Self.marks([
        (100, "A fired"), (100, "B saw A fired"),
        (100, "in"), (100, "A saw in"), (100, "B saw in"), (100, "B saw A saw in"),
      ]))
    #expect(table.mismatches(pipeline: [Probe(name: "A", due: [100]), Probe(name: "B")]) == [])
  }

  /// As if the pipeline were cut between A and B, B reading A's stream (`simulate | read`): A's
  /// output at 100 is an input to B, and B's deadline at 100 comes before it. (Upstream first
  /// made `run` and `simulate | read` order a settle and a pagination due at one time apart.)
  @Test("two stages due at the same time: the downstream one fires first, then the upstream one's output reaches it")
  func downstreamDeadlineFirst() {
    let table = StageTable(
      Self.marks([(50, "in")]),
      expect: Self.marks([
        (50, "in"), (50, "A saw in"), (50, "B saw in"), (50, "B saw A saw in"),
        (100, "B fired"), (100, "A fired"), (100, "B saw A fired"),
      ]))
    #expect(table.mismatches(pipeline: [Probe(name: "A", due: [100]), Probe(name: "B", due: [100])]) == [])
  }

  @Test("the table helper drives one stage alone: only its outputs, at their times")
  func oneStageAlone() {
    let table = StageTable(Self.marks([(10, "in")]), expect: Self.marks([(10, "A saw in"), (20, "A fired")]))
    #expect(table.mismatches(Probe(name: "A", due: [20])) == [])
  }
}
