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
  public internal(set) var bytes: [UInt8] = []
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

  /// Closes the outermost object with `}` and a newline, and gives the bytes written back to
  /// `buffer` (which `init(continuing:)` emptied): one line of JSON Lines.
  mutating func closeLine(into buffer: inout [UInt8]) {
    Self.write(into: &bytes, bound: 2) { start in
      start[0] = UInt8(ascii: "}")
      start[1] = 0x0A
      return 2
    }
    depth = 0
    swap(&bytes, &buffer)
  }

  /// Gives the bytes written back to `buffer` (which `init(continuing:)` emptied).
  public mutating func finish(into buffer: inout [UInt8]) {
    swap(&bytes, &buffer)
  }

  /// A comma before every member of the innermost object or array but its first.
  @inline(__always) private mutating func separate() {
    if startMember() { bytes.append(UInt8(ascii: ",")) }
  }

  /// Marks the innermost object or array as having a member; true when one came before (the
  /// new one needs a comma).
  @inline(__always) mutating func startMember() -> Bool {
    let bit: UInt64 = 1 &<< UInt64(depth)  // depth ≤ 63
    defer { hasMember |= bit }
    return hasMember & bit != 0
  }

  /// Opens a level of nesting (at most 63 inside the outermost object).
  private mutating func nest() {
    precondition(depth < 63, "JSONObjectWriter: more than 63 levels of nesting")
    depth += 1
    hasMember &= ~(1 << UInt64(depth))
  }

  // Every member comes in two spellings: a name written in the source (`StaticString`, which
  // needs no escape and is copied as it is) and a name made at run time (`String`, scanned and
  // escaped when it needs it). A literal name picks the first.

  /// Writes `"name":number`.
  public mutating func field(_ name: StaticString, _ value: Double) { number(name, value) }
  /// Writes `"name":number`.
  @_disfavoredOverload public mutating func field(_ name: String, _ value: Double) { number(name, value) }

  /// Writes `"name":number`, or `"name":null` when there is no value.
  public mutating func field(_ name: StaticString, _ value: Double?) {
    if let value { number(name, value) } else { member(name, "null") }
  }
  /// Writes `"name":number`, or `"name":null` when there is no value.
  @_disfavoredOverload public mutating func field(_ name: String, _ value: Double?) {
    if let value { number(name, value) } else { member(name, "null") }
  }

  /// Writes `"name":integer`.
  public mutating func field(_ name: StaticString, _ value: Int) { integer(name, value) }
  /// Writes `"name":integer`.
  @_disfavoredOverload public mutating func field(_ name: String, _ value: Int) { integer(name, value) }

  /// Writes `"name":"string"`.
  public mutating func field(_ name: StaticString, _ value: String) { string(name, value) }
  /// Writes `"name":"string"`.
  @_disfavoredOverload public mutating func field(_ name: String, _ value: String) { string(name, value) }

  /// Writes `"name":true|false`.
  public mutating func field(_ name: StaticString, _ value: Bool) { member(name, value ? "true" : "false") }
  /// Writes `"name":true|false`.
  @_disfavoredOverload public mutating func field(_ name: String, _ value: Bool) {
    member(name, value ? "true" : "false")
  }

  /// Writes `"name":null`.
  public mutating func null(_ name: StaticString) { member(name, "null") }
  /// Writes `"name":null`.
  @_disfavoredOverload public mutating func null(_ name: String) { member(name, "null") }

  /// Writes `"name":[numbers]`.
  public mutating func field(_ name: StaticString, _ values: [Int]) { integers(name, values) }
  /// Writes `"name":[numbers]`.
  @_disfavoredOverload public mutating func field(_ name: String, _ values: [Int]) { integers(name, values) }

  /// Writes `"name":[numbers]` in the shortest form each number reads back as.
  public mutating func field(_ name: StaticString, _ values: [Double]) { numbers(name, values) }
  /// Writes `"name":[numbers]` in the shortest form each number reads back as.
  @_disfavoredOverload public mutating func field(_ name: String, _ values: [Double]) { numbers(name, values) }

  /// Opens a nested object under `name`; close it with `close()`.
  public mutating func openObject(_ name: StaticString) { open(name, UInt8(ascii: "{")) }
  /// Opens a nested object under `name`; close it with `close()`.
  @_disfavoredOverload public mutating func openObject(_ name: String) { open(name, UInt8(ascii: "{")) }

  /// Opens a nested array under `name`; add elements with `openElement()`, close with `closeArray()`.
  public mutating func openArray(_ name: StaticString) { open(name, UInt8(ascii: "[")) }
  /// Opens a nested array under `name`; add elements with `openElement()`, close with `closeArray()`.
  @_disfavoredOverload public mutating func openArray(_ name: String) { open(name, UInt8(ascii: "[")) }

  @inline(__always) private mutating func number(_ name: some JSONName, _ value: Double) {
    member(name, valueBound: NumberFormat.maxShortestLength) { NumberFormat.writeShortest(value, at: $0) }
  }

  @inline(__always) private mutating func integer(_ name: some JSONName, _ value: Int) {
    member(name, valueBound: NumberFormat.maxIntegerLength) { NumberFormat.writeInteger(value, at: $0) }
  }

  @inline(__always) private mutating func string(_ name: some JSONName, _ value: String) {
    var value = value
    value.withUTF8 { utf8 in
      guard Self.firstByteToEscape(utf8) == nil else {
        member(name, valueBound: 0) { _ in 0 }
        Self.appendString(utf8: utf8, to: &bytes)
        return
      }
      member(name, valueBound: utf8.count + 2) { Self.writeQuoted(utf8, at: $0) }
    }
  }

  private mutating func integers(_ name: some JSONName, _ values: [Int]) {
    member(name, valueBound: 0) { _ in 0 }
    bytes.append(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      NumberFormat.appendInteger(v, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func numbers(_ name: some JSONName, _ values: [Double]) {
    member(name, valueBound: 0) { _ in 0 }
    bytes.append(UInt8(ascii: "["))
    for (i, v) in values.enumerated() {
      if i > 0 { bytes.append(UInt8(ascii: ",")) }
      Self.appendNumber(v, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
  }

  private mutating func open(_ name: some JSONName, _ bracket: UInt8) {
    member(name, valueBound: 1) { start in
      start.pointee = bracket
      return 1
    }
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
}
