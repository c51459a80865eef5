#if canImport(Glibc)
  import Glibc
#endif

/// The size-growth mode: besides running an input once, grow it — double one part of it, again
/// and again, up to a cap — and time each size, so that a reader whose time grows faster than
/// its input (quadratic in the lines, the fields of a line, the keys of an object, the
/// characters of a word) is a finding like a crash, not only a slow CI run.
///
/// bin/fuzz turns it on with `HINGESIM_FUZZ_GROWTH=N`: one input in N (chosen by a hash of its
/// bytes, so a replay grows the same inputs) is grown three ways — the whole input repeated, its
/// middle third repeated, and the middle third of its longest line repeated — from one copy to
/// as many as fit in `HINGESIM_FUZZ_GROWTH_MAX` bytes (default 64 KiB, the inputs' own
/// `-max_len`). Each size runs twice and
/// keeps the faster (process CPU time). A finding is two doublings in a row that each cost more
/// than three times the size before (linear work costs about twice; quadratic four times) once
/// a run takes 20 ms, or any size that takes more than 2 s.
///
/// Growing is costly (an input of 256 KiB and every size below it, twice, three ways), so it
/// takes at most a share of the CPU, `HINGESIM_FUZZ_GROWTH_BUDGET` (default 0.25): a chosen
/// input is grown only once a process has run inputs for a second of CPU, and while growing has
/// used no more than that share of the time plain runs took, so libFuzzer keeps most of its
/// executions for new inputs (each of its fork-mode jobs is a process of its own). A replay
/// sets the share to 1 (every chosen input is grown at once).
public enum Growth {
  /// Grow one input in this many (0: off).
  public static let every: UInt64 = {
    guard let value = getenv("HINGESIM_FUZZ_GROWTH"), let n = UInt64(String(cString: value)) else { return 0 }
    return n
  }()

  /// The share of the CPU growing may take (see above).
  public static let budget: Double = {
    guard let value = getenv("HINGESIM_FUZZ_GROWTH_BUDGET"), let share = Double(String(cString: value)),
      share > 0, share <= 1
    else { return 0.25 }
    return share
  }()

  /// CPU time spent running inputs once, and growing them, ms.
  nonisolated(unsafe) static var plainMs = 0.0
  nonisolated(unsafe) static var grownMs = 0.0

  /// The largest grown input, bytes.
  public static let cap: Int = {
    guard let value = getenv("HINGESIM_FUZZ_GROWTH_MAX"), let n = Int(String(cString: value)), n > 0 else {
      return 64 << 10
    }
    return n
  }()

  /// A doubling above this ratio counts as superlinear.
  static let ratio = 3.0
  /// Runs shorter than this, ms, are noise and never judged.
  static let floorMs = 20.0
  /// A single grown run longer than this, ms, is a finding by itself.
  static let ceilingMs = 2_000.0

  /// Grows `input` (keeping its first `header` bytes, a target's control bytes, in front) when
  /// it is one of the sampled inputs, running `body` on every size.
  public static func check(_ input: [UInt8], header: Int = 0, cap: Int = cap, _ body: ([UInt8]) -> Void) {
    guard every > 0, input.count > header, input.count < cap, hash(input) % every == 0,
      budget >= 1 || (plainMs >= 1_000 && grownMs <= budget * plainMs)
    else { return }
    let start = cpuMs()
    defer { grownMs += cpuMs() - start }
    let head = Array(input[..<header])
    let rest = Array(input[header...])
    for way in Way.allCases {
      guard let (prefix, unit, suffix) = way.split(rest) else { continue }
      grow(way, head: head, prefix: prefix, unit: unit, suffix: suffix, cap: cap, body)
    }
  }

  /// Which part of an input is doubled.
  enum Way: String, CaseIterable {
    case whole = "the whole input"
    case middle = "its middle third"
    case longestLine = "the middle third of its longest line"

    /// The input as prefix + unit + suffix, the unit being what is repeated; nil when empty.
    func split(_ bytes: [UInt8]) -> ([UInt8], [UInt8], [UInt8])? {
      switch self {
      case .whole:
        // Lines stay lines: a copy after a newline.
        let unit = bytes.last == 0x0A || !bytes.contains(0x0A) ? bytes : bytes + [0x0A]
        return unit.isEmpty ? nil : ([], unit, [])
      case .middle:
        let third = bytes.count / 3
        guard third > 0 else { return nil }
        return (Array(bytes[..<third]), Array(bytes[third..<(2 * third)]), Array(bytes[(2 * third)...]))
      case .longestLine:
        var best = 0..<0
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
          if index - start > best.count { best = start..<index }
          start = index + 1
        }
        let third = best.count / 3
        guard third > 0 else { return nil }
        let from = best.lowerBound + third
        let to = from + third
        return (Array(bytes[..<from]), Array(bytes[from..<to]), Array(bytes[to...]))
      }
    }
  }

  private static func grow(
    _ way: Way, head: [UInt8], prefix: [UInt8], unit: [UInt8], suffix: [UInt8], cap: Int,
    _ body: ([UInt8]) -> Void
  ) {
    var copies = 1
    var previous: (size: Int, ms: Double)?
    var steepInARow = 0
    while head.count + prefix.count + unit.count * copies + suffix.count <= cap {
      var input = head + prefix
      input.reserveCapacity(input.count + unit.count * copies + suffix.count)
      for _ in 0..<copies { input += unit }
      input += suffix
      let ms = min(time { body(input) }, time { body(input) })
      Fuzz.require(
        ms <= ceilingMs,
        "superlinear: \(input.count) bytes (\(copies) copies of \(way.rawValue)) took \(Int(ms)) ms")
      if let previous, ms >= floorMs, ms > ratio * previous.ms {
        steepInARow += 1
        Fuzz.require(
          steepInARow < 2,
          "superlinear: doubling \(way.rawValue) from \(previous.size) to \(input.count) bytes took \(Int(ms)) ms after \(Int(previous.ms)) ms (twice in a row more than ×\(Int(ratio)))"
        )
      } else {
        steepInARow = 0
      }
      previous = (input.count, ms)
      copies *= 2
    }
  }

  /// Process CPU time of `body`, ms (`CLOCK_PROCESS_CPUTIME_ID`: every thread, as the
  /// typesetter shapes on several, and not the time spent waiting for a core).
  static func time(_ body: () -> Void) -> Double {
    let start = cpuMs()
    body()
    return cpuMs() - start
  }

  /// The process's CPU time now, ms.
  static func cpuMs() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1_000_000
  }

  /// FNV-1a of the input: which inputs are grown, the same in a replay.
  private static func hash(_ bytes: [UInt8]) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return h
  }
}

extension Fuzz {
  /// Runs `body` on the input, then — in the size-growth mode — on grown copies of it
  /// (`Growth`), at most `cap` bytes.
  public static func run(_ input: [UInt8], header: Int = 0, cap: Int = Growth.cap, _ body: ([UInt8]) -> Void) {
    Growth.plainMs += Growth.time { body(input) }
    Growth.check(input, header: header, cap: cap, body)
  }

  /// The entry point of a target whose body reads libFuzzer's pointer and size: it runs once per
  /// input, then on grown copies in the size-growth mode.
  public static func entry(
    _ data: UnsafePointer<UInt8>?, _ size: Int, header: Int = 0, cap: Int = Growth.cap,
    _ body: (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32 {
    run(bytes(data, size), header: header, cap: cap) { input in
      input.withUnsafeBufferPointer { _ = body($0.baseAddress, $0.count) }
    }
    return 0
  }
}
