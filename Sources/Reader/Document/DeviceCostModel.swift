#if canImport(Glibc)
  import Glibc
#endif

/// The reference reader's pagination cost, as a function of the characters laid out.
///
/// Seed figures (DESIGN §6, the duo-reading guide's notes): TextKit 1 paginated a
/// 44,500-character chapter in 40–150 ms and 558,000 characters in 1.1–3.1 s, on the iOS
/// simulator on a Mac. Each end of that range is a power law through its two points,
/// `ms = a · n^b` (`b = ln(t₂/t₁) / ln(n₂/n₁)`), which meets both figures exactly and grows a
/// little faster than linearly, as the seeds do; `mid` goes through the geometric means of the
/// two ends (77.5 ms and 1.85 s). Two points cannot show the curve's shape between or beyond
/// them, and the simulator's speed is not the device's: the model is unverified on hardware.
///
/// ```swift
/// DeviceCostModel.ms(characters: 44_500, end: .low)    // 40
/// DeviceCostModel.ms(characters: 558_000, end: .high)  // 3100
/// ```
public enum DeviceCostModel {
  /// Which end of the measured range.
  public enum End: String, Sendable, CaseIterable {
    /// The fastest runs (40 ms, 1.1 s).
    case low
    /// The geometric mean of the two ends (77.5 ms, 1.85 s).
    case mid
    /// The slowest runs (150 ms, 3.1 s).
    case high
  }

  /// The seeds: characters and milliseconds at each end.
  static let small = 44_500.0
  static let large = 558_000.0
  static func seeds(_ end: End) -> (small: Double, large: Double) {
    switch end {
    case .low: (40, 1100)
    case .high: (150, 3100)
    case .mid: ((40.0 * 150).squareRoot(), (1100.0 * 3100).squareRoot())
    }
  }

  /// The exponent `b` of the power law for an end.
  public static func exponent(_ end: End) -> Double {
    let (t1, t2) = seeds(end)
    return log(t2 / t1) / log(large / small)
  }

  /// The modelled pagination time for `characters`, ms.
  public static func ms(characters: Int, end: End) -> Double {
    guard characters > 0 else { return 0 }
    let (t1, _) = seeds(end)
    return t1 * pow(Double(characters) / small, exponent(end))
  }

  /// The formula in words, for report headers.
  public static func formula(_ end: End) -> String {
    let (t1, _) = seeds(end)
    let b = (exponent(end) * 1000).rounded() / 1000
    let t = (t1 * 10).rounded() / 10
    return "\(t) ms × (characters / 44,500)^\(b)"
  }
}
