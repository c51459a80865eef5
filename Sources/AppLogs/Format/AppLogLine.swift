import EventStream
import Reader

/// One line of an app log, for messages: the column of a key, errors at `file:line:column`.
struct AppLogLine {
  var bytes: [UInt8]
  var number: Int
  var file: String

  /// The 1-based column (in characters) of the value of `"key":`, or of the line's start when
  /// the key is not there.
  func column(of key: String) -> Int {
    let needle = Array("\"\(key)\"".utf8)
    guard needle.count <= bytes.count else { return 1 }
    for start in 0...(bytes.count - needle.count) where bytes[start..<(start + needle.count)].elementsEqual(needle) {
      var i = start + needle.count
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
      guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { continue }
      i += 1
      while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
      return columnOf(byte: i)
    }
    return 1
  }

  func columnOf(byte offset: Int) -> Int {
    String(decoding: bytes.prefix(max(0, offset)), as: UTF8.self).count + 1
  }

  func found(atByte offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the line" }
    let rest = String(decoding: bytes[offset...], as: UTF8.self)
    return "'" + InputText.escaped(String(rest.prefix(24))) + (rest.count > 24 ? "…" : "") + "'"
  }

  func error(column: Int, _ message: String) -> InputError {
    InputError(file: file, line: number, column: column, message: message)
  }

  func error(atByte offset: Int, _ message: String) -> InputError {
    error(column: columnOf(byte: offset), message)
  }

  /// The number under `key`, finite, and no less than `minimum` (or above it when `above`).
  func number(
    _ value: JSONValue, _ key: String, finite: Bool = true, minimum: Double? = nil, above: Double? = nil
  ) throws(InputError) -> Double {
    guard case .number(let n)? = value[key] else {
      throw error(column: column(of: key), "expected a number for '\(key)', found \(value[key]?.found ?? "nothing")")
    }
    if finite, !n.isFinite { throw error(column: column(of: key), "expected a finite number for '\(key)', found \(n)") }
    if let minimum, n < minimum {
      throw error(
        column: column(of: key), "expected '\(key)' ≥ \(NumberFormat.shortest(minimum)), found \(value[key]!.found)")
    }
    if let above, n <= above {
      throw error(
        column: column(of: key), "expected '\(key)' > \(NumberFormat.shortest(above)), found \(value[key]!.found)")
    }
    return n
  }

  /// A whole number in `range` from a JSON value, for messages named `what` at `key`'s column.
  func integer(_ value: JSONValue?, _ what: String, key: String, in range: ClosedRange<Int>) throws(InputError) -> Int {
    guard case .number(let n)? = value, n == n.rounded(), abs(n) < 1e15 else {
      throw error(column: column(of: key), "expected a whole number for \(what), found \(value?.found ?? "nothing")")
    }
    let i = Int(n)
    guard range.contains(i) else {
      throw error(
        column: column(of: key),
        "expected \(what) in \(range.lowerBound)…\(range.upperBound), found \(i)")
    }
    return i
  }
}
