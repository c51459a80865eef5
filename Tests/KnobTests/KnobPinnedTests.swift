import Testing

@testable import Knob

/// Knob mapping behaviours no test pinned before: a reversed absolute axis, and `SYN_DROPPED`
/// restarting acceleration.
@Suite("Knob mapping, pinned")
struct KnobPinnedTests {
  private func angles(_ actions: [KnobAction]) -> [Double] {
    actions.compactMap { if case .angle(_, let degrees) = $0 { degrees } else { nil } }
  }

  private func absolute(_ t: Double, _ value: Int32) -> KnobInput {
    KnobInput(time: t, kind: .absolute(code: KnobCode.absWheel, value: value))
  }

  private func wheel(_ t: Double, _ steps: Int32) -> KnobInput {
    KnobInput(time: t, kind: .relative(code: KnobCode.relWheel, value: steps))
  }

  /// An absolute axis maps min…max onto lower…upper; reversed, max is the lower end.
  @Test("a reversed absolute axis maps its maximum to the closed end and its minimum to flat")
  func reversedAbsoluteAxis() {
    var mapper = KnobMapper(
      kind: .absolute(min: 0, max: 100), axis: KnobCode.absWheel,
      mapping: KnobMapping(lower: 0, upper: 180, reversed: true), initialDegrees: 90)
    #expect(angles(mapper.map(absolute(0, 0))) == [180])
    #expect(angles(mapper.map(absolute(1, 25))) == [135])  // 1 − 0.25 of 180
    #expect(angles(mapper.map(absolute(2, 100))) == [0])
    #expect(angles(mapper.map(absolute(3, 50))) == [90])
  }

  @Test("a reversed absolute axis over a narrower range")
  func reversedAbsoluteNarrowRange() {
    var mapper = KnobMapper(
      kind: .absolute(min: -50, max: 50), axis: KnobCode.absWheel,
      mapping: KnobMapping(lower: 20, upper: 120, reversed: true))
    #expect(angles(mapper.map(absolute(0, 50))) == [])  // max → the lower end, where it starts
    #expect(angles(mapper.map(absolute(1, -50))) == [120])
    #expect(angles(mapper.map(absolute(2, 25))) == [45])  // fraction 0.75, reversed 0.25 of 100
  }

  /// After `SYN_DROPPED` the motion since the last event is lost, so the speed is unknown: the
  /// next step has gain 1, like the first motion. Wheel: 7.5° a detent; acceleration 1 would
  /// otherwise make 3 detents 5 ms after the last one 25 turns/s — gain capped at 4 (90°).
  @Test("SYN_DROPPED resets acceleration: the next step has gain 1")
  func droppedResetsAcceleration() {
    let mapping = KnobMapping(lower: 0, upper: 180, acceleration: 1)
    var mapper = KnobMapper(kind: .wheel, mapping: mapping)
    #expect(angles(mapper.map(wheel(0, 1))) == [7.5])
    #expect(mapper.map(KnobInput(time: 3, kind: .dropped)) == [.dropped(time: 3)])
    let gainOne: Double = 7.5 + 3 * 7.5
    #expect(angles(mapper.map(wheel(5, 3))) == [gainOne])

    var undropped = KnobMapper(kind: .wheel, mapping: mapping)
    _ = undropped.map(wheel(0, 1))
    let gainFour: Double = 7.5 + 3 * 7.5 * mapping.maximumGain
    #expect(angles(undropped.map(wheel(5, 3))) == [gainFour])
  }

  @Test("after SYN_DROPPED, acceleration picks up again from the step after")
  func accelerationResumesAfterDrop() {
    var mapper = KnobMapper(kind: .wheel, mapping: KnobMapping(lower: 0, upper: 180, acceleration: 1))
    _ = mapper.map(wheel(0, 1))
    _ = mapper.map(KnobInput(time: 3, kind: .dropped))
    _ = mapper.map(wheel(5, 1))  // gain 1: 15°
    #expect(mapper.degrees == 15)
    let capped: Double = 15 + 3 * 7.5 * 4  // 25 turns/s again: gain capped at 4
    #expect(angles(mapper.map(wheel(10, 3))) == [capped])
  }
}
