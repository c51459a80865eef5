import Testing

@testable import Benchmarks

/// `bench typeset` judges issue 13's targets on its own rows: a target is met only when every
/// Large row meets it, and one without figures (no Pango, no second novel) is not measured.
@Suite struct TypesetTargetsTests {
  static func row(
    _ text: String, cold: Double, warm: Double = 0.5, pango: Double = .nan, pages: Int = 10,
    pangoPages: Int = -1, shared: Double = .nan, large: Bool = true
  ) -> (text: String, large: Bool, row: TypesetBenchmark.Row) {
    (
      text, large,
      TypesetBenchmark.Row(
        cold: cold, warm: warm, pango: pango, pagesNoHyphen: pages, pangoPages: pangoPages,
        shared: shared)
    )
  }

  @Test func everyLargeRowMustMeetATarget() {
    var targets = TypesetTargets()
    targets.rows.append(Self.row("novel", cold: 25, pango: 600, pangoPages: 10, shared: 1))
    targets.rows.append(Self.row("novel", cold: 31, warm: 1.2, pango: 930, pangoPages: 10, shared: 0.9997))
    // AX5 rows do not count: 100 ms would fail the 30-ms target.
    targets.rows.append(Self.row("novel", cold: 100, warm: 3, pango: 900, large: false))
    targets.rows.append(Self.row("second-novel", cold: 50, pango: 995, pangoPages: 11, shared: 1))
    targets.novelPeakMB = 42
    let lines = targets.verdicts()
    #expect(lines.contains("  novel cold ≤ 30 ms: not met (25.00 ms, 31.00 ms)"))
    #expect(lines.contains("  novel cold ≥ 20× Pango: met (24.0×, 30.0×)"))
    #expect(lines.contains("  second novel cold ≥ 20× Pango: not met (19.9×)"))
    #expect(lines.contains("  novel warm ≤ 1 ms: not met (0.500 ms, 1.200 ms)"))
    #expect(lines.contains("  excerpt cold ≤ 12 ms: not measured"))
    #expect(lines.contains("  novel peak RSS ≤ 100 MB: met (42.0 MB)"))
    // The second novel's page count differs from Pango's (10 against 11).
    #expect(
      lines.contains(
        "  agreement at Large, hyphenation off: not met (different page counts; ≥ 99.970 % of line starts)"))
  }

  @Test func withoutPangoNothingIsComparedWithIt() {
    var targets = TypesetTargets()
    targets.rows.append(Self.row("novel", cold: 20))
    targets.rows.append(Self.row("excerpt-44k", cold: 9, warm: 0.05))
    let lines = targets.verdicts()
    #expect(lines.contains("  novel cold ≤ 30 ms: met (20.00 ms)"))
    #expect(lines.contains("  novel cold ≥ 20× Pango: not measured"))
    #expect(lines.contains("  excerpt cold ≤ 12 ms: met (9.00 ms)"))
    #expect(lines.contains("  excerpt warm ≤ 0.2 ms: met (0.050 ms)"))
    #expect(lines.contains("  agreement at Large, hyphenation off: not measured"))
  }
}
