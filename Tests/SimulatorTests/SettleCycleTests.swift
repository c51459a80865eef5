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

  /// DESIGN §8, timeline wording: a flip-flop reads as what happened, an open as an open.
  @Test("a status path keeps its turning points: an open reads from→to, a flip-flop names where it turned back")
  func statusPaths() {
    func path(_ steps: [HingeStatus]) -> String {
      var cause = SettleCause.status(from: steps[0], to: steps[1])
      for next in steps.dropFirst(2) {
        guard case .status(let p, let elided) = cause else { return "" }
        cause = .status(path: p, elided: elided, then: next)
      }
      return cause.name
    }
    #expect(path([.closed, .partiallyOpen, .fullyOpen]) == "status closed→fullyOpen")
    #expect(path([.fullyOpen, .partiallyOpen, .closed]) == "status fullyOpen→closed")
    #expect(path([.fullyOpen, .partiallyOpen, .fullyOpen]) == "status fullyOpen→partiallyOpen→fullyOpen")
    #expect(
      path([.closed, .fullyOpen, .partiallyOpen, .fullyOpen, .partiallyOpen, .fullyOpen])
        == "status closed→fullyOpen→partiallyOpen→…→fullyOpen")
    for name in [
      "status closed→fullyOpen", "status fullyOpen→partiallyOpen→fullyOpen",
      "status closed→fullyOpen→partiallyOpen→…→fullyOpen",
    ] {
      #expect(SettleCause(name: name)?.name == name)
    }
    for bad in ["status closed", "status closed→…→fullyOpen", "status a→b", "status closed→x→fullyOpen"] {
      #expect(SettleCause(name: bad) == nil, "\(bad)")
    }
  }
}
