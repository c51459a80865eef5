/// Reads a number written in plain decimal, the only way traces and scripts write numbers:
/// an optional sign, digits with an optional fraction, an optional exponent (`-12.5`, `.5`,
/// `1e3`).
///
/// Swift's `Double(_:)` also reads hexadecimal (`0x10` is 16), `inf`, `nan` and
/// `infinity`: a cell like `0x10` must be an error, not 16°.
///
/// ```swift
/// DecimalText.parse("12.5")   // 12.5
/// DecimalText.parse("0x10")   // nil
/// ```
enum DecimalText {
  /// The finite value of `text`, or nil when it is not a plain decimal number.
  static func parse(_ text: some StringProtocol) -> Double? {
    var digits = 0
    var index = text.utf8.startIndex
    let bytes = text.utf8
    func at(_ i: String.UTF8View.Index) -> UInt8? { i < bytes.endIndex ? bytes[i] : nil }
    if let sign = at(index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      index = bytes.index(after: index)
    }
    while let b = at(index), b &- 0x30 < 10 {
      digits += 1
      index = bytes.index(after: index)
    }
    if at(index) == UInt8(ascii: ".") {
      index = bytes.index(after: index)
      while let b = at(index), b &- 0x30 < 10 {
        digits += 1
        index = bytes.index(after: index)
      }
    }
    guard digits > 0 else { return nil }
    if let e = at(index), e | 0x20 == UInt8(ascii: "e") {
      index = bytes.index(after: index)
      if let sign = at(index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        index = bytes.index(after: index)
      }
      var exponentDigits = 0
      while let b = at(index), b &- 0x30 < 10 {
        exponentDigits += 1
        index = bytes.index(after: index)
      }
      guard exponentDigits > 0 else { return nil }
    }
    guard index == bytes.endIndex, let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }
}
