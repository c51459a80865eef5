import EventStream
import Inputs
import Platform
import Simulator
import Timing

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
      --conflict NAME=SIDE
                         take SIDE of a conflict between the profile's sources instead of
                         the profile's ('hingesim profiles --conflicts' lists them: e.g.
                         tabletopFold=fold-moves, innerPortraitReader=safe-area); repeatable
      --division-when-flat frame-stays|zero-when-flat
                         the same as --conflict divisionWhenFlat=…: the fold's frame when
                         fully open kept, only isActive changes (measured; the default), or
                         0 pt across (Apple's design resource); any profile
      --out FILE         write the stream to FILE instead of stdout
      --format F         source format: jsonl, csv, hinge, evemu, libinput (default: from
                         the extension; sniffed for stdin)
      --lenient          skip bad lines with a warning and a count at the end
      --record FILE      write the input events to FILE (JSONL) as they are read
      --realtime         play at wall-clock pace (default: virtual time, as fast as possible)
      --speed X          real-time speed factor, 0.1 to 100 (implies --realtime)
      --from T           replay from T (ms, or 5s, 2min): the state at T is reconstructed at
                         t = 0 and times are shifted so that T becomes 0
      --to T             stop before T (events with from ≤ t < to are replayed)
      --max-events N     a script that would generate more events is an error (default
                         10000000)

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let options = try SourceOptions.parse(&args)
    let outPath = try args.option("--out")
    let paths = try args.positionals()
    guard paths.count == 1 else {
      throw .usage(
        paths.isEmpty
          ? "simulate needs a SOURCE (a trace, a script, or -)"
          : "simulate takes one SOURCE, found \(paths.count)")
    }
    let profile = try options.loadProfile(context)  // a bad profile fails before --out is created
    let out =
      try outPath.map { path throws(CLIError) in try OutputFile.create(path: path) }
      ?? context.stdout
    defer { if outPath != nil { out.close() } }
    let skipped = try StreamRun.simulate(paths[0], profile: profile, options: options, context: context, output: out) {
      event in out.writeLine { EventWriter.append(event, to: &$0) }  // straight into the output's buffer
    }
    if outPath != nil {
      out.close()
      if out.failedForReal { throw CLIError(writeFailure: out, progress: nil) }
    }
    if skipped > 0 {
      context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)")
    }
    return .ok
  }
}
