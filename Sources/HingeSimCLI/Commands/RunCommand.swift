import AppLogs
import EventStream
import Inputs
import Platform
import Reader
import Reports
import Simulator
import Timing
import Typesetter

/// `hingesim run [SOURCE]`: source → simulator → reader in one process, as a readable
/// timeline (or the full stream with `--json`).
struct RunCommand: Command {
  static let name = "run"
  static let summary = "replay a trace or script through the simulator and the reader"
  static let usage = """
    usage: hingesim run [SOURCE] [options]

    Runs SOURCE (default: traces/default.hinge) through the simulator and the reader, which
    paginates TEXT (default: texts/sample-chapter.txt) again after each settle and keeps
    the place. Prints one line per event that matters: pose, status, settled, paginated
    (pages and ms), shown pages with their first words, and violations.

    options:
      --text FILE        the text to read (any UTF-8 file)
      --pdf FILE         show a PDF instead (pages do not reflow: the place is a page
                         index, --offset the starting page; two up centred on the fold)
      --offset N         the starting place, a UTF-16 offset (default 0)
      --direction D      ltr, rtl or auto (default): the order the pages run in; rtl puts
                         a spread's first page right of the fold. auto follows the text's
                         base direction (FriBidi)
      --json             the full stream as JSON Lines instead of the timeline
      --emit-app-log FILE  also write the reader model's behaviour as an app log
                         (docs/app-log.md): what 'check --app' and 'report --app' read
      --view             the full-screen live view (plays at wall-clock pace; --speed X)
      --web              the live demo page in Chromium instead: a window on $DISPLAY, or
                         headless without one (docs/web.md#the-knobs-demo-page)
      --web-screenshot FILE   with --web: the page as a PNG when the run ends
      --prepaginate      paginate every pose's page size in the background
      --chapters         paginate one chapter at a time (page counts per chapter; the
                         library and navigation: docs/reader.md, Navigation)
      --lang TAG         \(TypesetSetup.languageHelp)
      --typography T     calibrated (the profile's SF Pro metrics: line heights and widths)
                         or inter (the profile's line heights, Inter's widths); default
                         calibrated when the profile has a calibration, else inter
      --compute-model M  what a pagination is charged: host (this machine's thread CPU
                         time, the default), fixed:MS, device, device:low, device:high
      --compute-ms MS    the same as --compute-model fixed:MS (reproducible streams)
      --profile NAME, --settle-ms MS, --conflict NAME=SIDE, --division-when-flat W,
      --format F, --lenient, --record FILE, --realtime, --speed X, --from T, --to T,
      --max-events N
                                                                as for 'hingesim simulate'

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let options = try SourceOptions.parse(&args)
    let readerOptions = try ReaderOptions.parse(&args)
    let json = args.flag("--json")
    let view = args.flag("--view")
    let webScreenshot = try args.option("--web-screenshot")
    let web = args.flag("--web") || webScreenshot != nil
    let appLogPath = try args.option("--emit-app-log")
    let paths = try args.positionals()
    guard paths.count <= 1 else { throw .usage("run takes one SOURCE, found \(paths.count)") }
    let path = paths.first ?? defaultSource(context)
    if view, appLogPath != nil { throw .usage("--emit-app-log does not go with --view") }
    if appLogPath != nil, readerOptions.pdfPath != nil {
      throw .usage("--emit-app-log writes the log of an app reading a text; it does not go with --pdf")
    }
    if view, web { throw .usage("--web and --view: choose one demo surface") }
    if view || web {
      if readerOptions.pdfPath != nil, web {
        throw .usage("the demo page shows a text; --pdf goes with the timeline, --json or --view")
      }
      if appLogPath != nil { throw .usage("--emit-app-log does not go with --web") }
      if view, json { throw .usage("--json and --view: the view takes the terminal; choose one") }
      // The live view plays the source at its own pace through the live run loop.
      var live = KnobRunOptions()
      live.replay = path
      live.speed = options.speed
      live.view = view
      live.web = web
      live.webScreenshot = webScreenshot
      live.json = json
      live.source = options
      live.recordPath = options.recordPath
      live.reader = readerOptions
      return try KnobRun(options: live, context: context).run()
    }
    // A text is laid out next: its libraries (HarfBuzz and the rest, 2.4 M instructions of the
    // dynamic loader's) open on a second thread while the profile loads.
    let opening = readerOptions.pdfPath == nil ? JoinableThread.start { Font.openLibraries() } : nil
    defer { opening?.join() }
    let profile = try options.loadProfile(context)
    let input = try readerOptions.loadInput(profile: profile, context: context)
    var replay = try ReaderReplay(
      path, .full, profile: profile, input: input, options: options, reader: readerOptions, context: context)
    let appLog = try appLogPath.map { path throws(CLIError) in try OutputFile.create(path: path) }
    // Only with --emit-app-log: the text's hash alone was 8 % of a default run's instructions.
    let writer: AppLogWriter? =
      if appLog != nil, case .text(let document) = input {
        AppLogWriter(textLength: document.utf16Count, textHash: ContentHash.of(document.text.utf8))
      } else { nil }
    if let writer { appLog?.write(bytes: writer.sync()) }
    let code = try StreamRun.runToStdout(&replay.pipeline, source: replay.source, options: options, context: context) {
      event, out in
      if let appLog, let line = writer?.line(for: event) { appLog.write(bytes: line) }
      if json {
        out.write(bytes: EventWriter.line(event))
      } else if EventText.isTimelineEvent(event.kind) {
        out.line(EventText.line(event))
        if options.realtime { out.flush() }
      }
    }
    if let appLog {
      appLog.close()
      if appLog.failedForReal { throw CLIError(writeFailure: appLog, progress: nil) }
    }
    if replay.skipped.count > 0 {
      context.stderr.line("hingesim: skipped \(replay.skipped.count) bad line(s) (--lenient)")
    }
    return code
  }

  /// The bundled default scenario.
  static func defaultSource(_ context: CommandContext) -> String {
    let script = context.resourceRoot + "/traces/default.hinge"
    if POSIX.isReadable(script) { return script }
    return context.resourceRoot + "/traces/open-wide.jsonl"
  }
}
