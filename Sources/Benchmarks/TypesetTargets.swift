/// Issue 13's targets for `bench typeset`, judged on the rows just measured: each target's
/// verdict (met, not met, or not measured) and the figures it rests on, so that nobody has to
/// compare the table against the list by eye.
struct TypesetTargets {
  /// The measured rows: the text's name, whether the row is at Large, and its figures.
  var rows: [(text: String, large: Bool, row: TypesetBenchmark.Row)] = []
  /// The novel's peak RSS in MB, when measured.
  var novelPeakMB: Double?

  /// One line per target: `met`, `not met` or `not measured`, and the figures (Large rows).
  func verdicts() -> [String] {
    func large(_ text: String) -> [TypesetBenchmark.Row] {
      rows.filter { $0.text == text && $0.large }.map(\.row)
    }
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
    let compared = rows.filter { $0.large && $0.row.pangoPages >= 0 }.map(\.row)
    if compared.isEmpty {
      lines.append("  agreement at Large, hyphenation off: not measured")
    } else {
      let samePages = compared.allSatisfy { $0.pagesNoHyphen == $0.pangoPages }
      let lowest = compared.map(\.shared).min() ?? .nan
      let met = samePages && lowest >= 0.999
      lines.append(
        "  agreement at Large, hyphenation off: \(met ? "met" : "not met") (\(samePages ? "the same" : "different") "
          + "page counts; ≥ \(BenchmarkFigures.fixed(lowest * 100, 3)) % of line starts)")
    }
    return lines
  }
}
