import Testing

@testable import Benchmarks

/// `bench startup` judges issue 31's targets on its medians: the one-line commands against three
/// times the hello world, `run` against 30 ms, the novel against 13× Pango; a target without
/// its figures (no toolchain, no shared corpus) is not measured.
@Suite struct StartupTargetsTests {
  @Test func verdictsFromTheMedians() {
    var targets = StartupTargets()
    targets.hello = 2
    targets.version = 2.5
    targets.simulate = 6
    targets.paginate = 6.02
    targets.run = 30.5
    targets.novel = 70
    targets.pango = 910
    #expect(
      targets.verdicts() == [
        "against issue 31's targets:",
        "  --version ≤ 3× hello world: met (1.25×: 2.50 ms against 2.00 ms)",
        "  simulate of a one-line trace ≤ 3× hello world: met (3.00×: 6.00 ms against 2.00 ms)",
        "  paginate of a one-line text ≤ 3× hello world: not met (3.01×: 6.02 ms against 2.00 ms)",
        "  run traces/default.hinge --compute-ms 1 ≤ 30 ms: not met (30.50 ms)",
        "  novel's whole-process paginate ≥ 13× Pango's: met (13.0×: 70.00 ms against 910.00 ms)",
      ])
  }

  @Test func withoutYardstickOrNovelTheRatiosAreNotMeasured() {
    var targets = StartupTargets()
    targets.version = 2.5
    targets.run = 29
    targets.novel = 70
    let lines = targets.verdicts()
    #expect(lines.contains("  --version ≤ 3× hello world: not measured"))
    #expect(lines.contains("  run traces/default.hinge --compute-ms 1 ≤ 30 ms: met (29.00 ms)"))
    #expect(lines.contains("  novel's whole-process paginate ≥ 13× Pango's: not measured"))
  }
}
