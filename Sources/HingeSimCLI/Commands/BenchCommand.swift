/// `hingesim bench`: runs one of the benchmarks (`typeset`).
struct BenchCommand: Command {
  static let name = "bench"
  static let summary = "run a benchmark: typeset"
  static let usage = """
    usage: hingesim bench typeset [--runs N] [--no-pango] [--text FILE]…

    typeset   Typesetter cold and warm times on the bundled sample and the shared corpus,
              next to Pango (../shared/reference/pango-paginate.c) in the same run.

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    // The benchmark's name is the first word; each benchmark takes its own options.
    if args.flag("typeset") { return try TypesetBenchmark.run(&args, context) }
    let rest = try args.positionals()
    guard let which = rest.first else { throw .usage("bench needs a benchmark name: typeset") }
    throw .usage("unknown benchmark '\(which)' (typeset)")
  }
}
