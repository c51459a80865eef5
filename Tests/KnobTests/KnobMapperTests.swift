import Testing

@testable import Knob

/// The pure mapping state machine.
@Suite struct KnobMapperTests {
  private func rel(_ t: Double, _ code: UInt16, _ value: Int32) -> KnobInput {
    KnobInput(time: t, kind: .relative(code: code, value: value))
  }

  private func angles(_ actions: [KnobAction]) -> [Double] {
    actions.compactMap { if case .angle(_, let degrees) = $0 { degrees } else { nil } }
  }

  @Test func aFullTurnOfEachKindSweepsTheRange() {
    let range = KnobMapping(lower: 0, upper: 180)
    var dial = KnobMapper(kind: .dial, mapping: range)
    let dialOut = angles(dial.map((0..<94).map { rel(Double($0), KnobCode.relDial, 1) }))
    #expect(abs(dialOut.last! - 180) < 1e-9)
    #expect(abs(dialOut.first! - 180.0 / 94) < 1e-9)

    var wheel = KnobMapper(kind: .wheel, mapping: range)
    #expect(angles(wheel.map(rel(0, KnobCode.relWheel, 1))) == [7.5])
    #expect(abs(angles(wheel.map(rel(1, KnobCode.relWheel, 23))).last! - 180) < 1e-9)

    var hiRes = KnobMapper(kind: .hiResWheel, mapping: range)
    #expect(hiRes.map(rel(0, KnobCode.relWheel, 1)).isEmpty)  // the low-res twin is ignored
    #expect(angles(hiRes.map(rel(0, KnobCode.relWheelHiRes, 120))) == [7.5])
    #expect(angles(hiRes.map(rel(1, KnobCode.relWheelHiRes, 30))) == [9.375])
  }

  @Test func overridesAndOtherRanges() {
    var fixed = KnobMapper(
      kind: .dial, mapping: KnobMapping(lower: 0, upper: 180, degreesPerStep: 2))
    #expect(angles(fixed.map(rel(0, KnobCode.relDial, 5))) == [10])
    var perTurn = KnobMapper(
      kind: .wheel, mapping: KnobMapping(lower: 0, upper: 180, stepsPerTurn: 18))
    #expect(angles(perTurn.map(rel(0, KnobCode.relWheel, 1))) == [10])
    var narrow = KnobMapper(
      kind: .wheel, mapping: KnobMapping(lower: 10, upper: 130), initialDegrees: 70)
    #expect(angles(narrow.map(rel(0, KnobCode.relWheel, 1))) == [75])
    var reversed = KnobMapper(
      kind: .wheel, mapping: KnobMapping(reversed: true), initialDegrees: 90)
    #expect(angles(reversed.map(rel(0, KnobCode.relWheel, 2))) == [75])
  }

  @Test func clampsToTheRangeAndEmitsOnlyChanges() {
    var mapper = KnobMapper(
      kind: .wheel, mapping: KnobMapping(lower: 0, upper: 180), initialDegrees: 170)
    #expect(angles(mapper.map(rel(0, KnobCode.relWheel, 5))) == [180])
    #expect(mapper.map(rel(1, KnobCode.relWheel, 5)).isEmpty)
    #expect(angles(mapper.map(rel(2, KnobCode.relWheel, -1))) == [172.5])
    #expect(angles(mapper.map(rel(3, KnobCode.relWheel, -1000))) == [0])
    #expect(mapper.map(rel(4, KnobCode.relWheel, -1)).isEmpty)
    #expect(mapper.map(rel(5, KnobCode.relDial, 3)).isEmpty)  // not this knob's axis
    let outside = KnobMapper(
      kind: .dial, mapping: KnobMapping(lower: 0, upper: 180), initialDegrees: 400)
    #expect(outside.degrees == 180)
  }

