import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// The settle stage's cycle, on its own (StageTable): what it reports for inputs the other
/// stages rarely produce in that order.
@Suite("Settle cycles")
struct SettleCycleTests {
  static func scene(_ width: Double) -> EventKind {
    .scene(SceneChange(width: width, height: 620, display: .outer, transient: false, index: 1, count: 1))
  }

  static func cycle(
    _ cause: SettleCause, at causeTime: Double, first: Double, last: Double, sizes: (Double?, Double?)
  ) -> SettleCycle {
    SettleCycle(
      cause: cause, causeTime: causeTime, firstChange: first, lastChange: last, firstSize: sizes.0,
      lastSize: sizes.1)
  }

  @Test("a text size long before any scene size waits for the first size: one settle, with that text size")
  func textSizeBeforeTheFirstScene() {
    let table = StageTable(
      [(0, .textSize(.AX5)), (500, Self.scene(382))],
      expect: [
        (
          700,
          .settled(
            Settled(
              width: 382, height: 620, textSize: .AX5, division: nil, sizes: 1, changed: true,
              cycle: Self.cycle(.initial, at: 0, first: 0, last: 500, sizes: (500, 500))))
        )
      ])
    #expect(table.mismatches(SettleStateMachine(windowMs: 200)) == [])
  }

  @Test("the cause time is the trigger's, before the first size when the size came later")
  func causeTimeIsTheTriggers() {
    let table = StageTable(
      [
        (0, Self.scene(382)),
        (1000, .status(StatusChange(status: .partiallyOpen, from: .closed, angle: 9))),
        (1050, Self.scene(867)),
      ],
      expect: [
        (
          200,
          .settled(
            Settled(
              width: 382, height: 620, textSize: .large, division: nil, sizes: 1, changed: true,
              cycle: Self.cycle(.initial, at: 0, first: 0, last: 0, sizes: (0, 0))))
        ),
        (
          1250,
          .settled(
            Settled(
              width: 867, height: 620, textSize: .large, division: nil, sizes: 1, changed: true,
              cycle: Self.cycle(
                .status(from: .closed, to: .partiallyOpen), at: 1000, first: 1050, last: 1050, sizes: (1050, 1050))))
        ),
      ])
    #expect(table.mismatches(SettleStateMachine(windowMs: 200)) == [])
  }
}
