import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// `hingesim bench NAME`: built-in benchmarks (medians of several runs).
struct BenchCommand: Command {
  static let name = "bench"
  static let summary = "run a built-in benchmark (typeset, simulate, script, knob)"
  static let usage = """
    usage: hingesim bench NAME [options]

    benchmarks:
      typeset    Typesetter cold and warm times on the bundled sample and the shared corpus,
                 next to Pango (../shared/reference/pango-paginate.c) in the same run
                 (options: --runs N, --no-pango, --text FILE…)
      simulate   simulate a generated 1,000,000-sample JSONL trace from a file to /dev/null;
                 prints samples/s (target ≥ 1,000,000)
      script     compile a generated script of 1,000,000 samples and run it through the
                 simulator to a discarding sink; prints samples/s (target ≥ 1,000,000)
      knob       input_event timestamp → delivered hinge event latency, through libevdev on
                 the fake evdev device ('hingesim bench knob --help' for its options)

    options (simulate, script):
      --samples N    samples to generate (default 1000000)
      --runs N       runs; the median is reported (default 5, at least 3)
      --trace FILE   (simulate) where the generated trace is written and kept
                     (default /tmp/hingesim-bench-N.jsonl)

    """

  static let names = ["typeset", "simulate", "script", "knob"]

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let list = names.joined(separator: ", ")
    guard let name = args.subcommand() else { throw .usage("bench needs a NAME (\(list))") }
    switch name {
    case "typeset": return try TypesetBenchmark.run(&args, context)
    case "simulate": return try SimulateBenchmark.run(&args, context)
    case "script": return try ScriptBenchmark.run(&args, context)
    case "knob": return try KnobBenchmark.run(&args, context)
    default: throw .usage("unknown benchmark '\(name)' (available: \(list))")
    }
  }
}
