/// Reads `libinput record` YAML (format `version: 1`) with a small hand-written subset parser.
///
/// From each device under `devices:` it reads `evdev:` → `name`, `id`, `codes` (type → list of
/// codes, block or flow style) and `absinfo` (code → `[min, max, fuzz, flat, resolution]`), and
/// the `events:` list, whose `- evdev:` frames hold `- [sec, usec, type, code, value]` entries
/// (decimal). Unknown keys, `hid`, `udev`, `quirks` and `libinput` entries are ignored, as the
/// format asks. The first device that is a knob is used.
///
/// ```yaml
/// devices:
/// - node: /dev/input/event5
///   evdev:
///     name: "Griffin PowerMate"
///     id: [3, 1917, 1040, 256]
///     codes:
///       0: [0, 1, 2, 3, 4] # EV_SYN
///       2: [7] # EV_REL
///   events:
///   - evdev:
///     - [  0,      0,   2,   7,       3] # EV_REL / REL_DIAL 3
///     - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
/// ```
public enum LibinputRecording {
  private enum Section { case none, evdev, events, other }
  private enum Block: String, CaseIterable { case codes, absinfo }

  /// Parses the whole text; `file` names it in errors (`file:line:column: expected …, found …`).
  public static func parse(text: String, file: String) throws(KnobRecordingError) -> KnobRecording {
    var builders: [RecordingBuilder] = []
    var inDevices = false
    var sawDevices = false
    var itemIndent: Int?
    var section = Section.none
    var block: (kind: Block, indent: Int)?
    var frameIsEvdev = false
    var lineNumber = 0
    let text = KnobRecording.withoutByteOrderMark(text)

    for rawLine in KnobRecording.lines(of: text) {
      lineNumber += 1
      let line = stripComment(rawLine)
      let indent = line.prefix { $0 == " " }.count
      let body = line.dropFirst(indent).trimmingTrailing()
      if body.isEmpty || body == "---" || body == "..." { continue }
      var scanner = LineScanner(line, file: file, lineNumber: lineNumber)
      scanner.skipSpaces()

      if indent == 0 && !body.hasPrefix("-") {
        inDevices = body.hasPrefix("devices:")
        sawDevices = sawDevices || inDevices
        section = .none
        block = nil
        continue
      }
      guard inDevices else { continue }

      var keyIndent = indent
      var key = body
      if body.hasPrefix("- ") || body == "-", itemIndent == nil || indent <= itemIndent! {
        itemIndent = indent
        builders.append(RecordingBuilder())
        section = .none
        block = nil
        keyIndent = indent + 2
        key = body.dropFirst(2).drop { $0 == " " }
        if key.isEmpty { continue }
      }
      guard !builders.isEmpty, let items = itemIndent else { continue }

      if keyIndent == items + 2 && !key.hasPrefix("-") {
        block = nil
        switch key {
        case "evdev:": section = .evdev
        case "events:": section = .events
        default: section = .other
        }
        continue
      }
      let device = builders.count - 1

      switch section {
      case .evdev:
        if let open = block, indent > open.indent {
          try read(open.kind, &scanner, into: &builders[device])
          continue
        }
        block = nil
        if key.hasPrefix("name:") {
          builders[device].name = unquote(key.dropFirst(5))
        } else if key.hasPrefix("id:") {
          _ = scanner.token()  // "id:"
          let ids = try list(&scanner, "an integer id", range: 0...0xffff_ffff)
          guard ids.count == 4 else {
            throw scanner.error(
              "4 ids [bustype, vendor, product, version]", found: "\(ids.count) values")
          }
        } else if let kind = Block.allCases.first(where: { key.hasPrefix($0.rawValue + ":") }) {
          _ = scanner.token(stoppingAt: [UInt8(ascii: "{")])
          builders[device].hasDescription = true
          scanner.skipSpaces()
          if scanner.atEnd {
            block = (kind, indent)
          } else {
            try read(kind, &scanner, into: &builders[device])
          }
        }
      case .events:
        if key.hasPrefix("- [") {
          guard frameIsEvdev else { continue }
          _ = scanner.take(UInt8(ascii: "-"))
          let values = try list(
            &scanner, "an integer", range: Int64(Int32.min)...Int64.max / 2_000_000)
          guard values.count == 5 else {
            throw scanner.error(
              "5 values [sec, usec, type, code, value]", found: "\(values.count) values",
              column: indent + 3)
          }
          try check(values[1], 0...999_999, "microseconds 0…999999", &scanner, indent)
          try check(values[0], 0...Int64.max, "seconds ≥ 0", &scanner, indent)
          try check(values[2], 0...0x1f, "an event type 0…31", &scanner, indent)
          try check(values[3], 0...0x2ff, "an event code 0…767", &scanner, indent)
          try check(
            values[4], Int64(Int32.min)...Int64(Int32.max), "a 32-bit value", &scanner, indent)
          try builders[device].add(
            seconds: values[0], microseconds: values[1], type: UInt16(values[2]),
            code: UInt16(values[3]), value: Int32(values[4]), at: scanner, column: indent + 3)
        } else if key.hasPrefix("- ") {
          frameIsEvdev = key.dropFirst(2).drop { $0 == " " }.hasPrefix("evdev:")
        }
      case .none, .other:
        continue
      }
    }

    guard sawDevices else {
      throw KnobRecordingError(
        file: file, line: 1, column: 1,
        expected: "a libinput record file with a 'devices:' section",
        found: "none")
    }
    for builder in builders {
      if let recording = builder.build() { return recording }
    }
    throw KnobRecordingError(
      file: file, line: 1, column: 1,
      expected:
        "a device with a knob (REL_DIAL, REL_WHEEL, REL_WHEEL_HI_RES or an absolute wheel axis)",
      found: builders.isEmpty ? "no devices" : "none")
  }

