/// RFC 4648 base64 (the standard alphabet, `=` padding): decoding the PNGs CDP returns,
/// encoding a WebSocket key and its expected accept value.
enum Base64 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// The base64 text of `bytes`.
  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    for i in stride(from: 0, to: bytes.count, by: 3) {
      let chunk = bytes[i..<min(i + 3, bytes.count)]
      var value = 0
      for (k, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * k) }
      for k in 0..<4 {
        out.append(k <= chunk.count ? alphabet[(value >> (18 - 6 * k)) & 63] : UInt8(ascii: "="))
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

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
