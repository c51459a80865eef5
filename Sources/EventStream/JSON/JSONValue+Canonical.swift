extension JSONValue {
  /// The value written canonically, for hashing: no whitespace, object keys sorted by their
  /// UTF-8 bytes (duplicates keep their order), numbers in `JSONObjectWriter`'s shortest
  /// form (`1.0` and `1` are the same), strings escaped the one way. Two documents that
  /// differ only in layout, key order or number spelling give the same bytes.
  ///
  /// ```swift
  /// try JSONValue.parse(Array(#"{ "b": 1.0, "a": [true] }"#.utf8)).canonicalBytes
  /// // {"a":[true],"b":1}
  /// ```
  public var canonicalBytes: [UInt8] {
    var bytes: [UInt8] = []
    append(to: &bytes, sortingKeys: true)
    return bytes
  }

  /// The value written compactly as `canonicalBytes` is, but with object keys in document
  /// order: what a peer reads back field by field (a CDP command, a line of an export).
  public var orderedBytes: [UInt8] {
    var bytes: [UInt8] = []
    append(to: &bytes, sortingKeys: false)
    return bytes
  }

  private func append(to bytes: inout [UInt8], sortingKeys: Bool) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let b): bytes.append(contentsOf: (b ? "true" : "false").utf8)
    case .number(let n): JSONObjectWriter.appendNumber(n, to: &bytes)
    case .string(let s): JSONObjectWriter.appendString(s, to: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (i, item) in items.enumerated() {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        item.append(to: &bytes, sortingKeys: sortingKeys)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let fields):
      bytes.append(UInt8(ascii: "{"))
      let sorted =
        sortingKeys
        ? fields.enumerated().sorted { a, b in
          let (x, y) = (a.element.0.utf8, b.element.0.utf8)
          return x.elementsEqual(y) ? a.offset < b.offset : x.lexicographicallyPrecedes(y)
        } : Array(fields.enumerated())
      for (i, field) in sorted.enumerated() {
        if i > 0 { bytes.append(UInt8(ascii: ",")) }
        JSONObjectWriter.appendString(field.element.0, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        field.element.1.append(to: &bytes, sortingKeys: sortingKeys)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }
}