  @Test func anAbsoluteAxisMapsMinToMax() {
    var mapper = KnobMapper(
      kind: .absolute(min: -100, max: 100), axis: KnobCode.absWheel, mapping: KnobMapping())
    let input = { (t: Double, v: Int32) in
      KnobInput(time: t, kind: .absolute(code: KnobCode.absWheel, value: v))
    }
    #expect(angles(mapper.map(input(0, 0))) == [90])
    #expect(angles(mapper.map(input(1, 100))) == [180])
    #expect(mapper.map(input(2, 500)).isEmpty)  // beyond max: clamped, unchanged
    #expect(angles(mapper.map(input(3, -100))) == [0])
    #expect(mapper.map(KnobInput(time: 4, kind: .absolute(code: 0, value: 50))).isEmpty)
    var degenerate = KnobMapper(kind: .absolute(min: 5, max: 5), mapping: KnobMapping())
    #expect(degenerate.map(input(0, 5)).isEmpty)
  }

  @Test func snapsNearDetentsAndTurnsPastThem() {
    var mapping = KnobMapping(lower: 0, upper: 180, degreesPerStep: 1)
    mapping.snapDetents = KnobMapping.standardDetents
    var mapper = KnobMapper(kind: .dial, mapping: mapping, initialDegrees: 85)
    #expect(angles(mapper.map(rel(0, KnobCode.relDial, 1))) == [86])
    #expect(angles(mapper.map(rel(1, KnobCode.relDial, 1))) == [90])  // 87 is within 3°
    #expect(mapper.map(rel(2, KnobCode.relDial, 2)).isEmpty)  // 89: still 90
    #expect(mapper.map(rel(3, KnobCode.relDial, 4)).isEmpty)  // 93: still 90
    #expect(angles(mapper.map(rel(4, KnobCode.relDial, 1))) == [94])
  }

  @Test func accelerationSpeedsUpFastTurns() {
    let mapping = KnobMapping(lower: 0, upper: 180, acceleration: 1)
    func secondStep(gap: Double, steps: Int32) -> Double {
      var mapper = KnobMapper(kind: .wheel, mapping: mapping)
      #expect(angles(mapper.map(rel(0, KnobCode.relWheel, 1))) == [7.5])  // first motion: gain 1
      let before = mapper.degrees
      _ = mapper.map(rel(gap, KnobCode.relWheel, steps))
      return mapper.degrees - before
    }
    let slow = secondStep(gap: 1000, steps: 1)  // 1/24 turn per second: gain ≈ 1.04
    let fast = secondStep(gap: 5, steps: 3)  // 25 turns per second: gain capped at 4
    #expect(slow > 7.5 && slow < 7.9)
    #expect(fast == 3 * 7.5 * mapping.maximumGain)
    var linear = KnobMapper(kind: .wheel, mapping: KnobMapping())
    _ = linear.map(rel(0, KnobCode.relWheel, 1))
    #expect(angles(linear.map(rel(5, KnobCode.relWheel, 3))) == [30])
  }

  @Test func buttonsPerformTheirActionOnPress() {
    var mapping = KnobMapping()
    mapping.buttonActions[KnobCode.btnLeft] = .turnNext
    var mapper = KnobMapper(kind: .dial, mapping: mapping)
    let press = { (t: Double, code: UInt16, down: Bool) in
      KnobInput(time: t, kind: .button(code: code, pressed: down))
    }
    #expect(mapper.map(press(1, KnobCode.btn0, true)) == [.button(time: 1, .rotate)])
    #expect(mapper.map(press(2, KnobCode.btn0, false)).isEmpty)
    #expect(mapper.map(press(3, KnobCode.btnLeft, true)) == [.button(time: 3, .turnNext)])
    var textSize = KnobMapper(kind: .dial, mapping: KnobMapping(buttonAction: .nextTextSize))
    #expect(textSize.map(press(4, KnobCode.btn0, true)) == [.button(time: 4, .nextTextSize)])
    #expect(KnobButtonAction(name: "text-size") == .nextTextSize)
    #expect(KnobButtonAction(name: "Turn") == .turnNext)
    #expect(KnobButtonAction(name: "jump") == nil)
  }

  @Test func droppedEventsAreReported() {
    var mapper = KnobMapper(kind: .dial, mapping: KnobMapping())
    #expect(mapper.map(KnobInput(time: 7, kind: .dropped)) == [.dropped(time: 7)])
  }

  @Test func buttonNamesResolve() {
    #expect(KnobCode.button(named: "BTN_0") == 0x100)
    #expect(KnobCode.button(named: "btn_left") == 0x110)
    #expect(KnobCode.button(named: "0x101") == 0x101)
    #expect(KnobCode.button(named: "NOPE") == nil)
  }
}