  private static func check(
    _ value: Int64, _ range: ClosedRange<Int64>, _ what: String, _ scanner: inout LineScanner,
    _ indent: Int
  ) throws(KnobRecordingError) {
    guard range.contains(value) else {
      throw scanner.error(what, found: String(value), column: indent + 3)
    }
  }

  /// `[a, b, c]` at the cursor (after optional spaces): the integers inside.
  private static func list(
    _ scanner: inout LineScanner, _ what: String, range: ClosedRange<Int64>
  ) throws(KnobRecordingError) -> [Int64] {
    scanner.skipSpaces()
    guard scanner.take(UInt8(ascii: "[")) else {
      throw scanner.error("'['", found: scanner.rest)
    }
    var values: [Int64] = []
    scanner.skipSpaces()
    if scanner.take(UInt8(ascii: "]")) { return values }
    while true {
      values.append(
        try scanner.integer(what, in: range, stoppingAt: [UInt8(ascii: ","), UInt8(ascii: "]")]))
      scanner.skipSpaces()
      if scanner.take(UInt8(ascii: "]")) { return values }
      guard scanner.take(UInt8(ascii: ",")) else {
        throw scanner.error("',' or ']'", found: scanner.rest)
      }
    }
  }

  /// One line of a `codes:` or `absinfo:` block, or the flow mapping after the key.
  private static func read(_ kind: Block, _ scanner: inout LineScanner, into builder: inout RecordingBuilder)
    throws(KnobRecordingError)
  {
    switch kind {
    case .codes: try codes(&scanner, into: &builder)
    case .absinfo: try absinfo(&scanner, into: &builder)
    }
  }

  /// `0: [0, 1] 2: [7]` or `{0: [0, 1], 2: [7]}`: type → codes.
  private static func codes(_ scanner: inout LineScanner, into builder: inout RecordingBuilder)
    throws(KnobRecordingError)
  {
    try entries(&scanner) { (scanner: inout LineScanner, key: Int64) throws(KnobRecordingError) in
      let codes = try list(&scanner, "an event code", range: 0...0x2ff)
      if key == Int64(KnobCode.evRel) { codes.forEach { builder.relativeCodes.insert(UInt16($0)) } }
    }
  }

  /// `8: [0, 255, 0, 0, 0]` or a flow mapping of those: code → absinfo.
  private static func absinfo(_ scanner: inout LineScanner, into builder: inout RecordingBuilder)
    throws(KnobRecordingError)
  {
    try entries(&scanner) { (scanner: inout LineScanner, key: Int64) throws(KnobRecordingError) in
      let column = scanner.column
      let values = try list(&scanner, "an integer", range: Int64(Int32.min)...Int64(Int32.max))
      guard values.count >= 2 else {
        throw scanner.error(
          "[min, max, fuzz, flat, resolution]", found: "\(values.count) values", column: column)
      }
      builder.absoluteRanges[UInt16(key)] = (Int32(values[0]), Int32(values[1]))
    }
  }

  /// Repeated `key: value` pairs, optionally inside `{ … }` and separated by commas.
  private static func entries(
    _ scanner: inout LineScanner,
    _ value: (inout LineScanner, Int64) throws(KnobRecordingError) -> Void
  ) throws(KnobRecordingError) {
    scanner.skipSpaces()
    let braced = scanner.take(UInt8(ascii: "{"))
    while true {
      scanner.skipSpaces()
      if scanner.atEnd {
        if braced { throw scanner.error("'}'", found: "") }
        return
      }
      if braced && scanner.take(UInt8(ascii: "}")) { return }
      let key = try scanner.integer(
        "a number before ':'", in: 0...0x2ff, stoppingAt: [UInt8(ascii: ":")])
      guard scanner.take(UInt8(ascii: ":")) else { throw scanner.error("':'", found: scanner.rest) }
      try value(&scanner, key)
      scanner.skipSpaces()
      _ = scanner.take(UInt8(ascii: ","))
    }
  }

  /// The line without a `# comment` (a `#` at the start or after a space, outside double quotes).
  private static func stripComment(_ line: Substring) -> Substring {
    var inQuotes = false
    var previous: Character = " "
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "\"" && previous != "\\" { inQuotes.toggle() }
      if character == "#" && !inQuotes && (previous == " " || previous == "\t") {
        return line[..<index]
      }
      previous = character
      index = line.index(after: index)
    }
    return line
  }

  /// `"Griffin PowerMate"` → `Griffin PowerMate` (with `\"` and `\\` unescaped); bare text trimmed.
  private static func unquote(_ text: Substring) -> String {
    let trimmed = text.drop { $0 == " " }.trimmingTrailing()
    guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else {
      return String(trimmed)
    }
    var result = ""
    var escaped = false
    for character in trimmed.dropFirst().dropLast() {
      if escaped {
        result.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }
}

extension Substring {
  /// The text without trailing spaces, tabs and carriage returns; linear in what it drops
  /// (`Collection.dropLast()` counts the whole text each time, so a loop of it is quadratic).
  func trimmingTrailing() -> Substring {
    var end = endIndex
    while end > startIndex {
      let before = index(before: end)
      guard self[before] == " " || self[before] == "\t" || self[before] == "\r" else { break }
      end = before
    }
    return self[startIndex..<end]
  }
}
