import EventStream

/// The arguments commands share (words, keywords, angles, durations, easings), read or refused
/// at their token, and the number rules they follow.
extension ScriptParserState {
  /// The next word as `parse` reads it; else the error `expected <expected> after '<after>', found …`.
  mutating func word<T>(after: String, expecting expected: String, _ parse: (String) -> T?)
    throws(ScriptParseFailure) -> T
  {
    let t = advance()
    guard t.kind == .word, let value = parse(t.text) else {
      throw fail(at: t, "expected \(expected) after '\(after)', found \(t.found)")
    }
    return value
  }

  mutating func keyword(_ word: String, after: String, usage: String) throws(ScriptParseFailure) {
    let t = advance()
    guard t.kind == .word, t.text.lowercased() == word else {
      throw fail(at: t, "expected '\(word)' after '\(after)' (\(usage)), found \(t.found)")
    }
  }

  mutating func angle(after: String, checkRange: Bool = true) throws(ScriptParseFailure) -> Double {
    let t = advance()
    guard t.kind == .word, let value = Self.number(Self.stripAngleUnit(t.text)) else {
      throw fail(at: t, "expected an angle like 110 or 110deg after '\(after)', found \(t.found)")
    }
    skipSeparateDegreeUnit()
    return checkRange ? try checkedAngle(value, at: t) : value
  }

  mutating func checkedAngle(_ value: Double, at t: ScriptToken) throws(ScriptParseFailure)
    -> Double
  {
    guard angleRange.contains(value) else {
      throw fail(
        at: t,
        "expected an angle from \(Self.format(angleRange.lowerBound)) to \(Self.format(angleRange.upperBound)) degrees, found \(Self.format(value))"
      )
    }
    return value
  }

  mutating func skipSeparateDegreeUnit() {
    if peek.kind == .word, ["deg", "degrees", "°"].contains(peek.text.lowercased()) {
      _ = advance()
    }
  }

  mutating func duration(after: String) throws(ScriptParseFailure) -> Double {
    let t = advance()
    let example = "expected a duration like 300ms after '\(after)'"
    guard t.kind == .word else { throw fail(at: t, "\(example), found \(t.found)") }
    let text = t.text.lowercased()
    var scale = 0.0
    var digits = Substring(text)
    for (suffix, factor) in [("ms", 1.0), ("min", 60_000.0), ("s", 1000.0)]
    where text.hasSuffix(suffix) {
      scale = factor
      digits = digits.dropLast(suffix.count)
      break
    }
    guard let value = Self.number(digits) else { throw fail(at: t, "\(example), found \(t.found)") }
    guard scale > 0 else {
      throw fail(at: t, "\(example), found \(t.found) (a duration needs a unit: ms, s or min)")
    }
    let ms = value * scale
    guard ms >= 0 else {
      throw fail(at: t, "expected a duration ≥ 0 after '\(after)', found \(t.found)")
    }
    guard ms <= ScriptParser.maxDurationMs else {
      throw fail(
        at: t,
        "expected a duration of at most 24 hours (1440min) after '\(after)', found \(t.found)")
    }
    return ms
  }

  mutating func optionalEasing() throws(ScriptParseFailure) -> Easing {
    guard !peek.endsCommand else { return .linear }
    let t = advance()
    guard t.kind == .word, let easing = Easing(rawValue: t.text.lowercased()) else {
      throw fail(
        at: t,
        "expected an easing (linear, ease-in, ease-out, ease-in-out) or the end of the command, found \(t.found)"
      )
    }
    return easing
  }

  /// The largest offset or length `select` and `goto` accept (far beyond any text; their sum
  /// cannot overflow).
  static let maxSelectUnits = 1 << 40

  /// A whole number written as plain digits (no sign: `-0` and `+5` are not counts) in `range`.
  static func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let value = Int(text), range.contains(value)
    else { return nil }
    return value
  }
  static let orientationNames = Orientation.allCases.map(\.rawValue).joined(separator: ", ")

  static func stripAngleUnit(_ text: String) -> Substring {
    let lower = text.lowercased()
    if lower.hasSuffix("deg") { return Substring(text.dropLast(3)) }
    if text.hasSuffix("°") { return Substring(text.dropLast(1)) }
    return Substring(text)
  }

  /// A plain decimal number (no hex, no `inf`/`nan`), or nil.
  static func number(_ text: some StringProtocol) -> Double? { DecimalText.parse(text) }

  static func format(_ value: Double) -> String { NumberFormat.shortest(value) }
}
