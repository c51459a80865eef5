import HingeSim

/// `hingesim simulate SOURCE`: the simulator stream (hinge, status, pose, scene, regions,
/// settled, plus the inputs the reader needs) as JSON Lines.
struct SimulateCommand: Command {
  static let name = "simulate"
  static let summary = "turn a trace or script into the stream an app would see (JSON Lines)"
  static let usage = """
    usage: hingesim simulate SOURCE [options]

    Reads SOURCE (a .jsonl or .csv trace, a .hinge script, a knob recording, or - for stdin)
    and writes the simulator stream as JSON Lines: hinge, status, pose, scene, regions,
    settled, and the inputs the reader needs (orientation, textSize, turn, goto, split, mark).

    options:
      --profile NAME     device profile (default iphone-duo; see 'hingesim profiles')
      --settle-ms MS     settle window (default: the profile's, 200 ms)
      --out FILE         write the stream to FILE instead of stdout
      --format F         source format: jsonl, csv, hinge, evemu, libinput (default: from
                         the extension; sniffed for stdin)
      --lenient          skip bad lines with a warning and a count at the end
      --record FILE      write the input events to FILE (JSONL) as they are read
      --realtime         play at wall-clock pace (default: virtual time, as fast as possible)
      --speed X          real-time speed factor, 0.1 to 100 (implies --realtime)

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let options = try SourceOptions.parse(&args)
    let outPath = try args.option("--out")
    let paths = try args.positionals()
    guard paths.count == 1 else {
      throw .usage(
        paths.isEmpty
          ? "simulate needs a SOURCE (a trace, a script, or -)" : "simulate takes one SOURCE, found \(paths.count)")
    }
    let profile = try options.loadProfile(context)
    let opener = SourceOpener(options: options, profile: profile, context: context)
    let source = try opener.open(paths[0])
    let out = try outPath.map { path throws(CLIError) in try OutputStream.create(path: path) } ?? context.stdout
    defer { if outPath != nil { out.close() } }
    var pipeline = Pipeline(Pipeline.simulator(profile: profile, settleMs: options.settleMs))
    try StreamRun.run(&pipeline, source: source, options: options, context: context, output: out) { event in
      out.write(bytes: EventWriter.line(event))
    }
    out.flush()
    if opener.skipped.count > 0 {
      context.stderr.line("hingesim: skipped \(opener.skipped.count) bad line(s) (--lenient)")
    }
    return .ok
  }
}
