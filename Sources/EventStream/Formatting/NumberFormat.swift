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
    guard value.isFinite else {
      bytes.append(contentsOf: "null".utf8)
      return
    }
    if value == value.rounded(), abs(value) < 1e15 {
      let int = Int(value)
      if int == 0 {
        bytes.append(UInt8(ascii: "0"))
      } else {
        bytes.append(contentsOf: String(int).utf8)
      }
      return
    }
    bytes.append(contentsOf: value.description.utf8)
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
