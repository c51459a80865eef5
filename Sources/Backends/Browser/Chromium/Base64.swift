/// RFC 4648 base64 decoding (the standard alphabet, `=` padding), for the PNGs CDP returns.
enum Base64 {
  private static let values: [Int8] = {
    var table = [Int8](repeating: -1, count: 256)
    for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
      table[Int(c)] = Int8(i)
    }
    return table
  }()

  /// The bytes `text` encodes, nil when it holds a character outside the alphabet or stops
  /// mid-byte.
  static func decode(_ text: String) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count / 4 * 3)
    var accumulator: UInt32 = 0
    var bits = 0
    for c in text.utf8 {
      if c == UInt8(ascii: "=") { break }
      let value = values[Int(c)]
      guard value >= 0 else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
      }
    }
    return bits >= 6 ? nil : out
  }
}
