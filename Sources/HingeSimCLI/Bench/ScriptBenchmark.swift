import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// `hingesim bench script`: compile a generated 1,000,000-sample script and run it through
/// the simulator pipeline to a discarding sink; reports the median samples/s.
enum ScriptBenchmark {
  /// Runs the benchmark and prints its figures.
  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let bench = try BenchOptions.parse(&args)
    let options = try SourceOptions.parse(&args)
    _ = try args.positionals()
    let profile = try options.loadProfile(context)
    let text = BenchOptions.script(samples: bench.samples)
    var totals: [Double] = []
    var compiles: [Double] = []
    var generations: [Double] = []
    var samples = 0
    var emitted = 0
    for _ in 0..<bench.runs {
      let start = MonotonicClock.nowMs()
      let script: CompiledScript
      do {
        script = try CompiledScript.compile(
          text, file: "<bench>", options: CompiledScript.Options(profile: profile))
      } catch {
        throw CLIError(error.description, code: .dataError)
      }
      let compiled = MonotonicClock.nowMs()
      var source = ScriptSource(script)
      var pipeline = RunPipeline.simulator(profile: profile, settleMs: options.settleMs)
      var count = 0
      do {
        try EventLoop.runVirtual(&pipeline, source: &source) { _ in count += 1 }
      } catch {
        throw CLIError(inputError: error)
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
    let total = BenchOptions.median(totals)
    let out = context.stdout
    out.line(
      "bench script: \(BenchOptions.grouped(Double(samples))) input events (rate 1000 Hz ramps), \(bench.runs) runs, medians"
    )
    out.line("  compile           \(BenchOptions.ms(BenchOptions.median(compiles))) ms")
    out.line(
      "  generate only     \(BenchOptions.ms(BenchOptions.median(generations))) ms  (\(BenchOptions.grouped(Double(samples) / BenchOptions.median(generations) * 1000)) samples/s)"
    )
    out.line(
      "  compile+simulate  \(BenchOptions.ms(total)) ms  → \(BenchOptions.grouped(Double(samples) / total * 1000)) samples/s  (\(BenchOptions.grouped(Double(emitted))) stream events)"
    )
    return .ok
  }
}
