import Glibc
import Platform
import Testing

@testable import Knob

/// evemu and libinput-record parsing, on the shipped samples and on malformed input.
@Suite struct KnobRecordingTests {
  static let root: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  static func sample(_ name: String) throws -> String {
    let path = root + "/traces/" + name
    let bytes = try #require(FileBytes.read(path))
    return String(decoding: bytes, as: UTF8.self)
  }

  private func sweep(_ recording: KnobRecording) -> (
    max: Double, last: Double, buttons: [KnobButtonAction]
  ) {
    var mapper = KnobMapper(
      recording: recording, mapping: KnobMapping(lower: 0, upper: 180), initialDegrees: 0)
    let actions = mapper.map(recording.inputs)
    let angles = actions.compactMap { if case .angle(_, let d) = $0 { d } else { nil } }
    let buttons = actions.compactMap { if case .button(_, let a) = $0 { a } else { nil } }
    return (angles.max() ?? 0, angles.last ?? 0, buttons)
  }

  @Test func thePowerMateSampleOpensToFlatAndCloses() throws {
    let recording = try EvemuRecording.parse(
      text: Self.sample("knob-powermate.evemu"), file: "knob-powermate.evemu")
    #expect(recording.kind == .dial)
    #expect(recording.name == "Griffin PowerMate")
    #expect(recording.inputs.first?.time == 0)
    #expect(recording.inputs.contains { $0.kind == .relative(code: 7, value: -3) })
    let result = sweep(recording)
    #expect(abs(result.max - 180) < 1e-9)
    #expect(abs(result.last) < 1e-9)
    #expect(result.buttons == [.rotate])
    #expect(
      try KnobRecording.parse(text: Self.sample("knob-powermate.evemu"), file: "x.evemu")
        == recording)
  }

  @Test func theWheelSampleIsAHiResWheel() throws {
    let recording = try LibinputRecording.parse(
      text: Self.sample("knob-wheel.yml"), file: "knob-wheel.yml")
    #expect(recording.kind == .hiResWheel)
    #expect(recording.name == "Logitech USB Optical Mouse")
    #expect(recording.inputs.first?.time == 0)
    #expect(recording.inputs.last?.time == 4690)
    #expect(recording.inputs.contains { $0.kind == .relative(code: 11, value: -120) })
    let result = sweep(recording)
    #expect(abs(result.max - 180) < 1e-9)
    #expect(abs(result.last) < 1e-9)
    #expect(result.buttons == [.rotate])
    #expect(
      try KnobRecording.parse(text: Self.sample("knob-wheel.yml"), file: "x.yml") == recording)
  }

  @Test func evemuTimesAreRelativeAndValuesSigned() throws {
    let text = """
      # EVEMU 1.3
      N: Tablet # ring
      I: 0003 056a 0300 0100
      A: 08 0 71 0 0 0
      E: 100.500000 0003 0008 0036
      E: 100.750250 0003 0008 -001 # below min
      E: 100.750250 0000 0000 0000
      E: 101.000000 0000 0003 0000
      """
    let recording = try EvemuRecording.parse(text: text, file: "ring.evemu")
    #expect(recording.name == "Tablet # ring")
    #expect(recording.kind == .absolute(min: 0, max: 71))
    #expect(recording.axis == KnobCode.absWheel)
    #expect(
      recording.inputs == [
        KnobInput(time: 0, kind: .absolute(code: 8, value: 36)),
        KnobInput(time: 250.25, kind: .absolute(code: 8, value: -1)),
        KnobInput(time: 500, kind: .dropped),
      ])
  }

  @Test func withoutADescriptionTheEventsChooseTheKind() throws {
    let recording = try EvemuRecording.parse(
      text: "E: 0.000001 0002 000b 0120\n", file: "bare.evemu")
    #expect(recording.kind == .hiResWheel)
  }

  @Test(arguments: [
    ("E: 0.000001 0002 0007 x2\n", "f.evemu:1:23: expected an event value in decimal, found 'x2'"),
    (
      "E: 0.5 0002 0007 1\n",
      "f.evemu:1:4: expected a timestamp 'seconds.microseconds' (6 digits after the dot), found '0.5'"
    ),
    (
      "E: 0.000001 0002\n",
      "f.evemu:1:17: expected an event code in hex (0000…02ff), found end of line"
    ),
    (
      "E: 0.000001 0002 0007 1 2\n",
      "f.evemu:1:25: expected end of line or a '# comment', found '2'"
    ),
    (
      "E: 0.000001 0020 0007 1\n",
      "f.evemu:1:13: expected an event type in hex (0000…001f), found '0020'"
    ),
    (
      "N: x\nQ: what\n",
      "f.evemu:2:1: expected a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #, found 'Q:'"
    ),
    (
      "E: 0.000001 0002 0007 99999999999\n",
      "f.evemu:1:23: expected an event value in decimal, found '99999999999'"
    ),
    (
      "# nothing\n",
      "f.evemu:1:1: expected a knob (REL_DIAL, REL_WHEEL, REL_WHEEL_HI_RES or an absolute wheel axis) in the device description or the events, found none"
    ),
  ])
  func malformedEvemuLinesNameTheirPlace(text: String, message: String) {
    #expect(throws: KnobRecordingError.self) {
      try EvemuRecording.parse(text: text, file: "f.evemu")
    }
    do {
      _ = try EvemuRecording.parse(text: text, file: "f.evemu")
    } catch {
      #expect(error.description == message)
    }
  }

  static let yamlHead = """
    version: 1
    devices:
    - node: /dev/input/event3
      evdev:
        name: "Knob \\"X\\""
        id: [3, 1917, 1040, 256]
        codes: {0: [0, 1, 2, 3], 2: [7]}
      events:
      - evdev:

    """

  @Test func libinputFlowStyleCodesAndNegativeValues() throws {
    let text =
      Self.yamlHead + """
            - [  3, 999999,   2,   7,      -4] # EV_REL / REL_DIAL -4
            - [  4,      0,   0,   0,       0]
          - libinput:
            - {time: 4.0, type: POINTER_AXIS}
          - evdev:
            - [  4,  10000,   1, 256,       1]
        """
    let recording = try LibinputRecording.parse(text: text, file: "k.yml")
    #expect(recording.name == "Knob \"X\"")
    #expect(recording.kind == .dial)
    #expect(
      recording.inputs == [
        KnobInput(time: 0, kind: .relative(code: 7, value: -4)),
        KnobInput(time: 10.001, kind: .button(code: 256, pressed: true)),
      ])
  }

  @Test(arguments: [
    (
      "    - [  1, 2, 3 ]\n",
      "k.yml:10:7: expected 5 values [sec, usec, type, code, value], found '3 values'"
    ),
    ("    - [  1, x, 2, 7, 1]\n", "k.yml:10:13: expected an integer, found 'x'"),
    ("    - [  1, 2, 2, 7 1]\n", "k.yml:10:21: expected ',' or ']', found '1]'"),
    (
      "    - [  1, 1000000, 2, 7, 1]\n",
      "k.yml:10:7: expected microseconds 0…999999, found '1000000'"
    ),
    (
      "    - [  1, 0, 2, 7, 3000000000]\n",
      "k.yml:10:7: expected a 32-bit value, found '3000000000'"
    ),
  ])
  func malformedLibinputLinesNameTheirPlace(line: String, message: String) {
    let text = Self.yamlHead + line
    do {
      _ = try LibinputRecording.parse(text: text, file: "k.yml")
      Issue.record("parsed")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aFileWithoutDevicesIsRejected() {
    #expect(
      throws: KnobRecordingError(
        file: "n.yml", line: 1, column: 1,
        expected: "a libinput record file with a 'devices:' section",
        found: "none")
    ) { try LibinputRecording.parse(text: "version: 1\n", file: "n.yml") }
  }

  @Test func garbageNeverCrashes() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let alphabet = Array("E: 0123456789abcdef.-[],#{}\n \"devices:- evdev:N:B:A:x\t".utf8)
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<200 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      let text = String(decoding: bytes, as: UTF8.self)
      _ = try? EvemuRecording.parse(text: text, file: "g")
      _ = try? LibinputRecording.parse(text: "devices:\n- node: x\n  events:\n" + text, file: "g")
    }
  }
}

/// Reads a whole file (test helper; the module under test does not read files).
enum FileBytes {
  static func read(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&buffer, 1, buffer.count, file)
      if n <= 0 { break }
      bytes += buffer[..<n]
    }
    return bytes
  }
}
