import EventStream
import Inputs
import Platform

/// `hingesim bench script`: compile a generated 1,000,000-sample script and run it through
/// the simulator pipeline to a discarding sink; reports the median samples/s.
public enum ScriptBenchmark {
  /// What the benchmark runs.
  public struct Settings: Sendable {
    /// Samples to generate.
    public var samples: Int
    /// Runs (the median is reported).
    public var runs: Int
    /// The hinge range and sensor rate the generated script is compiled with.
    public var script: CompiledScript.Options

    /// Makes settings.
    public init(samples: Int = 1_000_000, runs: Int = 5, script: CompiledScript.Options) {
      self.samples = samples
      self.runs = runs
      self.script = script
    }
  }

  /// Runs the benchmark, with a fresh simulator pipeline from `pipeline` for each run, and
  /// prints its figures to `out`.
  public static func run(_ settings: Settings, out: OutputFile, pipeline: () -> Pipeline) throws(BenchmarkError) {
    let text = RampScript.text(samples: settings.samples)
    var totals: [Double] = []
    var compiles: [Double] = []
    var generations: [Double] = []
    var samples = 0
    var emitted = 0
    for _ in 0..<settings.runs {
      let start = MonotonicClock.nowMs()
      let script: CompiledScript
      do {
        script = try CompiledScript.compile(text, file: "<bench>", options: settings.script)
      } catch {
        throw BenchmarkError(error.description, kind: .dataError)
      }
      let compiled = MonotonicClock.nowMs()
      var source = ScriptSource(script)
      var simulator = pipeline()
      var count = 0
      do {
        try EventLoop.runVirtual(&simulator, source: &source) { _ in count += 1 }
      } catch {
        throw BenchmarkError(inputError: error)
      }
      let end = MonotonicClock.nowMs()
      samples = script.eventCount
      emitted = count
      compiles.append(compiled - start)
      totals.append(end - start)

      // Generation alone (no simulator), for the breakdown.
      let g0 = MonotonicClock.nowMs()
      var alone = ScriptSource(script)
      var n = 0
      while alone.nextEvent() != nil { n += 1 }
      generations.append(MonotonicClock.nowMs() - g0)
    }
    let total = BenchmarkFigures.median(totals)
    out.line(
      "bench script: \(BenchmarkFigures.grouped(Double(samples))) input events (rate 1000 Hz ramps), \(settings.runs) runs, medians"
    )
    out.line("  compile           \(BenchmarkFigures.ms(BenchmarkFigures.median(compiles))) ms")
    out.line(
      "  generate only     \(BenchmarkFigures.ms(BenchmarkFigures.median(generations))) ms  (\(BenchmarkFigures.grouped(Double(samples) / BenchmarkFigures.median(generations) * 1000)) samples/s)"
    )
    out.line(
      "  compile+simulate  \(BenchmarkFigures.ms(total)) ms  → \(BenchmarkFigures.grouped(Double(samples) / total * 1000)) samples/s  (\(BenchmarkFigures.grouped(Double(emitted))) stream events)"
    )
  }
}
