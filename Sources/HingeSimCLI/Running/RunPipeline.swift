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
  /// Paginate one chapter at a time (`--chapters`: `ChapterReader`).
  var chapters = false

  /// Takes the settle window from the shared source options and the rest from the reader's.
  init(_ source: SourceOptions, reader: ReaderOptions = ReaderOptions()) {
    settleMs = source.settleMs
    computeModel = reader.computeModel
    offset = reader.offset
    direction = reader.direction
    prepaginate = reader.prepaginate
    chapters = reader.chapters
  }
}

/// Builds every command's pipeline, in one place:
/// source → hinge → scene → settle → reader → timing.
enum RunPipeline {
  /// The simulator alone (`simulate`, the script and knob benchmarks).
  static func simulator(profile: Profile, settleMs: Double?) -> Pipeline {
    Pipeline(Pipeline.simulator(profile: profile, settleMs: settleMs))
  }

  /// What an app's reader is asked (`check --app`, `report --app`): the simulator, then the
  /// navigation stage — the sidebar's and an opened chapter's re-settles and the chapter's move
  /// of the place are the app's to answer too. The app's log stands for the reader.
  static func appReplay(profile: Profile, library: Library, options: RunOptions) -> Pipeline {
    var stages = Pipeline.simulator(profile: profile, settleMs: options.settleMs, textSize: options.textSize)
    stages.append(
      NavigationStateMachine(
        library: library, offset: options.offset, chapterPagination: options.chapters,
        sidebarWidth: profile.pages.sidebarWidth))
    return Pipeline(stages)
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

  /// The stages between settle and timing: for a text, the navigation stage and its reader
  /// (with `--chapters`, the reader that paginates one chapter at a time); for a PDF, the
  /// fixed-layout reader.
  static func readerStages(input: ReaderInput, profile: Profile, options: RunOptions) -> [any Stage] {
    guard case .text(let document) = input else { return [reader(input: input, profile: profile, options: options)] }
    guard options.chapters else {
      return [
        NavigationStateMachine(
          library: Library(text: document.text), offset: options.offset, sidebarWidth: profile.pages.sidebarWidth),
        reader(document: document, profile: profile, options: options),
      ]
    }
    return chapterStages(document: document, profile: profile, options: options)
  }

  /// The navigation stage and the reader that paginates one chapter at a time (`--chapters`).
  static func chapterStages(document: ReaderDocument, profile: Profile, options: RunOptions) -> [any Stage] {
    let library = Library(text: document.text)
    // The whole text's fonts loaded, so a chapter's do.
    let reader = ChapterReader(
      library: library, document: document, profile: profile, offset: options.offset, model: options.computeModel,
      prepaginate: options.prepaginate, direction: options.direction.resolved(for: document))!
    return [
      NavigationStateMachine(
        library: library, offset: options.offset, chapterPagination: true, sidebarWidth: profile.pages.sidebarWidth),
      reader,
    ]
  }

  /// The full pipeline for a text or a PDF (`run`, `check`, `report`).
  static func full(profile: Profile, input: ReaderInput, options: RunOptions) -> Pipeline {
    var stages = Pipeline.simulator(profile: profile, settleMs: options.settleMs, textSize: options.textSize)
    stages.append(contentsOf: readerStages(input: input, profile: profile, options: options))
    stages.append(TimingStateMachine(expectsReader: true, textSize: options.textSize))
    return Pipeline(stages)
  }

  /// The full pipeline for a text.
  static func full(profile: Profile, document: ReaderDocument, options: RunOptions) -> Pipeline {
    full(profile: profile, input: .text(document), options: options)
  }

  /// The full pipeline around a reader built by the caller (the live view keeps its cache); a
  /// text reader gets the navigation stage before it.
  static func full(profile: Profile, reader: any Stage, options: RunOptions) -> Pipeline {
    var stages = Pipeline.simulator(profile: profile, settleMs: options.settleMs, textSize: options.textSize)
    if let text = reader as? ReaderStateMachine {
      stages.append(
        NavigationStateMachine(
          library: Library(text: text.cache.document.text), offset: options.offset,
          sidebarWidth: profile.pages.sidebarWidth))
    }
    stages.append(reader)
    stages.append(TimingStateMachine(expectsReader: true, textSize: options.textSize))
    return Pipeline(stages)
  }

  /// A simulator stream → reader → timing (`read`).
  static func readerOnly(profile: Profile, input: ReaderInput, options: RunOptions) -> Pipeline {
    Pipeline(
      readerStages(input: input, profile: profile, options: options) + [
        TimingStateMachine(expectsReader: true, textSize: options.textSize)
      ])
  }
}

extension Pipeline {
  /// True when the pipeline's timing stage expects a reader to answer settles.
  var measuresReader: Bool {
    stages.contains { ($0 as? TimingStateMachine)?.expectsReader == true }
  }
}
