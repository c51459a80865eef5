/// Writes one flat-or-nested JSON object into a byte buffer, field by field, with no Foundation.
///
/// Numbers are written in the shortest form that reads back to the same `Double`, integers
/// without a fraction (`17`, not `17.0`); strings are escaped per RFC 8259.
///
/// ```swift
/// var w = JSONObjectWriter()
/// w.field("t", 12.5); w.field("type", "hinge"); w.close()
/// // {"t":12.5,"type":"hinge"}
/// ```
public struct JSONObjectWriter: Sendable {
  /// The bytes written so far.
  public private(set) var bytes: [UInt8] = []
  /// Bit `n`: the object or array open at depth `n` has a member (the next needs a comma).
  private var hasMember: UInt64 = 0
  /// Objects and arrays open inside the outermost object.
  private var depth = 0

  /// Starts an object (`{`).
  public init() { bytes.append(UInt8(ascii: "{")) }

  /// Starts an object (`{`) at the end of `buffer`'s bytes, taking them over (no copy);
  /// `finish(into:)` hands them back.
  public init(continuing buffer: inout [UInt8]) {
    swap(&bytes, &buffer)
    bytes.append(UInt8(ascii: "{"))
  }

  /// Gives the bytes written back to `buffer` (which `init(continuing:)` emptied).
  public mutating func finish(into buffer: inout [UInt8]) {
    swap(&bytes, &buffer)
  }

  /// A comma before every member of the innermost object or array but its first.
  @inline(__always) private mutating func separate() {
    let bit: UInt64 = 1 << UInt64(depth)
    if hasMember & bit != 0 { bytes.append(UInt8(ascii: ",")) }
    hasMember |= bit
  }

  /// Opens a level of nesting (at most 63 inside the outermost object).
  private mutating func nest() {
    precondition(depth < 63, "JSONObjectWriter: more than 63 levels of nesting")
    depth += 1
    hasMember &= ~(1 << UInt64(depth))
  }

  private mutating func key(_ name: String) {
    separate()
    Self.appendString(name, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  /// Writes `"name":number`.
  public mutating func field(_ name: String, _ value: Double) {
    key(name)
    Self.appendNumber(value, to: &bytes)
  }

  /// Writes `"name":number`, or `"name":null` when there is no value.
  public mutating func field(_ name: String, _ value: Double?) {
    if let value { field(name, value) } else { null(name) }
  }

  /// Writes `"name":integer`.
  public mutating func field(_ name: String, _ value: Int) {
    key(name)
    bytes.append(contentsOf: String(value).utf8)
  }

  /// Writes `"name":"string"`.
  public mutating func field(_ name: String, _ value: String) {
    key(name)
    Self.appendString(value, to: &bytes)
  }

  /// Writes `"name":true|false`.
  public mutating func field(_ name: String, _ value: Bool) {
    key(name)
    bytes.append(contentsOf: (value ? "true" : "false").utf8)
  }

  /// Writes `"name":null`.
  public mutating func null(_ name: String) {
    key(name)
    bytes.append(contentsOf: "null".utf8)
  }

  /// Writes `"name":[numbers]`.
  public mutating func field(_ name: String, _ values: [Int]) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes.append(contentsOf: String(v).utf8)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Writes `"name":[numbers]` in the shortest form each number reads back as.
  public mutating func field(_ name: String, _ values: [Double]) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.appendNumber(v, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  /// Opens a nested object under `name`; close it with `close()`.
  public mutating func openObject(_ name: String) {
    key(name)
    bytes.append(UInt8(ascii: "{"))
    nest()
  }

  /// Opens a nested array under `name`; add elements with `openElement()`, close with `closeArray()`.
  public mutating func openArray(_ name: String) {
    key(name)
    bytes.append(UInt8(ascii: "["))
    nest()
  }

  /// Starts an object element inside an open array.
  public mutating func openElement() {
    separate()
    bytes.append(UInt8(ascii: "{"))
    nest()
  }

  /// Appends a raw JSON element (already encoded) inside an open array.
  public mutating func rawElement(_ json: [UInt8]) {
    separate()
    bytes.append(contentsOf: json)
  }

  /// Closes the innermost open array.
  public mutating func closeArray() {
    bytes.append(UInt8(ascii: "]"))
    depth -= 1
  }

  /// Closes the innermost open object (the outermost too).
  public mutating func close() {
    bytes.append(UInt8(ascii: "}"))
    if depth > 0 { depth -= 1 }
  }

  /// Appends a number: integral values without a fraction, others in Swift's shortest
  /// round-trip form (valid JSON; non-finite values become `null`).
  public static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
    NumberFormat.appendShortest(value, to: &bytes)
  }

  /// A string as a quoted, escaped JSON string literal.
  public static func quoted(_ value: String) -> String {
    var bytes: [UInt8] = []
    appendString(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a quoted, escaped string. Besides what JSON requires (`"`, `\\`, C0 controls), DEL
  /// and the C1 controls (U+0080–U+009F) are written `\u007f`, `\u009b`: valid either way, but
  /// a stream shown on a terminal then cannot drive it (U+009B is a one-character CSI).
  public static func appendString(_ value: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    // Most strings (every field name) need no escape: copied whole. 0xC2 leads every C1 control.
    if !value.utf8.contains(where: {
      $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xC2
    }) {
      bytes.append(contentsOf: value.utf8)
      bytes.append(UInt8(ascii: "\""))
      return
    }
    let hex = Array("0123456789abcdef".utf8)
    var afterC2 = false
    for byte in value.utf8 {
      if afterC2 {
        afterC2 = false
        if (0x80...0x9F).contains(byte) {
          bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        } else {
          bytes.append(contentsOf: [0xC2, byte])
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20, 0x7F:
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
      case 0xC2: afterC2 = true
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
