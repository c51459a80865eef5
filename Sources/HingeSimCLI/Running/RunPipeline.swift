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

/// What a run's pipeline ends with after the source.
enum RunKind: Sendable {
  /// The simulator alone (`simulate`, `web`, the script and knob benchmarks).
  case simulator
  /// The simulator, the navigation stage and the reader, then timing (`run`, `check`,
  /// `report`, `knob`, the live view and the demo page).
  case full
  /// A simulator stream into the navigation stage and the reader, then timing (`read`).
  case readerOnly
  /// The simulator and the navigation stage: an app's log stands for the reader (`check
  /// --app`, `report --app`; the sidebar's and a chapter's re-settles are the app's to answer).
  case appReplay
}

/// Where the reader's pages are kept, for whoever shows their text (the live view, the demo
/// page): the reader's own paginations, never a second layout.
enum ReaderPages {
  /// The text reader's cache.
  case text(PaginationCache)
  /// The chapter reader's caches, one per chapter opened.
  case chapters(ChapterCaches)
  /// A PDF: its pages' text is read from the file.
  case pdf
}

/// A built run: the pipeline and where its reader keeps its pages.
struct BuiltRun {
  var pipeline: Pipeline
  /// Nil without a reader (`simulator`, `appReplay`).
  var pages: ReaderPages?
}

/// Builds every run's pipeline, in one place — batch (`run`, `read`, `check`, `report`), live
/// (`knob`, `run --realtime`, the live view, the demo page) and app replays alike:
/// source → hinge → scene → settle → navigation → reader → timing. Every option that changes
/// the reader reaches it here (`RunOptions`, and the document `ReaderOptions.loadInput` read
/// with the typography and language); a command that cannot honour one refuses it
/// (`ReaderOptions.refuseUnless(honouredBy:command:)`).
enum RunPipeline {
  /// Builds the pipeline of `kind` over `input` (nil only for `simulator`).
  static func build(_ kind: RunKind, profile: Profile, input: ReaderInput?, options: RunOptions) -> BuiltRun {
    var stages: [any Stage] = []
    if kind != .readerOnly {
      stages = Pipeline.simulator(profile: profile, settleMs: options.settleMs, textSize: options.textSize)
    }
    guard kind != .simulator, let input else { return BuiltRun(pipeline: Pipeline(stages), pages: nil) }
    if kind == .appReplay {
      guard case .text(let document) = input else { preconditionFailure("an app replay reads a text") }
      stages.append(navigation(document.library, profile: profile, options: options))
      return BuiltRun(pipeline: Pipeline(stages), pages: nil)
    }
    let pages: ReaderPages
    switch input {
    case .pdf(let document):
      stages.append(
        FixedLayoutReader(
          document: document, profile: profile, place: options.offset, model: options.computeModel,
          direction: options.direction == .rtl ? .rtl : .ltr))
      pages = .pdf
    case .text(let document) where options.chapters:
      let library = document.library
      let caches = ChapterCaches()
      let reader = ChapterReader(
        library: library, document: document, profile: profile, offset: options.offset, model: options.computeModel,
        prepaginate: options.prepaginate, direction: options.direction.resolved(for: document), caches: caches)
      stages += [navigation(library, profile: profile, options: options), reader]
      pages = .chapters(caches)
    case .text(let document):
      let reader = ReaderStateMachine(
        document: document, profile: profile, offset: options.offset, model: options.computeModel,
        prepaginate: options.prepaginate, direction: options.direction.resolved(for: document))
      stages += [navigation(document.library, profile: profile, options: options), reader]
      pages = .text(reader.cache)
    }
    stages.append(TimingStateMachine(expectsReader: true, textSize: options.textSize))
    return BuiltRun(pipeline: Pipeline(stages), pages: pages)
  }

  /// The simulator alone.
  static func simulator(profile: Profile, settleMs: Double?) -> Pipeline {
    var options = RunOptions(SourceOptions())
    options.settleMs = settleMs
    return build(.simulator, profile: profile, input: nil, options: options).pipeline
  }

  /// The navigation stage before a text reader (with `--chapters`, opening a chapter re-settles).
  private static func navigation(_ library: Library, profile: Profile, options: RunOptions) -> NavigationStateMachine {
    NavigationStateMachine(
      library: library, offset: options.offset, chapterPagination: options.chapters,
      sidebarWidth: profile.pages.sidebarWidth)
  }
}

extension Pipeline {
  /// True when the pipeline's timing stage expects a reader to answer settles.
  var measuresReader: Bool {
    stages.contains { ($0 as? TimingStateMachine)?.expectsReader == true }
  }
}
