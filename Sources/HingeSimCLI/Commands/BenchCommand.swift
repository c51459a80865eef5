/// `hingesim bench WHAT`: the benchmarks (`knob`: input-to-hinge latency on the fake device).
struct BenchCommand: Command {
  static let name = "bench"
  static let summary = "benchmarks: knob (input_event → delivered hinge event latency)"
  static let usage = """
    usage: hingesim bench knob [options]

    benchmarks:
      knob    input_event timestamp → delivered hinge event latency, through libevdev on the
              fake evdev device ('hingesim bench knob --help' for its options)

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if args.flag("knob") { return try KnobBenchmark.run(&args, context) }
    let rest = try args.positionals()
    throw .usage(
      rest.first.map { "unknown benchmark '\($0)' (available: knob)" }
        ?? "bench needs a benchmark name: knob")
  }
}
