import EventStream
import Inputs
import Platform
import Reader
import Reports
import Simulator
import Timing

/// `hingesim report SOURCE…`: latency percentiles per cause and overall, as a table, JSON or
/// CSV; Chrome traces and SVG timelines; batch runs on all cores; `--compare` for CI.
struct ReportCommand: Command {
  static let name = "report"
  static let summary = "latency report per cause (p50/p90/p99), traces, plots, --compare for CI"
  static let usage = """
    usage: hingesim report [SOURCE…] [options]
           hingesim report SOURCE --app APP.jsonl [options]
           hingesim report [SOURCE] --backend web [options]
           hingesim report --compare BASE.json NEW.json [--threshold PCT] [--min-delta MS]
                           [--allow-different-inputs]
           hingesim report --merge A.json B.json … [--json | --csv]

    Runs each SOURCE (a .jsonl or .csv trace, a .hinge script, a knob recording; default:
    every bundled scenario and recording in traces/) through the simulator, the reader and the timing stage, and prints
    per cause and overall the count, min, p50, p90, p99 and max (nearest-rank percentiles,
    ms) of each latency: last size → shown, cause → shown, settle wait, pagination.
    Superseded cycles (replaced before they were paginated) are counted, in no latency. The
    header names the compute model, the text and the settle window; the JSON report also
    records the version, profile, text and sources with content hashes, and the host. Reader
    rules broken are listed per source, and make the exit status 1 (as 'hingesim check').

    With --app, the latencies are a real app's: its log (docs/app-log.md) is aligned with
    the simulator's run of SOURCE and timed by the same timing stage (compute model 'app');
    the trace has a process for the app beside the simulator's. A report of the model and
    one of the app on the same inputs compare (--compare).

    --backend web plays SOURCE (default traces/default.hinge) into the bundled web reader in
    headless Chromium (as 'hingesim web') and prints the model's tables, then the browser's;
    with --json or --csv, the browser's report alone (compare it with the model's: --compare).

    options:
      --app APP.jsonl    time this app log instead of the reader model (one SOURCE)
      --text FILE        the text the reader paginates (default texts/sample-chapter.txt)
      --pdf FILE         a PDF the reader shows instead (as for 'hingesim run')
      --offset N         the reader's starting place (UTF-16 offset)
      --direction D      ltr, rtl or auto (default): the order the reader's pages run in
      --prepaginate      paginate every pose's page size in the background
      --chapters         paginate one chapter at a time (page counts per chapter; the
                         library and navigation: docs/reader.md, Navigation)
      --lang TAG         \(TypesetSetup.languageHelp)
      --typography T     calibrated or inter, as for 'hingesim run'
      --json             the report as JSON (what --compare reads)
      --csv              the report as CSV (cause,metric,count,min_ms,p50_ms,…)
      --trace-out FILE   write a Chrome trace (open in ui.perfetto.dev or chrome://tracing);
                         one process per source
      --plot FILE        write an SVG timeline; with several sources, one file each
                         (FILE-<source>.svg)
      --jobs N           run N sources at once (default: the number of cores); the
                         aggregate is the same for every N
      --compute-model M  what a pagination is charged: host (thread CPU time, the default),
                         fixed:MS, device, device:low, device:high
      --compute-ms MS    fixed:MS: pin the pagination time per layout (reproducible reports)
      --profile NAME     device profile (default iphone-duo)
      --settle-ms MS     settle window (default: the profile's, 200 ms)
      --conflict NAME=SIDE, --division-when-flat W   a conflict's other side, as for
                         'hingesim simulate' (the report hashes it into its profile)
      --format F         source format: jsonl, csv, hinge, evemu, libinput (default: from
                         the extension)
      --lenient          skip bad lines with a warning
      --realtime         play at wall-clock pace and measure on the monotonic clock
      --speed X          real-time speed factor (implies --realtime)
      --from T, --to T, --max-events N, --record FILE   as for 'hingesim simulate'

    compare:
      --compare BASE NEW compare two --json reports: p50/p90/p99 deltas per metric, overall
                         and per cause; exit 1 when a figure grew beyond the threshold.
                         Reports of different inputs (sources, profile, text, offset,
                         settle window, compute model, prepaginate, clock, window), or that
                         do not say theirs, are refused (exit 65, each difference listed);
                         another hingesim version or host is only noted
      --allow-different-inputs   compare them anyway (the differences become notes)
      --threshold PCT    relative threshold (default 10)
      --min-delta MS     absolute threshold (default 1 ms)

    merge:
      --merge A.json …   the report of all the shards' sources, in the order given, from
                         their 'report --json' files (each carries its records): the same
                         bytes as one 'report' over those sources, exact percentiles. Shards
                         of different inputs (as for --compare), or with a source in two of
                         them, are refused (exit 65)

    exit codes: 0 ok, 1 a source broke a reader rule (the report is still written) or a
    regression (--compare), 64 usage, 65 bad data (a bad source, a bad report, reports of
    different inputs), 66 missing input

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    if args.flag("--compare") { return try compare(&args, context) }
    if args.flag("--merge") { return try merge(&args, context) }
    let options = try SourceOptions.parse(&args)
    let readerOptions = try ReaderOptions.parse(&args)
    let json = args.flag("--json")
    let csv = args.flag("--csv")
    let tracePath = try args.option("--trace-out")
    let plotPath = try args.option("--plot")
    let jobs = try args.int("--jobs", in: 1...256) ?? BatchRunner.cores
    let threshold = try args.option("--threshold")
    let minimumDelta = try args.option("--min-delta")
    let appPath = try args.option("--app")
    let backend = try args.option("--backend") ?? "model"
    guard backend == "model" || backend == "web" else {
      throw .usage("--backend: expected model or web, found '\(InputText.excerpt(backend))'")
    }
    if threshold != nil || minimumDelta != nil || args.flag("--allow-different-inputs") {
      throw .usage("--threshold, --min-delta and --allow-different-inputs go with --compare")
    }
    var paths = try args.positionals()
    guard !(json && csv) else { throw .usage("--json and --csv exclude each other") }
    if backend == "web" {
      try readerOptions.refuseUnless(honouredBy: .browser(ownPage: false), command: "report --backend web")
      guard appPath == nil else { throw .usage("--backend web makes its own app log; it does not go with --app") }
      return try webReport(
        paths, options: options, reader: readerOptions,
        output: AppReportOutput(json: json, csv: csv, tracePath: tracePath, plotPath: plotPath), context: context)
    }
    if let appPath {
      try readerOptions.refuseUnless(honouredBy: .appLog, command: "report --app")
      return try appReport(
        paths, appPath: appPath, options: options, reader: readerOptions,
        output: AppReportOutput(json: json, csv: csv, tracePath: tracePath, plotPath: plotPath), context: context)
    }
    if paths.isEmpty { paths = bundledScenarios(context) }
    guard !paths.isEmpty else { throw .usage("report needs a SOURCE (no bundled scenarios found)") }
    if options.recordPath != nil, paths.count > 1 { throw .usage("--record takes one SOURCE") }
    if paths.filter({ $0 == "-" }).count > 1 { throw .usage("stdin (-) can be read once") }

    let pdf = try readerOptions.pdfPath.map { (path) throws(CLIError) in
      try ReaderOptions.loadPDF(path, limit: context.readLimits[.pdf])
    }
    let textFile =
      pdf == nil
      ? try TextFile.read(readerOptions.resolvedTextPath(context), limit: context.readLimits[.text])
      : TextFile(text: "")
    if let warning = textFile.warning { context.stderr.line("hingesim: warning: \(warning)") }
    let text = textFile.text
    if let pdf, let path = readerOptions.pdfPath {
      try readerOptions.checkOffset(pages: pdf.pageCount, name: path)
    } else {
      try readerOptions.checkOffset(text: text, name: readerOptions.resolvedTextPath(context))
    }
    let profile = try readerOptions.applyingTypesetting(to: try options.loadProfile(context), text: text)
    let runOptions = RunOptions(options, reader: readerOptions)
    let outputs = SourceRun.Outputs(trace: tracePath != nil, plot: plotPath != nil)
    let showProgress = context.stderr.isTerminal && paths.count > 1
    let stderr = context.stderr
    let total = paths.count
    let results = BatchRunner.run(
      count: paths.count, jobs: jobs,
      work: { index -> Result<SourceRun, CLIError> in
        var jobContext = context
        if jobs > 1 { jobContext.stderr = OutputFile(fd: 2) }  // flushed whole, never interleaved
        defer { if jobs > 1 { jobContext.stderr.flush() } }
        do throws(CLIError) {
          return .success(
            try SourceRun.run(
              paths[index], index: index, profile: profile, text: text, pdf: pdf, source: options,
              run: runOptions,
              outputs: outputs, context: jobContext))
        } catch {
          return .failure(error)
        }
      },
      done: { finished in
        if showProgress { stderr.writeRaw("\r\u{1B}[Kreport: \(finished)/\(total) sources") }
      })
    if showProgress { stderr.writeRaw("\r\u{1B}[K") }
    if let signal = StopRequest.signal {
      // A report of the cycles measured before the signal would look complete: write none.
      var error = CLIError(interruptedBy: signal)
      error.message =
        "interrupted by \(StopRequest.name(of: signal)): no report written (it would cover part of the input)"
      throw error
    }

    var runs: [SourceRun] = []
    for result in results {
      switch result {
      case .success(let run): runs.append(run)
      case .failure(let error): throw error
      }
    }
    try writeOutputs(runs, tracePath: tracePath, plotPath: plotPath)

    let records = runs.flatMap(\.records)
    let inputs = try reportInputs(
      runs: runs, profile: profile, text: text, options: options, reader: readerOptions,
      direction: runs.first?.direction ?? .ltr, context: context)
    let violations = runs.flatMap {
      ViolationSummary.summarise(source: displayName($0.path, context), $0.violations)
    }
    let report = LatencyReport(
      records: records, producer: producer, inputs: inputs, violations: violations,
      run: LatencyReport.RunFacts(
        settleFromOption: options.settleMs != nil, readerMeasured: runs.allSatisfy(\.measuresReader),
        skippedLines: runs.reduce(0) { $0 + $1.skipped }))
    return write(
      report, inputs: inputs, json: json, csv: csv, modelExplanation: readerOptions.computeModel.explanation,
      context: context)
  }

  /// Who made the report: this hingesim and host.
  static var producer: ReportProducer {
    ReportProducer(version: ToolVersion.number, cores: Process.onlineCores, operatingSystem: POSIX.operatingSystem)
  }

  /// A path as reports name it: relative to the repository when it is a bundled file
  /// (`traces/default.hinge`), so reports made in two checkouts agree; else as given.
  static func displayName(_ path: String, _ context: CommandContext) -> String {
    let root = context.resourceRoot + "/"
    return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
  }

  /// What the report measured: the profile's canonical content hash, the text, the settle
  /// window in force, the cost model, and each source with the hash of its bytes.
  static func reportInputs(
    runs: [SourceRun], profile: Profile, text: String, options: SourceOptions, reader: ReaderOptions,
    direction: ReadingDirection, context: CommandContext
  ) throws(CLIError) -> ReportInputs {
    let document: JSONValue
    do {
      document = try Profile.document(
        options.profileName, root: context.resourceRoot, choosing: options.conflicts,
        typography: reader.typography, limit: context.readLimits[.profile])
    } catch {
      throw CLIError(inputError: error)
    }
    return ReportInputs(
      profile: .init(name: profile.name, hash: ContentHash.of(document.canonicalBytes)),
      text: try textInput(text: text, reader: reader, context: context),
      offset: reader.offset, settleWindowMs: options.settleMs ?? profile.settleWindowMs,
      computeModel: reader.computeModel.name, prepaginate: reader.prepaginate,
      reader: ReportInputs.Reader(
        chapters: reader.chapters, direction: direction.rawValue,
        hyphenation: reader.pdfPath == nil
          ? profile.typography.hyphenationDictionary.map { String($0.split(separator: "/").last ?? "") } : nil),
      clock: options.realtime ? .realtime : .virtual, speed: options.realtime ? options.speed : 1,
      fromMs: options.fromMs, toMs: options.toMs,
      sources: runs.map { .init(path: displayName($0.path, context), hash: $0.hash) })
  }

  /// The document the report's reader read: the text, or the PDF of `--pdf` (its bytes hashed,
  /// length 0: a PDF has no UTF-16 text).
  static func textInput(text: String, reader: ReaderOptions, context: CommandContext) throws(CLIError)
    -> ReportInputs.Text
  {
    guard let pdf = reader.pdfPath else {
      return .init(
        name: displayName(reader.resolvedTextPath(context), context), utf16Length: text.utf16.count,
        hash: ContentHash.of(text.utf8))
    }
    return .init(
      name: displayName(pdf, context), utf16Length: 0,
      hash: ContentHash.of(try TextFile.readBytes(pdf, limit: context.readLimits[.pdf])))
  }

  /// Every bundled scenario and recording in `traces/` (any source format), sorted.
  static func bundledScenarios(_ context: CommandContext) -> [String] {
    let dir = context.resourceRoot + "/traces"
    return Directory.files(in: dir)
      .filter { SourceFormat.fromExtension($0) != nil }
      .sorted()
      .map { dir + "/" + $0 }
  }

  private static func writeOutputs(_ runs: [SourceRun], tracePath: String?, plotPath: String?)
    throws(CLIError)
  {
    if let tracePath {
      try DocumentFile.write(
        ChromeTrace.document(lines: runs.flatMap(\.traceLines)), to: tracePath, what: "Chrome trace")
    }
    if let plotPath {
      let paths = runs.count == 1 ? [plotPath] : plotFiles(plotPath, sources: runs.map(\.path))
      for (run, path) in zip(runs, paths) {
        try DocumentFile.write(run.svg ?? "", to: path, what: "SVG plot")
      }
    }
  }

  /// One plot file per source, never two the same: `out.svg` + `traces/open-wide.jsonl` →
  /// `out-open-wide.svg`; when two sources share a stem (`open-wide.hinge`, `open-wide.jsonl`)
  /// their extensions tell them apart (`out-open-wide-hinge.svg`), and any name still taken
  /// gets `-2`, `-3`, … in source order.
  static func plotFiles(_ path: String, sources: [String]) -> [String] {
    func stem(_ source: String, keepExtension: Bool) -> String {
      var name = source.split(separator: "/").last.map(String.init) ?? "stdin"
      if name == "-" { return "stdin" }
      if let dot = name.lastIndex(of: "."), dot != name.startIndex {
        name = keepExtension ? String(name.map { $0 == "." ? "-" : $0 }) : String(name[..<dot])
      }
      return name
    }
    let plain = sources.map { stem($0, keepExtension: false) }
    let base = path.hasSuffix(".svg") ? String(path.dropLast(4)) : path
    var taken: Set<String> = []
    return sources.indices.map { i in
      let shared = plain.filter { $0 == plain[i] }.count > 1
      let name = base + "-" + stem(sources[i], keepExtension: shared)
      var candidate = name + ".svg"
      var n = 2
      while taken.contains(candidate) {
        candidate = name + "-\(n).svg"
        n += 1
      }
      taken.insert(candidate)
      return candidate
    }
  }

}
