/// Issue 13's targets for `bench typeset`, judged on the rows just measured: each target's
/// verdict (met, not met, or not measured) and the figures it rests on, so that nobody has to
/// compare the table against the list by eye.
public struct TypesetTargets {
  /// One measured row: the text, the text size, and its figures.
  public struct Measured {
    public var text: String
    public var large: Bool
    public var cold: Double
    public var warm: Double
    public var pango: Double
    public var pages: Int
    public var pangoPages: Int
    public var shared: Double

    /// Makes a measured row (`pango` NaN and `pangoPages` -1 when Pango did not run).
    public init(
      text: String, large: Bool, cold: Double, warm: Double, pango: Double, pagesNoHyphen: Int,
      pangoPages: Int, shared: Double
    ) {
      self.text = text
      self.large = large
      self.cold = cold
      self.warm = warm
      self.pango = pango
      self.pages = pagesNoHyphen
      self.pangoPages = pangoPages
      self.shared = shared
    }
  }

  var rows: [Measured] = []
  /// The novel's peak RSS in MB, when measured.
  public var novelPeakMB: Double?

  /// Empty: add rows as they are measured.
  public init() {}

  /// Adds a measured row.
  public mutating func add(_ row: Measured) { rows.append(row) }

  /// One line per target: `met`, `not met` or `not measured`, and the figures (Large rows).
  public func verdicts() -> [String] {
    func large(_ text: String) -> [Measured] { rows.filter { $0.text == text && $0.large } }
    func figures(_ values: [Double], _ digits: Int, _ unit: String) -> String {
      values.map { BenchmarkFigures.fixed($0, digits) + unit }.joined(separator: ", ")
    }
    func verdict(_ name: String, _ values: [Double], _ digits: Int, _ unit: String, _ ok: (Double) -> Bool)
      -> String
    {
      let finite = values.filter(\.isFinite)
      guard !finite.isEmpty else { return "  \(name): not measured" }
      let met = finite.count == values.count && finite.allSatisfy(ok)
      return "  \(name): \(met ? "met" : "not met") (\(figures(values, digits, unit)))"
    }
    let novel = large("novel")
    let second = large("second-novel")
    let excerpt = large("excerpt-44k")
    var lines = ["against issue 13's targets (Large rows):"]
    lines.append(verdict("novel cold ≤ 30 ms", novel.map(\.cold), 2, " ms") { $0 <= 30 })
    lines.append(verdict("novel cold ≥ 20× Pango", novel.map { $0.pango / $0.cold }, 1, "×") { $0 >= 20 })
    lines.append(
      verdict("second novel cold ≥ 20× Pango", second.map { $0.pango / $0.cold }, 1, "×") { $0 >= 20 })
    lines.append(verdict("novel warm ≤ 1 ms", novel.map(\.warm), 3, " ms") { $0 <= 1 })
    lines.append(verdict("excerpt cold ≤ 12 ms", excerpt.map(\.cold), 2, " ms") { $0 <= 12 })
    lines.append(verdict("excerpt warm ≤ 0.2 ms", excerpt.map(\.warm), 3, " ms") { $0 <= 0.2 })
    lines.append(verdict("novel peak RSS ≤ 100 MB", novelPeakMB.map { [$0] } ?? [], 1, " MB") { $0 <= 100 })
    let compared = rows.filter { $0.large && $0.pangoPages >= 0 }
    if compared.isEmpty {
      lines.append("  agreement at Large, hyphenation off: not measured")
    } else {
      let samePages = compared.allSatisfy { $0.pages == $0.pangoPages }
      let lowest = compared.map(\.shared).min() ?? .nan
      let met = samePages && lowest >= 0.999
      lines.append(
        "  agreement at Large, hyphenation off: \(met ? "met" : "not met") (\(samePages ? "the same" : "different") "
          + "page counts; ≥ \(BenchmarkFigures.fixed(lowest * 100, 3)) % of line starts)")
    }
    return lines
  }
}
