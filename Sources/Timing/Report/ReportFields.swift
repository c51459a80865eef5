import EventStream

/// Typed reads from a report document that name the JSON path of what is wrong
/// (`causes[2].metrics.causeToShown.p90: expected a number, found "x"`), so a bad report is an
/// error a person can fix, never a crash.
struct ReportFields {
  /// The object read.
  let value: JSONValue
  /// Its JSON path (`""` for the document, `causes[2]`, `inputs.profile`).
  let path: String

  /// The document's root.
  init(root: JSONValue) {
    value = root
    path = ""
  }

  init(_ value: JSONValue, path: String) {
    self.value = value
    self.path = path
  }

  /// The path of a member.
  func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// A member that must be there.
  func required(_ key: String, _ expected: String) throws(ReportDecodingError) -> JSONValue {
    guard case .object = value else {
      throw ReportDecodingError("expected an object, found \(value.found)", at: path)
    }
    guard let member = value[key] else {
      throw ReportDecodingError("missing, expected \(expected)", at: path(key))
    }
    return member
  }

  /// A nested object.
  func object(_ key: String) throws(ReportDecodingError) -> ReportFields {
    let member = try required(key, "an object")
    guard case .object = member else {
      throw ReportDecodingError("expected an object, found \(member.found)", at: path(key))
    }
    return ReportFields(member, path: path(key))
  }

  /// A nested array, one `ReportFields` per element (`key[0]`, `key[1]`, …).
  func array(_ key: String) throws(ReportDecodingError) -> [ReportFields] {
    let member = try required(key, "an array")
    guard case .array(let items) = member else {
      throw ReportDecodingError("expected an array, found \(member.found)", at: path(key))
    }
    return items.enumerated().map { ReportFields($1, path: "\(path(key))[\($0)]") }
  }

  /// A finite number.
  func number(_ key: String) throws(ReportDecodingError) -> Double {
    try Self.number(try required(key, "a number"), at: path(key))
  }

  /// A finite number, or nil for `null`.
  func optionalNumber(_ key: String) throws(ReportDecodingError) -> Double? {
    let member = try required(key, "a number or null")
    if member == .null { return nil }
    return try Self.number(member, at: path(key))
  }

  /// A whole number from 0 to 2^53 (a count).
  func count(_ key: String) throws(ReportDecodingError) -> Int {
    let member = try required(key, "a count")
    guard case .number(let n) = member else {
      throw ReportDecodingError("expected a count, found \(member.found)", at: path(key))
    }
    guard n >= 0, n <= 9_007_199_254_740_992, n == n.rounded() else {
      throw ReportDecodingError("expected a count from 0 to 2^53, found \(Self.describe(n))", at: path(key))
    }
    return Int(n)
  }

  /// A string.
  func string(_ key: String) throws(ReportDecodingError) -> String {
    let member = try required(key, "a string")
    guard case .string(let s) = member else {
      throw ReportDecodingError("expected a string, found \(member.found)", at: path(key))
    }
    return s
  }

  /// A string, or nil for `null`.
  func optionalString(_ key: String) throws(ReportDecodingError) -> String? {
    let member = try required(key, "a string or null")
    if member == .null { return nil }
    guard case .string(let s) = member else {
      throw ReportDecodingError("expected a string or null, found \(member.found)", at: path(key))
    }
    return s
  }

  /// `true` or `false`.
  func bool(_ key: String) throws(ReportDecodingError) -> Bool {
    let member = try required(key, "true or false")
    guard case .bool(let b) = member else {
      throw ReportDecodingError("expected true or false, found \(member.found)", at: path(key))
    }
    return b
  }

  /// The member's keys (an object's), in document order.
  var keys: [String] {
    guard case .object(let fields) = value else { return [] }
    return fields.map(\.0)
  }

  static func number(_ v: JSONValue, at path: String) throws(ReportDecodingError) -> Double {
    guard case .number(let n) = v else {
      throw ReportDecodingError("expected a number, found \(v.found)", at: path)
    }
    guard n.isFinite else {
      throw ReportDecodingError("expected a number within the Double range, found one beyond it", at: path)
    }
    return n
  }

  /// A number as a message shows it (`2.5`, `1e+19`, `-1`).
  static func describe(_ n: Double) -> String {
    n.isFinite ? NumberFormat.shortest(n) : "one beyond the Double range"
  }
}
