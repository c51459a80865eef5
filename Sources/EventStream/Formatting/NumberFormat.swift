/// Number and column formatting for every output (streams, messages, tables), without
/// Foundation: one place decides how a number is written.
///
/// ```swift
/// NumberFormat.shortest(17)                 // "17"
/// NumberFormat.shortest(200.4567, places: 3) // "200.457"
/// NumberFormat.fixed(2.5, 2)                // "2.50"
/// ```
public enum NumberFormat {
  /// `value` with exactly `digits` decimals (0…6), rounded half away from zero.
  public static func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * Double(scale)).rounded()
    guard scaled < 9e15 else { return String(value) }
    let n = Int(scaled)
    let sign = value < 0 && n != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(n) }
    var fraction = String(n % scale)
    while fraction.count < digits { fraction = "0" + fraction }
    return sign + String(n / scale) + "." + fraction
  }

  /// The shortest text that reads back to the same `Double` (`17`, `0.25`); with `places`,
  /// of the value rounded to that many decimals first (`200.457`).
  public static func shortest(_ value: Double, places: Int? = nil) -> String {
    var v = value
    if let places, v.isFinite {
      var scale = 1.0
      for _ in 0..<places { scale *= 10 }
      v = (v * scale).rounded() / scale
    }
    var bytes: [UInt8] = []
    appendShortest(v, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the shortest text that reads back to `value` (an integer without a fraction,
  /// `null` for NaN and the infinities): how every number in the stream is written.
  static func appendShortest(_ value: Double, to bytes: inout [UInt8]) {
    bytes.append(addingCapacity: maxShortestLength) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        initialized += writeShortest(value, at: buffer.baseAddress! + initialized)
      }
    }
  }

  /// The most bytes `writeShortest` writes: the standard library's buffer for a `Double`'s
  /// text (the longest, `-2.2250738585072014e-308`, takes 24).
  static let maxShortestLength = 32

  /// Writes what `appendShortest` appends at `start` (room for `maxShortestLength` bytes);
  /// returns how many bytes it wrote.
  @inline(__always) static func writeShortest(_ value: Double, at start: UnsafeMutablePointer<UInt8>) -> Int {
    if let int = integral(value) { return writeInteger(int, at: start) }
    if let decimal = FewDecimals(value) { return decimal.write(at: start) }
    guard value.isFinite else {
      let null: StaticString = "null"
      start.initialize(from: null.utf8Start, count: null.utf8CodeUnitCount)
      return null.utf8CodeUnitCount
    }
    // Swift's shortest round-trip form (what `description` gives), written straight into the
    // bytes instead of through a `String`.
    var sink = TextSink(start: start)
    value.write(to: &sink)
    return sink.count
  }

  /// The integer a finite, integral `value` below 10¹⁵ in magnitude is: such values are written
  /// as integers (`17`, not `17.0`; `-0.0` as `0`), the rest in floating-point form.
  @inline(__always) static func integral(_ value: Double) -> Int? {
    guard abs(value) < 1e15 else { return nil }  // false for NaN too
    let int = Int(value)  // toward zero: exact when `value` is integral
    return Double(int) == value ? int : nil
  }

  /// A value below 10⁹ in magnitude whose shortest round-trip text has one to three decimals
  /// (`154.333`, `-0.5`, `510.25`): most times in ms and most lengths in points. Written without
  /// the general shortest-digits search, and the same text it finds: the value is the double
  /// nearest `digits / 10^places`, so `W.F` reads back to it; below 10⁹ a double's neighbours
  /// are less than 10⁻⁶ away, so no other text with as few decimals reads back to it, and none
  /// with fewer (those were tried first).
  struct FewDecimals {
    /// The value times 10^places, unsigned.
    let digits: UInt64
    /// 1…3, the last decimal not 0.
    let places: Int
    let negative: Bool

    /// Nil when `value` is not such a decimal (NaN, integral values, more decimals, 10⁹ or more).
    @inline(__always) init?(_ value: Double) {
      let magnitude = abs(value)
      guard magnitude < 1e9, magnitude >= 0.001 else { return nil }  // false for NaN too
      // Such a value times 1000 is within 10⁻⁴ of an integer: most others are ruled out with
      // one multiplication.
      let thousands = magnitude * 1000
      guard abs(thousands - Double(UInt64(thousands + 0.5))) < 0.01 else { return nil }
      var scale = 1.0
      for places in 1...3 {
        scale *= 10
        let digits = UInt64(magnitude * scale + 0.5)  // nearest (any miss fails the test below)
        guard Double(digits) / scale == magnitude else { continue }
        guard digits % 10 != 0 else { return nil }  // fewer places would have matched
        self.digits = digits
        self.places = places
        self.negative = value < 0
        return
      }
      return nil
    }

    /// Writes `-W.F` at `start`; returns how many bytes it wrote.
    @inline(__always) func write(at start: UnsafeMutablePointer<UInt8>) -> Int {
      var next = start
      if negative {
        next.pointee = UInt8(ascii: "-")
        next += 1
      }
      var divisor: UInt64 = 10
      for _ in 1..<places { divisor *= 10 }
      next += writeInteger(Int(digits / divisor), at: next)
      next.pointee = UInt8(ascii: ".")
      var fraction = digits % divisor
      var index = places
      while index > 0 {
        next[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10)
        fraction /= 10
        index -= 1
      }
      return next + places + 1 - start
    }
  }

  /// The most bytes `writeInteger` writes (`-9223372036854775808`).
  static let maxIntegerLength = 20

  /// Appends `value` in decimal, as `String(value)` spells it.
  static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
    bytes.append(addingCapacity: maxIntegerLength) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        initialized += writeInteger(value, at: buffer.baseAddress! + initialized)
      }
    }
  }

  /// Writes `value` in decimal at `start` (room for `maxIntegerLength` bytes); returns how many
  /// bytes it wrote.
  @inline(__always) static func writeInteger(_ value: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
    var magnitude = value.magnitude
    var length = value < 0 ? 2 : 1
    var rest = magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    if value < 0 { start[0] = UInt8(ascii: "-") }
    var index = length
    repeat {
      index -= 1
      start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
      magnitude /= 10
    } while magnitude != 0
    return length
  }

  /// Where `Double.write(to:)` puts its text: the standard library hands floating-point text
  /// to `_writeASCII` as a buffer; `write(_:)` takes any other text.
  private struct TextSink: TextOutputStream {
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    mutating func write(_ string: String) {
      var string = string
      string.withUTF8 { copy($0) }
    }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { copy(buffer) }

    private mutating func copy(_ text: UnsafeBufferPointer<UInt8>) {
      precondition(count + text.count <= maxShortestLength, "NumberFormat: a Double's text past 32 bytes")
      if let base = text.baseAddress { (start + count).initialize(from: base, count: text.count) }
      count += text.count
    }
  }

  /// A stream time or duration in messages and timelines: shortest, to the microsecond.
  public static func ms(_ value: Double) -> String { shortest(value, places: 3) }

  /// An integer with a comma between groups of three digits: `99,961`, `-1,000`.
  public static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { out += "," }
      out.append(digit)
    }
    return value < 0 ? "-" + out : out
  }

  /// Pads on the left to `width` characters.
  public static func left(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// Pads on the right to `width` characters.
  public static func right(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// True for `12`, `-1.5`, `2e3`: what people mean by a number (Swift's `Double` also reads
  /// `0x10`, `inf` and `nan`).
  public static func isPlainDecimal(_ text: some StringProtocol) -> Bool {
    var digits = 0
    var rest = Substring(text)
    if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
    while let c = rest.first, c.isASCII, c.isNumber {
      digits += 1
      rest = rest.dropFirst()
    }
    if rest.first == "." {
      rest = rest.dropFirst()
      while let c = rest.first, c.isASCII, c.isNumber {
        digits += 1
        rest = rest.dropFirst()
      }
    }
    guard digits > 0 else { return false }
    if rest.first == "e" || rest.first == "E" {
      rest = rest.dropFirst()
      if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
      guard let c = rest.first, c.isASCII, c.isNumber else { return false }
      while let c = rest.first, c.isASCII, c.isNumber { rest = rest.dropFirst() }
    }
    return rest.isEmpty
  }
}
