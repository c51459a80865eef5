import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// The options the benchmarks share, and their timing helpers.
struct BenchOptions {
  /// Samples to generate.
  var samples = 1_000_000
  /// Runs (the median is reported).
  var runs = 5

  /// Takes `--samples` and `--runs`.
  static func parse(_ args: inout Arguments) throws(CLIError) -> BenchOptions {
    var o = BenchOptions()
    if let n = try args.int("--samples") {
      guard n >= 1000 else { throw .usage("--samples: expected an integer ≥ 1000, found \(n)") }
      o.samples = n
    }
    if let n = try args.int("--runs") {
      guard n >= 3 else { throw .usage("--runs: expected an integer ≥ 3, found \(n)") }
      o.runs = n
    }
    return o
  }

  /// A script of about `samples` samples: `rate 1000` and open/close ramps of 1 s each.
  static func script(samples: Int) -> String {
    let ramps = max(1, samples / 1000)
    var text =
      "# generated: \(ramps) ramps of 1000 samples at 1000 Hz\nrate 1000\nstart closed portrait\n"
    if ramps >= 2 {
      text += "repeat \(ramps / 2) { open to 180 over 1s ease-in-out; close over 1s ease-in-out }\n"
    }
    if ramps % 2 == 1 { text += "open to 180 over 1s\n" }
    return text
  }

  /// The median of some durations.
  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// A number with thousands separators (`1,234,567`).
  static func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
      if i > 0, i % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return String(out.reversed())
  }

  /// Milliseconds with three decimals.
  static func ms(_ value: Double) -> String { NumberFormat.ms(value) }
}
