import EventStream
import Inputs
import Simulator

/// A source opened for a reader and the pipeline that reads it: the one way `run`, `check` and
/// `read` replay a source through the reader model.
///
/// The source is checked against the reader's input as it is read — a `select` past the
/// text's end or an `open-chapter` past its chapters is exit 65, as the reader could not
/// follow it — and the pipeline is `RunPipeline.build`'s.
///
/// ```swift
/// var replay = try ReaderReplay(path, .full, profile: profile, input: input, options: options, reader: reader, context: context)
/// try StreamRun.run(&replay.pipeline, source: replay.source, options: options, context: context) { … }
/// ```
struct ReaderReplay {
  var source: AnyEventSource
  var pipeline: Pipeline
  /// Lines skipped under `--lenient`, counted as the source is read.
  let skipped: SkipCounter

  /// Opens `path` (`-` for stdin) as `dialect` and builds the pipeline of `kind` over `input`.
  init(
    _ path: String, _ kind: RunKind, dialect: EventDecoder.Dialect = .input, profile: Profile, input: ReaderInput,
    options: SourceOptions, reader: ReaderOptions, context: CommandContext
  ) throws(CLIError) {
    let opener = options.opener(
      profile: profile, context: context, textLength: input.textLength, chapterCount: input.chapterCount)
    source = try opener.openForCommand(path, dialect: dialect)
    pipeline =
      RunPipeline.build(kind, profile: profile, input: input, options: RunOptions(options, reader: reader))
      .pipeline
    skipped = opener.skipped
  }
}
