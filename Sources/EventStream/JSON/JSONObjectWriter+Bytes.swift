/// How a member reaches the bytes: a name and a value that need no escape (every name the tool
/// spells, every enum value, most text) are written with one reservation through a pointer;
/// anything else takes the escaping path, byte by byte.
extension JSONObjectWriter {
  /// Writes `,"name":` (the comma when a member came before) and then what `value` writes at
  /// the pointer it gets (at most `valueBound` bytes; it returns how many).
  @inline(__always) mutating func member(
    _ name: some JSONName, valueBound: Int, _ value: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    name.withNameUTF8 { utf8, needsNoEscape in
      let comma = startMember()
      guard needsNoEscape || Self.firstByteToEscape(utf8) == nil else {
        if comma { bytes.append(UInt8(ascii: ",")) }
        Self.appendString(utf8: utf8, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        Self.write(into: &bytes, bound: valueBound, value)
        return
      }
      Self.write(into: &bytes, bound: utf8.count + 4 + valueBound) { start in
        var next = start
        if comma {
          next.pointee = UInt8(ascii: ",")
          next += 1
        }
        next += Self.writeQuoted(utf8, at: next)
        next.pointee = UInt8(ascii: ":")
        next += 1
        return next - start + value(next)
      }
    }
  }

  /// Writes `,"name":text` for text known when the tool is built (`true`, `null`).
  @inline(__always) mutating func member(_ name: some JSONName, _ text: StaticString) {
    member(name, valueBound: text.utf8CodeUnitCount) { start in
      text.withUTF8Buffer { utf8 in
        if let base = utf8.baseAddress { start.initialize(from: base, count: utf8.count) }
        return utf8.count
      }
    }
  }

  /// Appends what `body` writes at the end of `bytes` (at most `bound` bytes; it returns how
  /// many), with one capacity check for all of them.
  @inline(__always) static func write(
    into bytes: inout [UInt8], bound: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int
  ) {
    bytes.append(addingCapacity: bound) { span in
      span.withUnsafeMutableBufferPointer { buffer, initialized in
        let written = body(buffer.baseAddress! + initialized)
        precondition(written <= buffer.count - initialized, "JSONObjectWriter: wrote past its bound")
        initialized += written
      }
    }
  }

  /// Writes `"utf8"` at `start` (bytes that need no escape); returns how many bytes it wrote.
  @inline(__always) static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    start.pointee = UInt8(ascii: "\"")
    if let base = utf8.baseAddress { (start + 1).initialize(from: base, count: utf8.count) }
    start[utf8.count + 1] = UInt8(ascii: "\"")
    return utf8.count + 2
  }

  /// Appends a quoted, escaped string. Besides what JSON requires (`"`, `\\`, C0 controls), DEL
  /// and the C1 controls (U+0080–U+009F) are written `\u007f`, `\u009b`: valid either way, but
  /// a stream shown on a terminal then cannot drive it (U+009B is a one-character CSI).
  public static func appendString(_ value: String, to bytes: inout [UInt8]) {
    var value = value
    // A native string's UTF-8 is contiguous: scanned and copied as a buffer, not byte by byte
    // through the view's indices.
    value.withUTF8 { appendString(utf8: $0, to: &bytes) }
  }

  /// Appends the UTF-8 bytes of a string, quoted and escaped as `appendString(_:to:)` does.
  static func appendString(utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    // Most strings (every field name, every enum value) need no escape: copied whole.
    guard let first = firstByteToEscape(utf8) else {
      write(into: &bytes, bound: utf8.count + 2) { writeQuoted(utf8, at: $0) }
      return
    }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[..<first]))
    appendEscaping(UnsafeBufferPointer(rebasing: utf8[first...]), to: &bytes)
    bytes.append(UInt8(ascii: "\""))
  }

  /// The index of the first byte that may need an escape: `"`, `\\`, a C0 control, DEL, or 0xC2
  /// (which leads every C1 control in UTF-8).
  @inline(__always) static func firstByteToEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Int? {
    for index in utf8.indices {
      let byte = utf8[index]
      if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xC2 { return index }
    }
    return nil
  }

  /// Appends bytes that start with one to escape (the rest may hold more).
  private static func appendEscaping(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    var afterC2 = false
    for byte in utf8 {
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
    if afterC2 { bytes.append(0xC2) }
  }
}

/// A member's name: spelled in the source (`StaticString`: plain ASCII, copied as it is) or made
/// at run time (`String`: scanned, and escaped when it needs it).
protocol JSONName {
  /// Calls `body` with the name's UTF-8 and whether it is known to need no escape.
  func withNameUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>, _ needsNoEscape: Bool) -> R) -> R
}

extension StaticString: JSONName {
  @inline(__always) func withNameUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>, _ needsNoEscape: Bool) -> R) -> R {
    withUTF8Buffer { utf8 in
      assert(JSONObjectWriter.firstByteToEscape(utf8) == nil, "a JSON name in the source needs an escape: \(self)")
      return body(utf8, true)
    }
  }
}

extension String: JSONName {
  @inline(__always) func withNameUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>, _ needsNoEscape: Bool) -> R) -> R {
    var name = self
    return name.withUTF8 { body($0, false) }
  }
}
