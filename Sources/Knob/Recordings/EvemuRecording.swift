/// Reads evemu recordings (`evemu-record` output, format 1.0–1.3).
///
/// The device description (`N:` name, `I:` ids, `B:` capability bits, `A:` absolute axes)
/// chooses the knob kind; `E: sec.usec type code value` lines are the events (type and code in
/// hex, value in decimal, e.g. `E: 0.008012 0002 0007 -002`). `#` starts a comment line, and a
/// trailing `# …` after an event is ignored.
///
/// ```swift
/// let recording = try EvemuRecording.parse(text: text, file: "traces/knob-powermate.evemu")
/// var mapper = KnobMapper(recording: recording, mapping: KnobMapping(lower: 0, upper: 180))
/// let actions = mapper.map(recording.inputs)
/// ```
public enum EvemuRecording {
  /// Parses the whole text; `file` names it in errors (`file:line:column: expected …, found …`).
  public static func parse(text: String, file: String) throws(KnobRecordingError) -> KnobRecording {
    var builder = RecordingBuilder()
    var bitBytes: [UInt64: Int] = [:]  // bytes already seen per B: type
    var lineNumber = 0
    let text = KnobRecording.withoutByteOrderMark(text)
    for line in KnobRecording.lines(of: text) {
      lineNumber += 1
      var scanner = LineScanner(line, file: file, lineNumber: lineNumber)
      scanner.skipSpaces()
      guard let first = scanner.peek, first != UInt8(ascii: "#") else { continue }
      let (tag, tagColumn) = scanner.token()
      switch tag {
      case "N:":
        scanner.skipSpaces()
        builder.name = String(Substring(scanner.rest).trimmingTrailing())
      case "I:":
        for what in ["the bus type", "the vendor id", "the product id", "the version"] {
          _ = try scanner.hex("\(what) in hex", maximum: 0xffff)
        }
        try endOfLine(&scanner)
      case "P:", "L:", "S:":
        continue
      case "B:":
        let type = try scanner.hex("an event type in hex (00…1f)", maximum: 0x1f)
        var offset = bitBytes[type, default: 0]
        while true {
          scanner.skipSpaces()
          if scanner.atEnd || scanner.peek == UInt8(ascii: "#") { break }
          let byte = try scanner.hex("a byte in hex (00…ff)", maximum: 0xff)
          for bit in 0..<8 where byte & (1 << UInt64(bit)) != 0 {
            let code = offset * 8 + bit
            if type == UInt64(KnobCode.evRel), code <= Int(UInt16.max) {
              builder.relativeCodes.insert(UInt16(code))
            }
          }
          offset += 1
        }
        bitBytes[type] = offset
        builder.hasDescription = true
      case "A:":
        let code = try scanner.hex("an absolute axis code in hex (00…3f)", maximum: 0x3f)
        let low = try scanner.integer("the axis minimum", in: Int64(Int32.min)...Int64(Int32.max))
        let high = try scanner.integer("the axis maximum", in: Int64(Int32.min)...Int64(Int32.max))
        builder.absoluteRanges[UInt16(code)] = (Int32(low), Int32(high))
        builder.hasDescription = true
      case "E:":
        let (stamp, stampColumn) = scanner.token()
        guard let (seconds, microseconds) = timestamp(stamp) else {
          throw scanner.error(
            "a timestamp 'seconds.microseconds' (6 digits after the dot)", found: stamp,
            column: stampColumn)
        }
        let type = try scanner.hex("an event type in hex (0000…001f)", maximum: 0x1f)
        let code = try scanner.hex("an event code in hex (0000…02ff)", maximum: 0x2ff)
        let value = try scanner.integer(
          "an event value in decimal", in: Int64(Int32.min)...Int64(Int32.max),
          stoppingAt: [UInt8(ascii: "#")])
        try endOfLine(&scanner)
        try builder.add(
          seconds: seconds, microseconds: microseconds, type: UInt16(type), code: UInt16(code),
          value: Int32(value), at: scanner, column: stampColumn)
      default:
        throw scanner.error(
          "a line starting with N:, I:, P:, B:, A:, L:, S:, E: or #", found: tag, column: tagColumn)
      }
    }
    guard let recording = builder.build() else {
      throw KnobRecordingError(
        file: file, line: 1, column: 1,
        expected: "a knob (REL_DIAL, REL_WHEEL, REL_WHEEL_HI_RES or an absolute wheel axis) in the "
          + "device description or the events",
        found: "none")
    }
    return recording
  }

  /// `12.000250` → (12, 250). The fraction must have exactly 6 digits, as evemu writes it:
  /// evemu's own reader (`%lu.%06u`) takes `0.5` as 5 µs, so a shorter fraction is rejected
  /// rather than read differently from evemu-play.
  static func timestamp(_ text: String) -> (Int64, Int64)? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let seconds = LineScanner.decimal(String(parts[0])), seconds >= 0,
      parts[1].count == 6, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
      let micro = Int64(parts[1])
    else { return nil }
    return (seconds, micro)
  }

  private static func endOfLine(_ scanner: inout LineScanner) throws(KnobRecordingError) {
    scanner.skipSpaces()
    guard scanner.atEnd || scanner.peek == UInt8(ascii: "#") else {
      throw scanner.error("end of line or a '# comment'", found: scanner.rest)
    }
  }
}
