/// Issue 31's targets for `bench startup`, judged on the medians just measured: each target's
/// verdict (met, not met, or not measured) with the figures it rests on.
struct StartupTargets {
  /// Median wall times in ms of the hello-world yardstick and the one-line commands.
  var hello: Double?
  var version: Double?
  var simulate: Double?
  var paginate: Double?
  var run: Double?
  /// Median wall times in ms of the novel's whole-process `paginate` and Pango's.
  var novel: Double?
  var pango: Double?

  /// One line per target.
  func verdicts() -> [String] {
    func ms(_ value: Double) -> String { BenchmarkFigures.fixed(value, 2) + " ms" }
    var lines = ["against issue 31's targets:"]
    for (name, value) in [
      ("--version", version), ("simulate of a one-line trace", simulate), ("paginate of a one-line text", paginate),
    ] {
      let target = "  \(name) ≤ 3× hello world"
      guard let value, value.isFinite, let hello, hello.isFinite, hello > 0 else {
        lines.append(target + ": not measured")
        continue
      }
      let ratio = value / hello
      lines.append(
        target
          + ": \(ratio <= 3 ? "met" : "not met") (\(BenchmarkFigures.fixed(ratio, 2))×: \(ms(value)) against \(ms(hello)))"
      )
    }
    if let run, run.isFinite {
      lines.append("  run traces/default.hinge --compute-ms 1 ≤ 30 ms: \(run <= 30 ? "met" : "not met") (\(ms(run)))")
    } else {
      lines.append("  run traces/default.hinge --compute-ms 1 ≤ 30 ms: not measured")
    }
    if let novel, let pango, novel.isFinite, pango.isFinite, novel > 0 {
      let ratio = pango / novel
      lines.append(
        "  novel's whole-process paginate ≥ 13× Pango's: \(ratio >= 13 ? "met" : "not met") "
          + "(\(BenchmarkFigures.fixed(ratio, 1))×: \(ms(novel)) against \(ms(pango)))")
    } else {
      lines.append("  novel's whole-process paginate ≥ 13× Pango's: not measured")
    }
    return lines
  }
}
