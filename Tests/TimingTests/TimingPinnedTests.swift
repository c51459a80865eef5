import TestSupport
import Testing

@testable import EventStream
@testable import Simulator
@testable import Timing

/// Which trigger is a settle cycle's cause when two arrive at the same time.
///
/// The rule: the first trigger (status, orientation, text size, split) at or before the cycle's
/// first layout change decides the cause; a trigger that led to no layout change is dropped only
/// when a *later* trigger arrives. Two triggers at the same time are not "later" than each other,
/// so the first in stream order is the cause. The runs go through the simulator and the timing
/// stage only (no hand-made settles), so they hold wherever the cycle is decided.
@Suite("Timing causes, pinned")
struct TimingPinnedTests {
  let profile = TestSupport.profile()

  /// The causes and cause times of the timing records for `inputs`.
  private func records(_ inputs: [Event]) -> [(cause: String, causeTime: Double)] {
    let stages = Pipeline.simulator(profile: profile) + [TimingStateMachine(expectsReader: false)]
    return TestSupport.run(inputs, stages: stages).compactMap {
      if case .timing(let r) = $0.kind { return (r.cause.name, r.causeTime) }
      return nil
    }
  }

  /// Held open wide, the hinge folds to 110° and the device turns to landscape in the same
  /// millisecond. The status change comes first and changes no size (flat → book); the
  /// rotation then makes tabletop. The cause is the status change, at 1000.
  @Test("a fold, then a rotation, in the same millisecond: the fold is the cause")
  func foldThenRotation() {
    let r = records([
      Event(time: 0, .sample(angle: 180)),
      Event(time: 1000, .sample(angle: 110)), Event(time: 1000, .orientation(.landscapeLeft)),
    ])
    #expect(r.map(\.cause) == ["initial", "status fullyOpen→partiallyOpen"])
    #expect(r.last?.causeTime == 1000)
  }

  /// Closed and upright, Split View changes nothing (the pose stays closed); the rotation in the
  /// same millisecond then turns the outer display sideways. Split, first, is the cause.
  @Test("Split View, then a rotation, in the same millisecond: Split View is the cause")
  func splitThenRotation() {
    let r = records([
      Event(time: 0, .sample(angle: 0)),
      Event(time: 1000, .split(.left)), Event(time: 1000, .orientation(.landscapeLeft)),
    ])
    #expect(r.map(\.cause) == ["initial", "split"])
    #expect(r.last?.causeTime == 1000)
  }

  @Test("a rotation, then Split View, in the same millisecond: the rotation is the cause")
  func rotationThenSplit() {
    let r = records([
      Event(time: 0, .sample(angle: 0)),
      Event(time: 1000, .orientation(.landscapeLeft)), Event(time: 1000, .split(.left)),
    ])
    #expect(r.map(\.cause) == ["initial", "rotation"])
    #expect(r.last?.causeTime == 1000)
  }

  /// The same inputs 100 ms apart: Split View at 900 changed no layout, so it is dropped when the
  /// rotation arrives at 1000, which is the cause.
  @Test("an earlier trigger that changed no layout is dropped when a later one arrives")
  func earlierTriggerDropped() {
    let r = records([
      Event(time: 0, .sample(angle: 0)),
      Event(time: 900, .split(.left)), Event(time: 1000, .orientation(.landscapeLeft)),
    ])
    #expect(r.map(\.cause) == ["initial", "rotation"])
    #expect(r.last?.causeTime == 1000)
  }
}
