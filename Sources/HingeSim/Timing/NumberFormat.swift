/// Number and column formatting for reports, without Foundation.
enum NumberFormat {
  /// `value` with exactly `digits` decimals (0…6), rounded half away from zero.
  static func fixed(_ value: Double, _ digits: Int = 2) -> String {
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

  /// The shortest text that reads back to the same `Double` (`17`, `0.25`).
  static func shortest(_ value: Double) -> String {
    var bytes: [UInt8] = []
    JSONObjectWriter.appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Pads on the left to `width` characters.
  static func left(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }

  /// Pads on the right to `width` characters.
  static func right(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
