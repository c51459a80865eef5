/// A parsed JSON document, for small files such as profiles.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Keys in document order.
  case object([(String, JSONValue)])

  public static func == (a: JSONValue, b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): true
    case (.bool(let x), .bool(let y)): x == y
    case (.number(let x), .number(let y)): x == y
    case (.string(let x), .string(let y)): x == y
    case (.array(let x), .array(let y)): x == y
    case (.object(let x), .object(let y)):
      x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The value of `key` in an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let fields) = self else { return nil }
    return fields.first(where: { $0.0 == key })?.1
  }

  /// A short description of the value for "found …" in messages.
  public var found: String {
    switch self {
    case .null: "null"
    case .bool(let b): b ? "true" : "false"
    case .number(let n): n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    case .string(let s): "\"\(InputText.excerpt(s))\""
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// Parses a whole document from UTF-8 bytes; a leading UTF-8 byte order mark is skipped
  /// (RFC 8259 lets a parser ignore it, and editors on Windows write one). Error offsets count
  /// from the first byte of `bytes`, the mark included.
  public static func parse(_ bytes: [UInt8], keys: KeyRule? = nil) throws(JSONSyntaxError) -> JSONValue {
    do {
      return try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> JSONValue in
        guard let base = buffer.baseAddress else { throw JSONSyntaxError(offset: 0, expected: "a value") }
        var scanner = JSONScanner(base: base, count: buffer.count)
        if FileBytes.hasByteOrderMark(buffer) { scanner.offset = FileBytes.byteOrderMark.count }
        let value = try parseValue(&scanner, depth: 0, keys: keys)
        guard scanner.atEnd() else {
          throw JSONSyntaxError(offset: scanner.offset, expected: "the end of the document")
        }
        return value
      }
    }
  }

  /// What a document's keys must be, checked as they are read (a profile's: each once in its
  /// object, short, no control characters), so that every later lookup and message is about a
  /// clean, unambiguous key.
  public struct KeyRule: Sendable {
    /// The longest key, in characters.
    public var maxLength: Int

    /// Makes a rule.
    public init(maxLength: Int) { self.maxLength = maxLength }

    /// What is wrong with `key` among `seen`, or nil.
    func problem(_ key: String, seen: inout Set<String>) -> String? {
      // Printable ASCII no longer than the limit in bytes passes both checks; only other keys are
      // counted by `Character` and read by scalar.
      let utf8 = key.utf8
      let plain = utf8.count <= maxLength && !utf8.contains { $0 < 0x20 || $0 >= 0x7F }
      if !plain, key.count > maxLength || key.unicodeScalars.contains(where: InputText.isControl) {
        return
          "a key of at most \(maxLength) characters without control characters, found \"\(InputText.excerpt(key))\""
      }
      guard seen.insert(key).inserted else {
        return "each key once in an object, found \"\(InputText.excerpt(key))\" a second time"
      }
      return nil
    }
  }

  static func parseValue(_ s: inout JSONScanner, depth: Int, keys: KeyRule? = nil) throws(JSONSyntaxError) -> JSONValue
  {
    guard depth < JSONScanner.maxDepth else {
      throw JSONSyntaxError(offset: s.offset, expected: JSONScanner.depthExpectation)
    }
    s.skipWhitespace()
    guard let b = s.peek else { throw JSONSyntaxError(offset: s.offset, expected: "a value") }
    switch b {
    case UInt8(ascii: "\""): return .string(try s.string())
    case UInt8(ascii: "{"):
      s.offset += 1
      var fields: [(String, JSONValue)] = []
      if s.consume(UInt8(ascii: "}")) { return .object(fields) }
      var seen: Set<String> = []
      repeat {
        s.skipWhitespace()
        let keyOffset = s.offset
        let key = try s.string()
        if let keys, let problem = keys.problem(key, seen: &seen) {
          throw JSONSyntaxError(offset: keyOffset, expected: problem)
        }
        try s.expect(UInt8(ascii: ":"), "':' after a key")
        fields.append((key, try parseValue(&s, depth: depth + 1, keys: keys)))
      } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "}"), "',' or '}'")
      return .object(fields)
    case UInt8(ascii: "["):
      s.offset += 1
      var items: [JSONValue] = []
      if s.consume(UInt8(ascii: "]")) { return .array(items) }
      repeat { items.append(try parseValue(&s, depth: depth + 1, keys: keys)) } while s.consume(UInt8(ascii: ","))
      try s.expect(UInt8(ascii: "]"), "',' or ']'")
      return .array(items)
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try s.bool())
    case UInt8(ascii: "n"):
      guard s.null() else { throw JSONSyntaxError(offset: s.offset, expected: "a value") }
      return .null
    default: return .number(try s.number())
    }
  }
}
