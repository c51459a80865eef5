import Testing

@testable import EventStream

/// The writer scans a string's UTF-8 as one buffer and writes numbers straight into the bytes;
/// these pin it to what the rules say, spelled out here character by character and through the
/// standard library's own `String(_:)` and `description`.
@Suite("JSON writer fast paths")
struct JSONWriterFastPathTests {
  /// The escaping rule, one scalar at a time: `"` `\` and the C0 controls as JSON requires
  /// (short forms for `\n` `\r` `\t`), DEL and the C1 controls as `\u00XX`, all else as it is.
  static func expectedQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: out += "\\\""
      case 0x5C: out += "\\\\"
      case 0x0A: out += "\\n"
      case 0x0D: out += "\\r"
      case 0x09: out += "\\t"
      case 0..<0x20, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @Test(
    "an escape anywhere in a short or long string: before it copied, from it escaped",
    arguments: [
      "", "\"", "x\"", "\"x", "twenty clean bytes..\u{1}", "twenty clean bytes..\\ and more after it",
      "ends in a C2 lead: ©", "ends in a C1: \u{85}", "\u{9F}\u{A0}\u{C0}\u{C2}\u{80}", "é\u{7F}é",
      "a long string of plain text without anything that needs an escape at all",
    ])
  func placedEscapes(_ text: String) {
    #expect(JSONObjectWriter.quoted(text) == Self.expectedQuoted(text))
  }

  @Test("generated strings of every byte class and length escape as the rule says")
  func generatedStrings() {
    // ASCII letters, each escape class, the C1 edges and their neighbours, 2-, 3- and 4-byte text.
    let pieces: [Unicode.Scalar] = [
      "a", "Z", " ", "~", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9B}", "\u{9F}",
      "\u{A0}", "\u{A9}", "\u{C2}", "\u{FF}", "\u{100}", "中", "\u{FFFD}", "😀",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    for _ in 0..<2000 {
      var text = ""
      for _ in 0..<next(40) { text.unicodeScalars.append(pieces[next(pieces.count)]) }
      #expect(JSONObjectWriter.quoted(text) == Self.expectedQuoted(text), "\(Array(text.unicodeScalars))")
    }
  }

  static func written(_ value: Double) -> String {
    var bytes: [UInt8] = []
    JSONObjectWriter.appendNumber(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Integral values below 10¹⁵ as the integer's `String`, the rest as `description` (the
  /// standard library's shortest round-trip form); what is written reads back to the value.
  static func expectedNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return value.description
  }

  @Test(
    "numbers at the edges: integral or not, the 10¹⁵ bound, zero's sign, subnormals",
    arguments: [
      0, -0.0, 1, -1, 0.5, -0.5, 1e-7, 0.1, 1033.333, 999_999_999_999_999, -999_999_999_999_999, 1e15, -1e15,
      999_999_999_999_999.5, 9_007_199_254_740_992, 1e300, .leastNonzeroMagnitude, .leastNormalMagnitude,
      .greatestFiniteMagnitude,
      0.001, -0.001, 0.0015, 0.25, 1e15 + 0.5, -1e15 - 0.5, 154.333, -510.125, 999_999_999.999, -999_999_999.5,
      1e9 + 0.5, 0.1 + 0.2, 1.005,
      .nan, .infinity, -.infinity,
    ] as [Double])
  func edgeNumbers(_ value: Double) {
    let text = Self.written(value)
    #expect(text == Self.expectedNumber(value))
    if value.isFinite { #expect(Double(text) == value) }
  }

  @Test("generated doubles of every magnitude write as description or the integer says")
  func generatedDoubles() {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    for index in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let value: Double
      let scale = [1.0, 10, 100, 1000, 10000][index % 5]
      switch index % 6 {
      case 0: value = Double(bitPattern: state)  // any magnitude
      case 1: value = Double(Int64(bitPattern: state) >> 40) / 1000  // stream times, in ms
      case 2: value = Double(Int64(bitPattern: state) >> 11)  // integers around 2⁵³
      case 3: value = Double(Int64(bitPattern: state) >> 14)  // integers around 10¹⁵
      case 4: value = Double(Int64(bitPattern: state) >> (24 + index % 30)) / scale  // 0–4 decimals, to 10¹²
      default: value = Double(Int64(bitPattern: state) >> 30) / scale + 0.000_1  // the same, nudged
      }
      let text = Self.written(value)
      #expect(text == Self.expectedNumber(value), "\(value.bitPattern)")
      if value.isFinite { #expect(Double(text) == value, "\(text)") }
    }
  }

  @Test("a name made at run time is escaped like any string; one in the source is copied")
  func names() {
    let made = "say \"hi\"\u{9B}\n"
    var w = JSONObjectWriter()
    w.field(made, 1)
    w.field(made, "v")
    w.null(made)
    w.openObject(made)
    w.field("plain", true)
    w.close()
    w.close()
    let name = Self.expectedQuoted(made)
    #expect(
      String(decoding: w.bytes, as: UTF8.self)
        == "{\(name):1,\(name):\"v\",\(name):null,\(name):{\"plain\":true}}")
  }

  @Test("integers, integer arrays, booleans and null as Swift and JSON spell them")
  func integersAndLiterals() {
    let integers = [Int.min, Int.min + 1, -1_000_000, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1 << 53, Int.max]
    var w = JSONObjectWriter()
    w.field("n", integers)
    w.field("i", -42)
    w.field("yes", true)
    w.field("no", false)
    w.null("none")
    w.close()
    let expected =
      "{\"n\":[" + integers.map { String($0) }.joined(separator: ",")
      + "],\"i\":-42,\"yes\":true,\"no\":false,\"none\":null}"
    #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
  }
}
