import EventStream
import Inputs
import Platform
import Simulator

/// The simulator alone over a source: `simulate`, and whatever plays a source into something
/// other than the reader model (`web`, `export`, the benchmarks, PDF.js runs).
extension StreamRun {
  /// Runs SOURCE through the simulator with the shared source options, handing every stream
  /// event to `emit`; returns the number of lines skipped under `--lenient`. Tests and
  /// benchmarks call it in-process.
  @discardableResult
  static func simulate(
    _ path: String, profile: Profile? = nil, options: SourceOptions, context: CommandContext,
    output: OutputFile? = nil, live: LiveDriving = LiveDriving(), emit: (Event) -> Void
  ) throws(CLIError) -> Int {
    let resolved: Profile
    if let profile { resolved = profile } else { resolved = try options.loadProfile(context) }
    let opener = options.opener(profile: resolved, context: context)
    let source = try opener.openForCommand(path)
    var pipeline = RunPipeline.simulator(profile: resolved, settleMs: options.settleMs)
    try StreamRun.run(
      &pipeline, source: source, options: options, context: context, output: output, live: live, emit: emit)
    return opener.skipped.count
  }

  /// The whole simulator stream of SOURCE as JSON Lines bytes, in memory.
  static func streamBytes(_ path: String, options: SourceOptions, context: CommandContext)
    throws(CLIError) -> [UInt8]
  {
    var bytes: [UInt8] = []
    try simulate(path, options: options, context: context) { event in
      bytes.append(contentsOf: EventWriter.line(event))
    }
    return bytes
  }
}
