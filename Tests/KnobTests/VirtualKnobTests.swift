import Testing

@testable import Knob

/// The virtual knob: gestures → a hi-res wheel's evdev events, coalesced per frame, mapped by
/// the same `KnobMapper` as a device.
@Suite struct VirtualKnobTests {
  let mapping = KnobMapping(lower: 0, upper: 180)

  private func angles(_ inputs: [KnobInput], _ mapper: inout KnobMapper) -> [Double] {
    inputs.flatMap { mapper.map($0) }.compactMap { if case .angle(_, let d) = $0 { d } else { nil } }
  }

  /// A detent is 120 hi-res units; a full turn (24 detents) sweeps the range, so 7.5° a detent.
  @Test func aDetentIsAHiResWheelNotch() {
    var knob = VirtualKnob(mapping: mapping)
    var mapper = VirtualKnob.mapper(mapping: mapping)
    let inputs = knob.receive([.detents(1)], at: 0)
    #expect(inputs == [KnobInput(time: 0, kind: .relative(code: KnobCode.relWheelHiRes, value: 120))])
    #expect(angles(inputs, &mapper) == [7.5])
    #expect(knob.deadline == nil)
  }

  /// A held key: presses faster than frames wait for the frame's end and go out as one report.
  @Test func gesturesFasterThanFramesAreCoalescedIntoOneReport() {
    var knob = VirtualKnob(mapping: mapping)
    var mapper = VirtualKnob.mapper(mapping: mapping)
    var out = knob.receive([.detents(1)], at: 0)
    for t in stride(from: 3.0, through: 30, by: 3) { out += knob.receive([.detents(1)], at: t) }
    #expect(out.count == 1)
    #expect(knob.deadline == VirtualKnob.frameMs)
    #expect(knob.fire(at: 20) == [])
    let burst = knob.fire(at: VirtualKnob.frameMs)
    #expect(burst == [KnobInput(time: VirtualKnob.frameMs, kind: .relative(code: KnobCode.relWheelHiRes, value: 1200))])
    #expect(angles(out + burst, &mapper) == [7.5, 82.5])
    // The next frame's first press goes out at once.
    #expect(knob.receive([.detents(-1)], at: 80).count == 1)
  }

  /// In one report: motion summed, positions reduced to the last, presses kept in order.
  @Test func aReportKeepsButtonsAndTheLastPosition() {
    let inputs = VirtualKnob.coalesced(
      [
        .relative(code: KnobCode.relWheelHiRes, value: 120), .relative(code: KnobCode.relWheelHiRes, value: 120),
        .button(code: KnobCode.btn0, pressed: true), .button(code: KnobCode.btn0, pressed: false),
        .absolute(code: KnobCode.absWheel, value: 10), .absolute(code: KnobCode.absWheel, value: 5000),
        .relative(code: KnobCode.relWheelHiRes, value: 120), .relative(code: KnobCode.relWheelHiRes, value: -120),
      ], at: 7)
    #expect(
      inputs.map(\.kind) == [
        .relative(code: KnobCode.relWheelHiRes, value: 240), .button(code: KnobCode.btn0, pressed: true),
        .button(code: KnobCode.btn0, pressed: false), .absolute(code: KnobCode.absWheel, value: 5000),
      ])
  }

  /// Postures and drags jump through the position axis: no acceleration, clamped, snapped like
  /// any angle; the knob turns on from there.
  @Test func posturesAndDragsJumpAndTheKnobTurnsOnFromThere() {
    var accelerated = mapping
    accelerated.acceleration = 5
    var knob = VirtualKnob(mapping: accelerated)
    var mapper = VirtualKnob.mapper(mapping: accelerated)
    #expect(angles(knob.receive([.posture(.halfOpen)], at: 0), &mapper) == [90])
    #expect(angles(knob.receive([.position(degrees: 400)], at: 100), &mapper) == [180])
    #expect(angles(knob.receive([.position(degrees: 45.004)], at: 200), &mapper) == [45])
    #expect(angles(knob.receive([.detents(-1)], at: 1300), &mapper) == [37.5])
    #expect(angles(knob.receive([.posture(.closed)], at: 1400), &mapper) == [0])
    var snapping = mapping
    snapping.snapDetents = KnobMapping.standardDetents
    var snapper = VirtualKnob.mapper(mapping: snapping)
    var snapKnob = VirtualKnob(mapping: snapping)
    #expect(angles(snapKnob.receive([.position(degrees: 88)], at: 0), &snapper) == [90])
  }

  /// The button is BTN_0 pressed and released: the mapper does the configured action once.
  @Test func theButtonIsOnePress() {
    var buttonMapping = mapping
    buttonMapping.buttonAction = .turnNext
    var knob = VirtualKnob(mapping: buttonMapping)
    var mapper = VirtualKnob.mapper(mapping: buttonMapping)
    let actions = knob.receive([.button], at: 5).flatMap { mapper.map($0) }
    #expect(actions == [.button(time: 5, .turnNext)])
  }

  /// A device's mapper ignores the position axis (a hi-res mouse's ABS_WHEEL is not a jump).
  @Test func aDeviceMapperIgnoresThePositionAxis() {
    var mapper = KnobMapper(kind: .hiResWheel, mapping: mapping)
    #expect(mapper.map(KnobInput(time: 0, kind: .absolute(code: KnobCode.absWheel, value: 5000))) == [])
  }
}
