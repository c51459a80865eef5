/// A small deterministic random generator (SplitMix64) for seeded sensor noise and jitter.
public struct SeededNoise: Sendable {
  private var state: UInt64

  /// Starts from a seed; the same seed gives the same numbers on every machine.
  public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state = state &+ 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in -amplitude…amplitude.
  public mutating func symmetric(_ amplitude: Double) -> Double {
    let unit = Double(next() >> 11) / Double(1 << 53)
    return (unit * 2 - 1) * amplitude
  }
}
