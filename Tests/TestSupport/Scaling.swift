#if canImport(Glibc)
  import Glibc
#endif

/// How a piece of work grows with its input, measured so that a loaded machine cannot flip the
/// verdict: the calling thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`: time spent waiting for a
/// core does not count), the fastest of several runs of each size (load only ever adds), the
/// sizes interleaved (a slow spell hits both), the cost of the work at size 0 taken off both
/// (fixed set-up, such as laying out the reader's text, would hide a quadratic term), and the
/// whole measurement taken again, up to three times, while the ratio is above `ceiling`: a
/// linear path whose one measurement a noisy neighbour skewed passes the next, a quadratic one
/// (a ratio near 16) fails all three.
///
/// ```swift
/// let growth = Scaling.measure(base: 2_000) { n in decode(line(withFields: n)) }
/// #expect(growth.ratio <= Scaling.ceiling, "\(growth)")   // linear: about 4; quadratic: about 16
/// ```
public enum Scaling {
  /// The CPU times of one measurement and their ratio.
  public struct Growth: CustomStringConvertible, Sendable {
    /// The fastest run at size 0, `base` and `4 × base`, ms.
    public var zeroMs: Double
    public var baseMs: Double
    public var largeMs: Double
    /// (large − zero) / (base − zero): about 4 for linear work, 16 for quadratic.
    public var ratio: Double { (largeMs - zeroMs) / max(baseMs - zeroMs, 1e-9) }

    public var description: String {
      "size 0: \(rounded(zeroMs)) ms, n: \(rounded(baseMs)) ms, 4n: \(rounded(largeMs)) ms, ratio \(rounded(ratio))"
    }

    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
  }

  /// The ratio a test holds linear work to: 4 for the input, 1.5 for what load does to one
  /// thread's CPU time (a working set four times larger misses the caches more while other
  /// processes share them: linear paths measured 5.19 and 5.31 at load 15–28). Quadratic work
  /// stays near 16, `n log n` near 4.6.
  public static let ceiling = 6.0

  /// Runs `work` at sizes 0, `base` and `4 × base`, `rounds` times each, interleaved; `prepare`
  /// makes each size's input outside the timing. Returns the measurement with the lowest ratio
  /// of up to `attempts`, stopping at the first at or under `ceiling`.
  public static func measure<Input>(
    base: Int, rounds: Int = 5, attempts: Int = 3, prepare: (Int) -> Input, _ work: (Input) -> Void
  ) -> Growth {
    let sizes = [0, base, 4 * base]
    let inputs = sizes.map(prepare)
    var lowest: Growth?
    for _ in 0..<attempts {
      var best = [Double](repeating: .infinity, count: sizes.count)
      for _ in 0..<rounds {
        for index in sizes.indices {
          let start = cpuMs()
          work(inputs[index])
          best[index] = min(best[index], cpuMs() - start)
        }
      }
      let growth = Growth(zeroMs: best[0], baseMs: best[1], largeMs: best[2])
      if growth.ratio < lowest?.ratio ?? .infinity { lowest = growth }
      if growth.ratio <= ceiling { break }
    }
    return lowest!
  }

  /// `measure` for work that makes its own input.
  public static func measure(base: Int, rounds: Int = 5, attempts: Int = 3, _ work: (Int) -> Void) -> Growth {
    measure(base: base, rounds: rounds, attempts: attempts, prepare: { $0 }, work)
  }

  /// This thread's CPU time, ms.
  static func cpuMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
  }
}
