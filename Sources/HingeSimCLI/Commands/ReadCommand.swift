import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing

/// `hingesim read`: a simulator stream in, the same stream with the reader's events out, so
/// `hingesim simulate X | hingesim read` equals `hingesim run X --json`.
struct ReadCommand: Command {
  static let name = "read"
  static let summary = "run the reader over a simulator stream (stdin), writing the full stream"
  static let usage = """
    usage: hingesim read [STREAM] [options]

    Reads a simulator stream (the output of 'hingesim simulate', JSON Lines) from STREAM or
    stdin and writes it again with the reader's events (paginated, shown, violation) in place:
    'hingesim simulate X | hingesim read' equals 'hingesim run X --json'.

    options:
      --text FILE, --pdf FILE, --offset N, --direction D, --prepaginate, --chapters,
      --lang TAG, --typography T, --compute-model M, --compute-ms MS   as for 'hingesim run'
      --profile NAME     the profile whose typography and insets the reader uses
      --lenient          skip bad lines with a warning
      --conflict NAME=SIDE, --division-when-flat W   the profile's side of a conflict, as
                         for 'hingesim simulate' (what the reader's pages follow)
      --from T, --to T, --max-events N, --record FILE, --realtime, --speed X   as for
                         'hingesim simulate'
      --settle-ms MS and --format other than jsonl are refused (exit 64): the stream
                         was simulated already

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    var options = try SourceOptions.parse(&args)
    // The stream is simulated already: what changes the simulator cannot be honoured here.
    if options.settleMs != nil {
      throw .usage("--settle-ms changes the simulator; read takes a stream already simulated (pass it to simulate)")
    }
    if let format = options.format, format != .jsonl {
      throw .usage("--format \(format.rawValue): read takes a simulator stream, JSON Lines")
    }
    options.format = .jsonl
    let readerOptions = try ReaderOptions.parse(&args)
    let paths = try args.positionals()
    guard paths.count <= 1 else { throw .usage("read takes at most one STREAM, found \(paths.count)") }
    let profile = try options.loadProfile(context)
    let input = try readerOptions.loadInput(profile: profile, context: context)
    // Checked against the text as run checks a source: a select or openChapter past its end is 65.
    var replay = try ReaderReplay(
      paths.first ?? "-", .readerOnly, dialect: .simulator, profile: profile, input: input, options: options,
      reader: readerOptions, context: context)
    return try StreamRun.runToStdout(&replay.pipeline, source: replay.source, options: options, context: context) {
      event, out in
      out.write(bytes: EventWriter.line(event))
    }
  }
}
