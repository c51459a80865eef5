import EventStream

/// Nearest-rank percentiles: no interpolation, every result is one of the samples.
///
/// The p-th percentile of n values is the smallest value such that at least p % of the values
/// are ≤ it: sort ascending and take the value at 1-based rank ⌈p / 100 × n⌉ (at least 1).
/// This is HdrHistogram's `getValueAtPercentile` on raw samples.
///
/// ```swift
/// Percentile.nearestRank(90, of: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])  // 9
/// Percentile.nearestRank(50, of: [5])                              // 5
/// ```
public enum Percentile {
  /// The 1-based nearest rank of percentile `p` (0…100) among `count` values (0 when empty).
  public static func rank(_ p: Double, count: Int) -> Int {
    guard count > 0 else { return 0 }
    let exact = p / 100 * Double(count)
    // Guard against 0.29 × 100 = 28.999…: a product within 1e-9 of an integer is that integer.
    let nearest = exact.rounded()
    let ceiling = abs(exact - nearest) < 1e-9 ? nearest : exact.rounded(.up)
    return min(count, max(1, Int(ceiling)))
  }

  /// The nearest-rank percentile `p` (0…100) of values already sorted ascending; nil when empty.
  public static func nearestRank(_ p: Double, ofSorted sorted: [Double]) -> Double? {
    guard !sorted.isEmpty else { return nil }
    return sorted[rank(p, count: sorted.count) - 1]
  }

  /// The nearest-rank percentile `p` (0…100) of unsorted values; nil when empty.
  public static func nearestRank(_ p: Double, of values: [Double]) -> Double? {
    nearestRank(p, ofSorted: values.sorted())
  }
}
