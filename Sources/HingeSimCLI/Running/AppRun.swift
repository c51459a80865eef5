import AppLogs
import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing

/// An app log judged against a source (`check --app`, `report --app`, `web`): the source run
/// through the simulator and the navigation stage (`RunPipeline.build(.appReplay, …)`), the log
/// read and aligned with it (`AppLogAlignment`), its warnings on stderr.
struct AppRun {
  /// The SOURCE that drove the app.
  var path: String
  /// The app log's path.
  var appPath: String
  /// The aligned log: findings and the merged stream.
  var alignment: AppLogAlignment
  /// `ContentHash` of the source's bytes (nil for stdin not read to its end).
  var hash: String?
  /// Lines of the source skipped under `--lenient`.
  var skipped = 0

  /// Runs `path` through the simulator and the navigation stage and aligns the app log at
  /// `appPath` with it. With `everything` false (`check`), only the events the alignment reads
  /// are kept — settles, poses, turns, gotos, navigation states and the scene's sizes (the app's
  /// frames measure them) — not every hinge update
  /// and size a trace or plot would draw.
  static func run(
    _ path: String, appPath: String, profile: Profile, document: ReaderDocument, options: SourceOptions,
    reader: ReaderOptions, everything: Bool = true, context: CommandContext
  ) throws(CLIError) -> AppRun {
    let log: AppLog
    do {
      let bytes = try FileBytes.read(path: appPath, limit: context.readLimits[.appLog])
      log = try AppLog.decode(
        bytes, file: appPath, textLength: document.utf16Count, textHash: ContentHash.of(document.text.utf8))
    } catch {
      throw CLIError(inputError: error)
    }
    for warning in log.warnings { context.stderr.line("hingesim: \(warning)") }
    var opener = options.opener(profile: profile, context: context)
    let digest = ReadDigest()
    opener.settings.digest = digest
    let source = try opener.openForCommand(path)
    let library = document.library
    let runOptions = RunOptions(options, reader: reader)
    var pipeline = RunPipeline.build(.appReplay, profile: profile, input: .text(document), options: runOptions).pipeline
    var stream: [Event] = []
    try StreamRun.run(&pipeline, source: source, options: options, context: context) { event in
      switch event.kind {
      case .settled, .pose, .turn, .goto, .navigation, .scene: stream.append(event)
      default: if everything { stream.append(event) }
      }
    }
    let alignment = AppLogAlignment(
      log: log, stream: stream, document: document, insets: profile.pages,
      direction: reader.direction.resolved(for: document),
      unit: reader.chapters
        ? .chapter(
          startingIn: library.chapter(containing: runOptions.offset).id,
          ranges: Dictionary(uniqueKeysWithValues: library.chapters.map { ($0.id, $0.range) })) : .wholeText)
    var hash = digest.completeHash
    if hash == nil, path != "-", POSIX.isRegularFile(path) { hash = try? ContentHash.ofFile(path) }
    return AppRun(path: path, appPath: appPath, alignment: alignment, hash: hash, skipped: opener.skipped.count)
  }

  /// The timing records of the app's cycles: the merged stream through the timing stage.
  func records(emit: (Event) -> Void = { _ in }) -> [TimingRecord] {
    var timing = TimingStateMachine(expectsReader: true)
    var records: [TimingRecord] = []
    var out: [Event] = []
    for event in alignment.events {
      emit(event)
      out.removeAll(keepingCapacity: true)
      timing.receive(event, into: &out)
      for e in out {
        if case .timing(let r) = e.kind { records.append(r) }
        emit(e)
      }
    }
    out.removeAll()
    timing.closeUnanswered(as: .superseded, at: alignment.events.last?.time ?? 0, into: &out)
    for e in out {
      if case .timing(let r) = e.kind { records.append(r) }
      emit(e)
    }
    return records
  }
}
