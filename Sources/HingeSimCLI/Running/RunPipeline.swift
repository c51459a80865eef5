import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing

/// What a run's pipeline is built from besides the profile and the text.
struct RunOptions: Sendable {
  /// Settle window override, ms (else the profile's).
  var settleMs: Double?
  /// The Dynamic Type size the run starts with.
  var textSize: TextSize = .large
  /// What the reader's pagination is charged: thread CPU time (`host`), a fixed time per
  /// layout (reproducible streams and reports) or the device model.
  var computeModel: ComputeModel = .host
  /// The reader's starting place.
  var offset = 0
  /// The reading direction asked for; `auto` is resolved against the text (`RunPipeline.reader`).
  var direction: ReadingDirectionChoice = .auto
  /// Paginate every pose's page size in the background.
  var prepaginate = false

  /// Takes the settle window from the shared source options and the rest from the reader's.
  init(_ source: SourceOptions, reader: ReaderOptions = ReaderOptions()) {
    settleMs = source.settleMs
    computeModel = reader.computeModel
    offset = reader.offset
    direction = reader.direction
    prepaginate = reader.prepaginate
  }
}

/// Builds every command's pipeline, in one place:
/// source → hinge → scene → settle → reader → timing.
enum RunPipeline {
  /// The simulator alone (`simulate`, the script and knob benchmarks).
  static func simulator(profile: Profile, settleMs: Double?) -> Pipeline {
    Pipeline(Pipeline.simulator(profile: profile, settleMs: settleMs))
  }

  /// The reader stage for a document.
  static func reader(document: ReaderDocument, profile: Profile, options: RunOptions) -> ReaderStateMachine {
    ReaderStateMachine(
      document: document, profile: profile, offset: options.offset,
      model: options.computeModel, prepaginate: options.prepaginate,
      direction: options.direction.resolved(for: document))
  }

  /// The reader stage for what it shows: the text reader, or the fixed-layout reader for a PDF
  /// (its place a page index: `--offset` is the starting page, 0-based).
  static func reader(input: ReaderInput, profile: Profile, options: RunOptions) -> any Stage {
    switch input {
    case .text(let document): reader(document: document, profile: profile, options: options)
    case .pdf(let document):
      FixedLayoutReader(
        document: document, profile: profile, place: options.offset, model: options.computeModel,
        direction: options.direction == .rtl ? .rtl : .ltr)
    }
  }

  /// The full pipeline (`run`, `check`, `report`).
  static func full(profile: Profile, document: ReaderDocument, options: RunOptions) -> Pipeline {
    full(profile: profile, reader: reader(document: document, profile: profile, options: options), options: options)
  }

  /// The full pipeline for a text or a PDF (`run`, `check`, `report`).
  static func full(profile: Profile, input: ReaderInput, options: RunOptions) -> Pipeline {
    full(profile: profile, reader: reader(input: input, profile: profile, options: options), options: options)
  }

  /// The full pipeline around a reader built by the caller (the live view keeps its cache).
  static func full(profile: Profile, reader: any Stage, options: RunOptions) -> Pipeline {
    var stages = Pipeline.simulator(profile: profile, settleMs: options.settleMs, textSize: options.textSize)
    stages.append(reader)
    stages.append(TimingStateMachine(expectsReader: true, textSize: options.textSize))
    return Pipeline(stages)
  }

  /// A simulator stream → reader → timing (`read`).
  static func readerOnly(profile: Profile, input: ReaderInput, options: RunOptions) -> Pipeline {
    Pipeline([
      reader(input: input, profile: profile, options: options),
      TimingStateMachine(expectsReader: true, textSize: options.textSize),
    ])
  }
}

extension Pipeline {
  /// True when the pipeline's timing stage expects a reader to answer settles.
  var measuresReader: Bool {
    stages.contains { ($0 as? TimingStateMachine)?.expectsReader == true }
  }
}
