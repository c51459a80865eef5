/// A JSON syntax error at a byte offset of the scanned text.
public struct JSONSyntaxError: Error, Sendable, Equatable {
  /// Byte offset into the scanned bytes.
  public var offset: Int
  /// What the scanner expected there.
  public var expected: String
}

/// A fast scanner over the bytes of one JSON text (one JSONL line, or a whole profile).
///
/// It reads values in place, without building a tree; `JSONValue.parse` builds one for
/// small documents. Numbers of up to 15 digits without an exponent are converted exactly
/// without `strtod` (`ShortDecimal`).
public struct JSONScanner: ~Copyable {
  let base: UnsafePointer<UInt8>
  let count: Int
  /// The current byte offset.
  public var offset: Int = 0

  /// Scans `count` bytes at `base`; the memory must stay valid while scanning.
  public init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// The byte at the cursor, or nil at the end.
  @inline(__always) public var peek: UInt8? { offset < count ? base[offset] : nil }

  /// Skips spaces, tabs, CR and LF.
  @inline(__always) public mutating func skipWhitespace() {
    while offset < count {
      let b = base[offset]
      guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D else { return }
      offset += 1
    }
  }

  /// Consumes `byte` (after whitespace) or throws, naming it as expected.
  public mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    skipWhitespace()
    guard offset < count, base[offset] == byte else {
      throw JSONSyntaxError(offset: offset, expected: what)
    }
    offset += 1
  }

  /// Consumes `byte` if it is next (after whitespace).
  public mutating func consume(_ byte: UInt8) -> Bool {
    skipWhitespace()
    if offset < count, base[offset] == byte {
      offset += 1
      return true
    }
    return false
  }

  /// True when only whitespace is left.
  public mutating func atEnd() -> Bool {
    skipWhitespace()
    return offset >= count
  }

  /// Reads a string and returns its raw bytes (between the quotes) when it has no escapes,
  /// so keys can be compared without allocating.
  public mutating func rawString() throws(JSONSyntaxError) -> (start: Int, end: Int, escaped: Bool) {
    skipWhitespace()
    guard offset < count, base[offset] == UInt8(ascii: "\"") else {
      throw JSONSyntaxError(offset: offset, expected: "a string")
    }
    offset += 1
    let start = offset
    var escaped = false
    while offset < count {
      let b = base[offset]
      if b == UInt8(ascii: "\"") {
        offset += 1
        return (start, offset - 1, escaped)
      }
      if b == UInt8(ascii: "\\") {
        escaped = true
        offset += 2
        continue
      }
      if b < 0x20 { throw JSONSyntaxError(offset: offset, expected: "a closing quote") }
      offset += 1
    }
    throw JSONSyntaxError(offset: start - 1, expected: "a closing quote")
  }

  /// True when the bytes `start..<end` equal `literal` (ASCII).
  @inline(__always) public func equals(_ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard end - start == n else { return false }
    let p = literal.utf8Start
    for i in 0..<n where base[start + i] != p[i] { return false }
    return true
  }

  /// Reads a string value, decoding escapes.
  public mutating func string() throws(JSONSyntaxError) -> String {
    let (start, end, escaped) = try rawString()
    let raw = UnsafeBufferPointer(start: base + start, count: end - start)
    guard escaped else {
      guard let s = String(validating: raw, as: UTF8.self) else {
        throw JSONSyntaxError(offset: start, expected: "valid UTF-8")
      }
      return s
    }
    return try decodeString(start, end)
  }

  /// The string between the quotes at `start..<end` (from `rawString()`), escapes decoded.
  public func decodeString(_ start: Int, _ end: Int) throws(JSONSyntaxError) -> String {
    let raw = UnsafeBufferPointer(start: base + start, count: end - start)
    var out: [UInt8] = []
    var i = 0
    while i < raw.count {
      let b = raw[i]
      guard b == UInt8(ascii: "\\"), i + 1 < raw.count else {
        out.append(b)
        i += 1
        continue
      }
      let e = raw[i + 1]
      i += 2
      switch e {
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "\""): out.append(e)
      case UInt8(ascii: "u"):
        guard let unit = Self.hexUnit(raw, at: i)
        else { throw JSONSyntaxError(offset: start + i - 2, expected: "four hex digits after \\u") }
        i += 4
        var scalarValue = UInt32(unit)
        if (0xD800..<0xDC00).contains(unit), i + 6 <= raw.count, raw[i] == 0x5C, raw[i + 1] == UInt8(ascii: "u"),
          let low = Self.hexUnit(raw, at: i + 2),
          (0xDC00..<0xE000).contains(low)
        {
          scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
          i += 6
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(scalar)).utf8)
      default:
        throw JSONSyntaxError(offset: start + i - 1, expected: "a valid escape")
      }
    }
    guard let decoded = String(validating: out, as: UTF8.self) else {
      throw JSONSyntaxError(offset: start, expected: "valid UTF-8")
    }
    return decoded
  }

  /// The UTF-16 unit written as exactly four hex digits at `i` (no sign, unlike `UInt16(_:radix:)`).
  private static func hexUnit(_ raw: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt16? {
    guard i + 4 <= raw.count else { return nil }
    var unit: UInt16 = 0
    for b in raw[i..<(i + 4)] {
      let digit: UInt8
      switch b {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
      default: return nil
      }
      unit = unit << 4 | UInt16(digit)
    }
    return unit
  }

  /// Reads a number.
  public mutating func number() throws(JSONSyntaxError) -> Double {
    skipWhitespace()
    let start = offset
    var negative = false
    if offset < count, base[offset] == UInt8(ascii: "-") {
      negative = true
      offset += 1
    }
    // RFC 8259: no leading zeros (`012`, `-01`); a lone `0` may start `0.5`.
    if offset + 1 < count, base[offset] == UInt8(ascii: "0"), base[offset + 1] &- 0x30 < 10 {
      throw JSONSyntaxError(offset: start, expected: "a number without leading zeros")
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var sawDigit = false
    while offset < count, base[offset] &- 0x30 < 10 {
      mantissa = mantissa &* 10 &+ UInt64(base[offset] &- 0x30)
      digits += 1
      sawDigit = true
      offset += 1
    }
    if offset < count, base[offset] == UInt8(ascii: ".") {
      offset += 1
      var sawFraction = false
      while offset < count, base[offset] &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(base[offset] &- 0x30)
        digits += 1
        fractionDigits += 1
        sawFraction = true
        offset += 1
      }
      guard sawFraction else { throw JSONSyntaxError(offset: start, expected: "a number") }
    }
    guard sawDigit else { throw JSONSyntaxError(offset: start, expected: "a number") }
    var hasExponent = false
    if offset < count, base[offset] | 0x20 == UInt8(ascii: "e") {
      hasExponent = true
      offset += 1
      if offset < count, base[offset] == UInt8(ascii: "+") || base[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      var sawExponent = false
      while offset < count, base[offset] &- 0x30 < 10 {
        offset += 1
        sawExponent = true
      }
      guard sawExponent else { throw JSONSyntaxError(offset: start, expected: "a number") }
    }
    if !hasExponent, digits <= ShortDecimal.maxDigits {
      let value = Double(mantissa) / ShortDecimal.powerOfTen(fractionDigits)
      return negative ? -value : value
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: offset - start), as: UTF8.self)
    guard let value = Double(text) else { throw JSONSyntaxError(offset: start, expected: "a number") }
    return value
  }

  /// Reads `true` or `false`.
  public mutating func bool() throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    if matchLiteral("true") { return true }
    if matchLiteral("false") { return false }
    throw JSONSyntaxError(offset: offset, expected: "true or false")
  }

  /// Consumes `null` if it is next.
  public mutating func null() -> Bool {
    skipWhitespace()
    return matchLiteral("null")
  }

  @inline(__always) private mutating func matchLiteral(_ literal: StaticString) -> Bool {
    let n = literal.utf8CodeUnitCount
    guard offset + n <= count else { return false }
    let p = literal.utf8Start
    for i in 0..<n where base[offset + i] != p[i] { return false }
    offset += n
    return true
  }

  /// Arrays and objects nest at most this deep: deeper is an error, never a deep recursion.
  public static let maxDepth = 64
  /// What a too-deep value is expected to be, for its error.
  static let depthExpectation = "at most \(maxDepth) nested arrays and objects"

  /// Skips one value of any kind (for unknown fields).
  public mutating func skipValue(depth: Int = 0) throws(JSONSyntaxError) {
    guard depth < Self.maxDepth else { throw JSONSyntaxError(offset: offset, expected: Self.depthExpectation) }
    skipWhitespace()
    guard let b = peek else { throw JSONSyntaxError(offset: offset, expected: "a value") }
    switch b {
    case UInt8(ascii: "\""): _ = try rawString()
    case UInt8(ascii: "{"):
      offset += 1
      if consume(UInt8(ascii: "}")) { return }
      repeat {
        _ = try rawString()
        try expect(UInt8(ascii: ":"), "':'")
        try skipValue(depth: depth + 1)
      } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"), "',' or '}'")
    case UInt8(ascii: "["):
      offset += 1
      if consume(UInt8(ascii: "]")) { return }
      repeat { try skipValue(depth: depth + 1) } while consume(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"), "',' or ']'")
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
    case UInt8(ascii: "n"):
      guard null() else { throw JSONSyntaxError(offset: offset, expected: "a value") }
    default: _ = try number()
    }
  }

  /// A short excerpt of the text at `offset`, for "found …" in messages: at most 24 characters,
  /// `…` when the line goes on, control characters escaped (`InputText`).
  public func found(at offset: Int) -> String {
    guard offset < count else { return "the end of the line" }
    var end = offset
    while end < count, end - offset < 100, base[end] != 0x0A { end += 1 }
    let window = String(decoding: UnsafeBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
    var shown = ""
    var index = window.startIndex
    var characters = 0
    while index < window.endIndex, characters < 24 {
      let next = window.index(after: index)
      shown += InputText.escaped(window[index..<next])
      characters += 1
      index = next
    }
    let cut = index < window.endIndex || (end < count && base[end] != 0x0A)
    return "'" + shown + (cut ? "…" : "") + "'"
  }

  /// The 1-based column (in characters) of a byte offset.
  public func column(of offset: Int) -> Int {
    let prefix = UnsafeBufferPointer(start: base, count: min(offset, count))
    return String(decoding: prefix, as: UTF8.self).count + 1
  }
}
