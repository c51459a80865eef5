import EventStream

/// The arithmetic and number formats the benchmarks share.
enum BenchmarkFigures {
  /// The median of some durations.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// A number with thousands separators (`1,234,567`).
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
      if i > 0, i % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return String(out.reversed())
  }

  /// Milliseconds with three decimals.
  static func ms(_ value: Double) -> String { NumberFormat.ms(value) }

  /// A number with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int) -> String { NumberFormat.fixed(value, digits) }

  /// A number with up to three decimals, without trailing zeros.
  static func shortest(_ value: Double) -> String { NumberFormat.shortest(value, places: 3) }

  /// `value` right-aligned in `width` characters.
  static func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
    let text = value.description
    return String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
