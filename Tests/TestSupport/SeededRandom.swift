/// SplitMix64: a small seeded generator, so a property test tests the same cases on every run
/// and a failure replays.
public struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  /// Starts the sequence at `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A whole number in `range`.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }

  /// One of `items`.
  public mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  /// True once in `n` times.
  public mutating func oneIn(_ n: Int) -> Bool { next() % UInt64(n) == 0 }
}
