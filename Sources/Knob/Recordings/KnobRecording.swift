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

  /// Parses a recording by its extension: `.evemu` (also `.events`, `.txt`) or `.yml`/`.yaml`.
  public static func parse(text: String, file: String) throws(KnobRecordingError) -> KnobRecording {
    if isLibinputRecord(file: file, text: text) {
      return try LibinputRecording.parse(text: text, file: file)
    }
    return try EvemuRecording.parse(text: text, file: file)
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
  private var seenRelative: [UInt16] = []
  private var absoluteSeen: [UInt16: (min: Int32, max: Int32)] = [:]

  mutating func add(seconds: Int64, microseconds: Int64, type: UInt16, code: UInt16, value: Int32) {
    let (scaled, overflow1) = seconds.multipliedReportingOverflow(by: 1_000_000)
    let (stamp, overflow2) = scaled.addingReportingOverflow(microseconds)
    let micro = overflow1 || overflow2 ? Int64.max : stamp
    let first = firstMicroseconds ?? micro
    firstMicroseconds = first
    let (elapsed, overflow3) = micro.subtractingReportingOverflow(first)
    let time = overflow3 ? Double(micro) / 1000 - Double(first) / 1000 : Double(elapsed) / 1000
    if type == KnobCode.evRel, !seenRelative.contains(code) { seenRelative.append(code) }
    if type == KnobCode.evAbs {
      let old = absoluteSeen[code] ?? (value, value)
      absoluteSeen[code] = (min(old.min, value), max(old.max, value))
    }
    if let input = KnobInput(time: time, type: type, code: code, value: value) {
      inputs.append(input)
    }
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
