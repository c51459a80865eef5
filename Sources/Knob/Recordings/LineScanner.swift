/// A cursor over one line of a recording, tracking the column for error messages.
struct LineScanner {
  let file: String
  let lineNumber: Int
  private let bytes: [UInt8]
  private(set) var index = 0

  init(_ line: Substring, file: String, lineNumber: Int) {
    self.bytes = Array(line.utf8)
    self.file = file
    self.lineNumber = lineNumber
  }

  /// 1-based column of the cursor.
  var column: Int { index + 1 }
  var atEnd: Bool { index >= bytes.count }
  var peek: UInt8? { atEnd ? nil : bytes[index] }

  mutating func skipSpaces() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0d { index += 1 }
  }

  /// True and consumes when the next byte is `byte`.
  mutating func take(_ byte: UInt8) -> Bool {
    guard peek == byte else { return false }
    index += 1
    return true
  }

  /// The next run of non-space characters that are not in `stops`.
  mutating func token(stoppingAt stops: Set<UInt8> = []) -> (text: String, column: Int) {
    skipSpaces()
    let start = index
    while let byte = peek, byte != 0x20, byte != 0x09, byte != 0x0d, !stops.contains(byte) {
      index += 1
    }
    return (String(decoding: bytes[start..<index], as: UTF8.self), start + 1)
  }

  /// The rest of the line from the cursor.
  var rest: String { String(decoding: bytes[min(index, bytes.count)...], as: UTF8.self) }

  /// An error at `column` (the cursor's by default); `found` is quoted and cut to 40 characters
  /// with `…` unless `quoted` is false (a phrase such as "3 values").
  func error(_ expected: String, found: String, column: Int? = nil, quoted: Bool = true)
    -> KnobRecordingError
  {
    let shown =
      found.isEmpty
      ? "end of line"
      : quoted ? "'" + (found.count > 40 ? found.prefix(39) + "…" : found[...]) + "'" : found
    return KnobRecordingError(
      file: file, line: lineNumber, column: column ?? self.column, expected: expected, found: shown)
  }

  /// A decimal integer (optional sign, leading zeros allowed) in `range`.
  mutating func integer(
    _ what: String, in range: ClosedRange<Int64>, stoppingAt stops: Set<UInt8> = []
  ) throws(KnobRecordingError) -> Int64 {
    let (text, column) = token(stoppingAt: stops)
    guard let value = Self.decimal(text), range.contains(value) else {
      throw error(what, found: text, column: column)
    }
    return value
  }

  /// A hexadecimal integer (optional `0x`) no larger than `maximum`.
  mutating func hex(_ what: String, maximum: UInt64) throws(KnobRecordingError) -> UInt64 {
    let (text, column) = token()
    var digits = Substring(text)
    if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2) }
    guard !digits.isEmpty, digits.count <= 16, let value = UInt64(digits, radix: 16),
      value <= maximum
    else {
      throw error(what, found: text, column: column)
    }
    return value
  }

  static func decimal(_ text: String) -> Int64? {
    var body = Substring(text)
    var negative = false
    if body.first == "-" || body.first == "+" {
      negative = body.first == "-"
      body = body.dropFirst()
    }
    guard !body.isEmpty, body.count <= 19, body.allSatisfy({ $0.isASCII && $0.isNumber }),
      let magnitude = Int64(body)
    else { return nil }
    return negative ? -magnitude : magnitude
  }
}
