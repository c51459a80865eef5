import HingeSim
import TestSupport
import Testing

/// Which trigger is a settle cycle's cause when two arrive at the same time.
///
/// The rule (TimingStateMachine): the first trigger at or before the cycle's first layout
/// change decides the cause; a trigger that led to no layout change is dropped only when a
/// *later* trigger arrives. Two triggers at the same time are therefore not "later" than each
/// other: the first in stream order is the cause.
@Suite("Timing causes, pinned")
struct TimingPinnedTests {
  private static func status(_ t: Double, _ from: HingeStatus, _ to: HingeStatus) -> Event {
    Event(time: t, .status(StatusChange(status: to, from: from, angle: 0)))
  }

  private static func scene(_ t: Double, width: Double) -> Event {
    Event(
      time: t,
      .scene(SceneChange(width: width, height: 611, display: .inner, transient: false, index: 1, count: 1)))
  }

  private static func settled(_ t: Double, width: Double) -> Event {
    Event(
      time: t,
      .settled(Settled(width: width, height: 611, textSize: .large, division: nil, sizes: 1, changed: true)))
  }

  /// Feeds a stream to a timing stage without a reader, firing its deadline between events.
  private static func records(_ stream: [Event]) -> [TimingRecord] {
    var stage = TimingStateMachine(expectsReader: false)
    var out: [Event] = []
    for event in stream {
      if let due = stage.deadline, due < event.time { stage.fire(at: due, into: &out) }
      stage.receive(event, into: &out)
    }
    if let due = stage.deadline { stage.fire(at: due, into: &out) }
    return out.compactMap { if case .timing(let r) = $0.kind { r } else { nil } }
  }

  /// An initial cycle, then `triggers` and one size at 1000, settled at 1200.
  private static func cycle(after triggers: [Event]) -> [Event] {
    [scene(0, width: 867), settled(200, width: 867)] + triggers + [scene(1000, width: 669), settled(1200, width: 669)]
  }

  /// Triggers at 1000 (in stream order) and the cause they give.
  static let sameTimeCases: [(triggers: [Event], cause: String)] = [
    (
      [status(1000, .fullyOpen, .partiallyOpen), Event(time: 1000, .orientation(.landscapeLeft))],
      "status fullyOpen→partiallyOpen"
    ),
    ([Event(time: 1000, .orientation(.landscapeLeft)), status(1000, .fullyOpen, .partiallyOpen)], "rotation"),
    ([Event(time: 1000, .orientation(.landscapeLeft)), Event(time: 1000, .split(.left))], "rotation"),
    ([Event(time: 1000, .split(.left)), Event(time: 1000, .orientation(.landscapeLeft))], "split"),
    ([Event(time: 1000, .textSize(.large)), Event(time: 1000, .split(.left))], "text size"),
  ]

  @Test(
    "two triggers at the same time: the first in stream order is the cause", arguments: TimingPinnedTests.sameTimeCases)
  func sameTimeTriggers(_ triggers: [Event], cause: String) {
    let records = Self.records(Self.cycle(after: triggers))
    #expect(records.map(\.cause) == ["initial", cause])
    #expect(records.last?.causeTime == 1000)
  }

  @Test("an earlier trigger that changed no layout is dropped when a later one arrives")
  func earlierTriggerDropped() {
    let records = Self.records(
      Self.cycle(after: [Event(time: 900, .orientation(.faceUp)), Event(time: 1000, .split(.left))]))
    #expect(records.map(\.cause) == ["initial", "split"])
    #expect(records.last?.causeTime == 1000)
  }

  /// Through the simulator: held open wide, the hinge folds to 110° and the device turns to
  /// landscape in the same millisecond. The status change comes first (flat → book changes no
  /// size), the rotation then makes tabletop: the cause is the status change, at 1000.
  @Test("a fold and a rotation in the same millisecond: the fold, first in the stream, is the cause")
  func sameTimeThroughTheSimulator() {
    let inputs = [
      Event(time: 0, .sample(angle: 180)),
      Event(time: 1000, .sample(angle: 110)), Event(time: 1000, .orientation(.landscapeLeft)),
    ]
    let profile = TestSupport.profile()
    let out = TestSupport.run(
      inputs, stages: Pipeline.simulator(profile: profile) + [TimingStateMachine(expectsReader: false)])
    let records = out.compactMap { e -> TimingRecord? in if case .timing(let r) = e.kind { r } else { nil } }
    #expect(records.map(\.cause) == ["initial", "status fullyOpen→partiallyOpen"])
    #expect(records.last?.causeTime == 1000)
  }
}
