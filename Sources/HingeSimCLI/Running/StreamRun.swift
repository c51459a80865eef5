import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// What a `--realtime` run may be given besides its options: the clock whose start is the
/// stream's t = 0 (a driver that must know it), and hooks called as the loop goes idle.
struct LiveDriving {
  var clock: LiveClock?
  var hooks = LiveHooks()
}

/// Runs one source through a pipeline the way every command does: recording, pacing,
/// Ctrl-C and closed pipes, and errors that say how far the output got.
enum StreamRun {
  /// Installs the Ctrl-C handler that asks the run loop to stop cleanly.
  static func installInterruptHandler() {
    StopRequest.installSignalHandlers()
  }

  /// Runs `source` through `pipeline`, handing every stream event to `emit`.
  /// Returns the number of events emitted; throws with a message that says where it stopped.
  @discardableResult
  static func run(
    _ pipeline: inout Pipeline, source: AnyEventSource, options: SourceOptions,
    context: CommandContext, output: OutputFile? = nil, live: LiveDriving = LiveDriving(),
    emit: (Event) -> Void
  ) throws(CLIError) -> Int {
    installInterruptHandler()
    var recording: OutputFile?
    if let path = options.recordPath { recording = try OutputFile.create(path: path, lineBuffered: true) }
    defer { recording?.close() }
    var progress = StreamProgress()
    let counting: (Event) -> Void = { event in
      emit(event)
      progress.emitted(at: event.time, lines: output?.linesAppended ?? 0)
      if output?.isBroken == true || recording?.isBroken == true { StopRequest.set(true) }
    }
    let record: ((Event) -> Void)? = recording.map { file in { file.write(bytes: EventWriter.line($0)) } }
    do {
      var plain = source
      try drive(&pipeline, &plain, options, live, record, counting)
    } catch {
      output?.flush()
      var cliError = CLIError(inputError: error)
      cliError.message +=
        "\n  \(progress.stopNote)"
        + (options.recordPath.map { "; the recording \($0) holds the inputs read so far" } ?? "")
      throw cliError
    }
    output?.flush()
    recording?.close()
    if let recording, recording.failedForReal {
      throw CLIError(writeFailure: recording, progress: nil)
    }
    if let output, output.failedForReal { throw CLIError(writeFailure: output, progress: progress) }
    return progress.events
  }

  /// Runs `source` through `pipeline` to stdout, writing every event with `write`, and flushes;
  /// the exit code fails when the reader reported a violation (`run`, `read`).
  ///
  /// A closed stdout pipe is a clean stop and exit 0 (the Unix convention, docs/bad-input.md):
  /// the reader of the stream went away, so the run ends where it was (`end`, `stopped`:
  /// nothing pending settles). The exit code does not report on a stream nobody reads to its
  /// end.
  static func runToStdout(
    _ pipeline: inout Pipeline, source: AnyEventSource, options: SourceOptions,
    context: CommandContext, write: (Event, OutputFile) -> Void
  ) throws(CLIError) -> ExitCode {
    let out = context.stdout
    var violations = 0
    try run(&pipeline, source: source, options: options, context: context, output: out) { event in
      if case .violation = event.kind { violations += 1 }
      write(event, out)
    }
    out.flush()
    if out.isClosedPipe { return .ok }
    return violations > 0 ? .failure : .ok
  }

  /// Runs the loop the options ask for; `record` gets each input as the pipeline takes it and
  /// the end marker of a run cut short (`--record`).
  private static func drive(
    _ pipeline: inout Pipeline, _ source: inout some EventSource, _ options: SourceOptions,
    _ live: LiveDriving, _ record: ((Event) -> Void)?, _ emit: (Event) -> Void
  ) throws(InputError) {
    if options.realtime {
      var paced = PacedSource(source)
      var hooks = live.hooks
      if let record {
        let given = hooks.input
        hooks.input = { event in
          record(event)
          given(event)
        }
      }
      try EventLoop.runLive(
        &pipeline, source: &paced, clock: live.clock ?? LiveClock(speed: options.speed), stamping: .wakeTime,
        hooks: hooks, emit: emit)
    } else {
      try EventLoop.runVirtual(&pipeline, source: &source, record: record, emit: emit)
    }
  }

}
