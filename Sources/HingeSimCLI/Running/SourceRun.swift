import EventStream
import Inputs
import Platform
import Reader
import Reports
import Simulator
import Timing

/// One source run through the full pipeline: its timing records and, when asked for, its
/// Chrome trace events and SVG timeline.
struct SourceRun: Sendable {
  /// The SOURCE argument.
  var path: String
  /// One record per settle cycle, in stream order.
  var records: [TimingRecord] = []
  /// Trace events (JSON objects) of this source's process, when a trace was asked for.
  var traceLines: [String] = []
  /// The timeline, when a plot was asked for.
  var svg: String?
  /// Lines skipped under `--lenient`.
  var skipped = 0
  /// False when the pipeline had no reader (pagination and shown are not measured).
  var measuresReader = false
  /// `ContentHash` of the source's bytes; nil when stdin or a pipe was not read to its end.
  var hash: String?
  /// Reader rules broken, with their stream times, in stream order.
  var violations: [(time: Double, violation: Violation)] = []
  /// The order the reader's pages ran in (`--direction`, `auto` resolved against the text).
  var direction = ReadingDirection.ltr

  /// What to produce besides the records.
  struct Outputs: Sendable {
    var trace = false
    var plot = false
  }

  /// Runs `path` (source number `index`, 0-based) through the reader of `text`, or of `pdf`
  /// when given, and collects what `outputs` asks for.
  static func run(
    _ path: String, index: Int, profile: Profile, text: String, pdf: FixedLayoutDocument? = nil,
    source: SourceOptions, run: RunOptions,
    outputs: Outputs, context: CommandContext
  ) throws(CLIError) -> SourceRun {
    var opener = source.opener(
      profile: profile, context: context, textLength: pdf == nil ? text.utf16.count : nil,
      chapterCount: pdf == nil ? Library(text: text).chapters.count : nil)
    let digest = ReadDigest()
    opener.settings.digest = digest
    let events = try opener.openForCommand(path)
    let input: ReaderInput
    if let pdf {
      input = .pdf(pdf)
    } else {
      do {
        // One per job: layouts are not shared across threads.
        input = .text(try ReaderDocument(text: text, profile: profile))
      } catch {
        throw CLIError(readerError: error)
      }
    }
    var pipeline = RunPipeline.build(.full, profile: profile, input: input, options: run).pipeline
    var result = SourceRun(path: path)
    result.direction =
      switch input {
      case .text(let document): run.direction.resolved(for: document)
      case .pdf: run.direction == .rtl ? .rtl : .ltr
      }
    result.measuresReader = pipeline.measuresReader
    var trace = outputs.trace ? ChromeTrace(processName: path, pid: index + 1) : nil
    var plot = outputs.plot ? TimelinePlot(title: path) : nil
    var records: [TimingRecord] = []
    var violations: [(time: Double, violation: Violation)] = []
    try StreamRun.run(&pipeline, source: events, options: source, context: context) { event in
      switch event.kind {
      case .timing(let record): records.append(record)
      case .violation(let v): violations.append((event.time, v))
      default: break
      }
      trace?.add(event)
      plot?.add(event)
    }
    result.records = records
    result.violations = violations
    result.hash = hash(of: path, digest: digest)
    result.traceLines = trace?.finishEvents() ?? []
    result.svg = plot?.svg()
    result.skipped = opener.skipped.count
    return result
  }

  /// The source's content hash: of the bytes the run read when it read them all, else of the
  /// file read again (a regular file can be); nil for stdin or a pipe left unfinished
  /// (`--to`, `--max-events`), whose rest cannot be read without waiting on its writer.
  private static func hash(of path: String, digest: ReadDigest) -> String? {
    if let complete = digest.completeHash { return complete }
    guard path != "-", POSIX.isRegularFile(path) else { return nil }
    return try? ContentHash.ofFile(path)
  }
}
