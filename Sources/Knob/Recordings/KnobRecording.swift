/// A knob recording read from a file: the device kind and its inputs, timed from the first event.
public struct KnobRecording: Sendable, Equatable {
  /// The kind the device description chose (or, without one, the first knob axis in the events).
  public var kind: KnobKind
  /// The knob axis code (`REL_DIAL`, `REL_WHEEL_HI_RES`, `ABS_WHEEL`, …).
  public var axis: UInt16
  /// The recorded device name ("" when the file has none).
  public var name: String
  /// The inputs, `time` in milliseconds since the first event.
  public var inputs: [KnobInput]

  /// Makes a recording.
  public init(kind: KnobKind, axis: UInt16, name: String, inputs: [KnobInput]) {
    self.kind = kind
    self.axis = axis
    self.name = name
    self.inputs = inputs
  }

  /// The latest time an input may come after the first, ms: 1e12 ms, about 31 years (the
  /// limit every source keeps, `Event.maxInputTime`). Later times would lose the milliseconds
  /// the simulator adds to them.
  public static let maxElapsedMs = 1e12

  /// Parses a recording by its extension: `.evemu` (also `.events`, `.txt`) or `.yml`/`.yaml`.
  public static func parse(text: String, file: String) throws(KnobRecordingError) -> KnobRecording {
    let text = withoutByteOrderMark(text)
    if isLibinputRecord(file: file, text: text) {
      return try LibinputRecording.parse(text: text, file: file)
    }
    return try EvemuRecording.parse(text: text, file: file)
  }

  /// `text` without the UTF-8 byte order mark (U+FEFF) it may start with.
  static func withoutByteOrderMark(_ text: String) -> String {
    text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
  }

  /// The lines of `text`, split at `\n` and at `\r\n` (which Swift sees as one character, so
  /// splitting at `"\n"` alone would leave a CRLF file one long line).
  static func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
  }

  /// True for names that are knob recordings (`.evemu`, `.yml`, `.yaml`).
  public static func isRecording(file: String) -> Bool {
    let lower = file.lowercased()
    return lower.hasSuffix(".evemu") || lower.hasSuffix(".yml") || lower.hasSuffix(".yaml")
  }

  private static func isLibinputRecord(file: String, text: String) -> Bool {
    let lower = file.lowercased()
    if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return true }
    if lower.hasSuffix(".evemu") { return false }
    return !text.contains("\nE: ") && text.contains("devices:")
  }
}

/// Collects raw events into a recording: rebases time, converts types, picks the kind.
struct RecordingBuilder {
  var name = ""
  var relativeCodes: Set<UInt16> = []
  var absoluteRanges: [UInt16: (min: Int32, max: Int32)] = [:]
  var hasDescription = false
  private(set) var inputs: [KnobInput] = []
  private var firstMicroseconds: Int64?
  private var lastMicroseconds: Int64?
  private var seenRelative: [UInt16] = []
  private var absoluteSeen: [UInt16: (min: Int32, max: Int32)] = [:]

  /// Adds one raw event, stamped `seconds.microseconds`; the error is at `column` of `scanner`'s
  /// line when the stamp is earlier than the previous event's (times must not go back, as in
  /// every trace) or more than `KnobRecording.maxElapsedMs` after the first event's.
  mutating func add(
    seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32,
    at scanner: LineScanner, column: Int
  ) throws(KnobRecordingError) {
    let (scaled, overflow1) = seconds.multipliedReportingOverflow(by: 1_000_000)
    let (stamp, overflow2) = scaled.addingReportingOverflow(microseconds)
    let micro = overflow1 || overflow2 ? Int64.max : stamp
    if let last = lastMicroseconds, micro < last {
      throw scanner.error(
        "a timestamp ≥ \(Self.seconds(last)) s (times must not go back)", found: "\(Self.seconds(micro)) s",
        column: column, quoted: false)
    }
    lastMicroseconds = micro
    let first = firstMicroseconds ?? micro
    firstMicroseconds = first
    let time = Double(micro - first) / 1000  // micro ≥ first: times never go back
    guard time <= KnobRecording.maxElapsedMs else {
      throw scanner.error(
        "a timestamp at most 1e12 ms (about 31 years) after the first event",
        found: "one \(Int64(time.rounded())) ms after it", column: column, quoted: false)
    }
    if type == KnobCode.evRel, !seenRelative.contains(code) { seenRelative.append(code) }
    if type == KnobCode.evAbs {
      let old = absoluteSeen[code] ?? (value, value)
      absoluteSeen[code] = (min(old.min, value), max(old.max, value))
    }
    if let input = KnobInput(time: time, type: type, code: code, value: value) {
      inputs.append(input)
    }
  }

  /// `4580001` µs as `4.580001`.
  static func seconds(_ microseconds: Int64) -> String {
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// The finished recording; nil when neither the description nor the events name a knob axis.
  func build() -> KnobRecording? {
    let detected =
      hasDescription
      ? KnobKind.detect(relative: relativeCodes, absolute: absoluteRanges)
      : nil
    let fallback = KnobKind.detect(relative: Set(seenRelative), absolute: absoluteSeen)
    guard let (kind, axis) = detected ?? fallback else { return nil }
    return KnobRecording(kind: kind, axis: axis, name: name, inputs: inputs)
  }
}
