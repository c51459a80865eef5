import Testing

@testable import Knob

/// evemu and libinput-record readers on input built to break them (issue 11): long lines of
/// spaces, a byte order mark, CRLF, times decades away.
@Suite struct KnobRecordingRobustnessTests {
  static let libinput = """
    version: 1
    ndevices: 1
    libinput:
      version: 1
    devices:
    - node: /dev/input/event5
      evdev:
        name: "Knob"
        codes:
          2: [7]
      events:
      - evdev:
        - [  0,      0,   2,   7,       3]
        - [  0,      0,   0,   0,       0]
        - [  1,      0,   2,   7,      -1]
        - [  1,      0,   0,   0,       0]

    """

  static let evemu = """
    # EVEMU 1.3
    N: Knob
    B: 02 80 00
    E: 0.000000 0002 0007 3
    E: 0.000000 0000 0000 0
    E: 1.000000 0002 0007 -1
    E: 1.000000 0000 0000 0

    """

  private func elapsed(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
  }

  @Test("lines ending in 100,000 spaces parse in linear time (trimming was quadratic)")
  func trailingSpacesAreLinear() throws {
    let spaces = String(repeating: " ", count: 100_000)
    let lines = Self.libinput.split(separator: "\n", omittingEmptySubsequences: false)
    let padded = lines.map { $0.isEmpty ? "" : $0 + spaces }.joined(separator: "\n")
    var recording: KnobRecording?
    let time = try elapsed { recording = try LibinputRecording.parse(text: padded, file: "k.yml") }
    #expect(time < .seconds(5), "parsing took \(time)")
    #expect(recording == (try LibinputRecording.parse(text: Self.libinput, file: "k.yml")))
    #expect(recording?.name == "Knob")

    let evemu = Self.evemu.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : $0 + spaces }.joined(separator: "\n")
    let evemuTime = try elapsed { recording = try EvemuRecording.parse(text: evemu, file: "k.evemu") }
    #expect(evemuTime < .seconds(5), "parsing took \(evemuTime)")
    #expect(recording?.name == "Knob")
  }

  @Test("a byte order mark and CRLF line ends are accepted")
  func byteOrderMarkAndCRLF() throws {
    for (text, file) in [(Self.libinput, "k.yml"), (Self.evemu, "k.evemu")] {
      let plain = try KnobRecording.parse(text: text, file: file)
      #expect(try KnobRecording.parse(text: "\u{FEFF}" + text, file: file) == plain)
      let crlf = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
      #expect(try KnobRecording.parse(text: "\u{FEFF}" + crlf, file: file) == plain)
    }
  }

  @Test("an event more than 1e12 ms after the first is an error at its timestamp")
  func timesDecadesAway() {
    let evemu = Self.evemu + "E: 9000000000000.000000 0002 0007 1\n"
    #expect(
      throws: KnobRecordingError(
        file: "k.evemu", line: 8, column: 4,
        expected: "a timestamp at most 1e12 ms (about 31 years) after the first event",
        found: "one 9000000000000000 ms after it")
    ) { try EvemuRecording.parse(text: evemu, file: "k.evemu") }
    let libinput = Self.libinput + "    - [  2000000000,      0,   2,   7,       1]\n"
    #expect(
      throws: KnobRecordingError(
        file: "k.yml", line: 17, column: 7,
        expected: "a timestamp at most 1e12 ms (about 31 years) after the first event",
        found: "one 2000000000000 ms after it")
    ) { try LibinputRecording.parse(text: libinput, file: "k.yml") }
    // Just inside the limit is fine.
    #expect(throws: Never.self) {
      try EvemuRecording.parse(text: Self.evemu + "E: 1000000000.000000 0002 0007 1\n", file: "k.evemu")
    }
  }

  @Test("timestamps that go back are an error at the later line, as in every trace (fuzz finding)")
  func timesThatGoBack() {
    #expect(
      throws: KnobRecordingError(
        file: "k.evemu", line: 2, column: 4,
        expected: "a timestamp ≥ 4.580001 s (times must not go back)", found: "0.800027 s")
    ) { try EvemuRecording.parse(text: "E: 4.580001 0 7 0\nE: 0.800027 2 7 2\n", file: "k.evemu") }
    #expect(
      throws: KnobRecordingError(
        file: "k.yml", line: 5, column: 4,
        expected: "a timestamp ≥ 1.000000 s (times must not go back)", found: "0.000009 s")
    ) {
      try LibinputRecording.parse(
        text: "devices:\n- events:\n - evdev:\n - [1,0,2,8,1]\n - [0,9,2,8,1]\n", file: "k.yml")
    }
    // Equal stamps (an event and its SYN_REPORT) are fine.
    #expect(throws: Never.self) { try EvemuRecording.parse(text: Self.evemu, file: "k.evemu") }
  }

  @Test("a long found-text is cut to 40 characters with …")
  func longFoundTexts() {
    let word = String(repeating: "q", count: 100_000)
    #expect(
      throws: KnobRecordingError(
        file: "k.evemu", line: 1, column: 1,
        expected: "a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #",
        found: "'\(String(repeating: "q", count: 39))…'")
    ) { try EvemuRecording.parse(text: word + "\n", file: "k.evemu") }
  }
}
