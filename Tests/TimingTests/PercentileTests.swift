import Testing

@testable import Timing

@Suite("Nearest-rank percentiles")
struct PercentileTests {
  @Test("one value is every percentile")
  func single() {
    for p in [0.0, 1, 50, 90, 99, 100] { #expect(Percentile.nearestRank(p, of: [7]) == 7) }
    #expect(Percentile.rank(50, count: 1) == 1)
  }

  @Test("ten values: rank = ⌈p/100 × 10⌉")
  func ten() {
    let values = [10.0, 1, 9, 2, 8, 3, 7, 4, 6, 5]
    #expect(Percentile.nearestRank(50, of: values) == 5)
    #expect(Percentile.nearestRank(90, of: values) == 9)
    #expect(Percentile.nearestRank(91, of: values) == 10)
    #expect(Percentile.nearestRank(99, of: values) == 10)
    #expect(Percentile.nearestRank(100, of: values) == 10)
    #expect(Percentile.nearestRank(0, of: values) == 1)
    #expect(Percentile.nearestRank(10, of: values) == 1)
    #expect(Percentile.nearestRank(11, of: values) == 2)
  }

  @Test("a hundred values: p is the p-th value")
  func hundred() {
    let values = (1...100).map(Double.init).reversed().map { $0 }
    for p in [1, 7, 14, 28, 50, 55, 90, 99, 100] {
      #expect(Percentile.nearestRank(Double(p), of: values) == Double(p))
    }
    // 7 / 100 × 100 is 7.000000000000001 in binary: a naive ceiling would give rank 8.
    #expect(Percentile.rank(7, count: 100) == 7)
    #expect(Percentile.rank(55, count: 100) == 55)
  }

  @Test("ties: the smallest value with at least p % at or below it")
  func ties() {
    let values = [1.0, 2, 2, 2, 2, 2, 2, 2, 2, 3]
    #expect(Percentile.nearestRank(10, of: values) == 1)
    #expect(Percentile.nearestRank(50, of: values) == 2)
    #expect(Percentile.nearestRank(90, of: values) == 2)
    #expect(Percentile.nearestRank(99, of: values) == 3)
  }

  @Test("no values, no percentile")
  func empty() {
    #expect(Percentile.nearestRank(50, of: []) == nil)
    #expect(Percentile.rank(50, count: 0) == 0)
  }

  @Test("summaries use the same definition")
  func summary() {
    let s = LatencyReport.Summary(values: (1...10).map(Double.init))
    #expect(s == LatencyReport.Summary(count: 10, min: 1, p50: 5, p90: 9, p99: 10, max: 10))
    #expect(LatencyReport.Summary(values: []) == nil)
  }
}
