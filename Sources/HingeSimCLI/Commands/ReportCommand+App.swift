import EventStream
import Platform
import Reader
import Reports
import Simulator
import Timing

extension ReportCommand {
  /// `report SOURCE --app APP.jsonl`: the app's own latencies per cause, from its log aligned
  /// with the simulator's run of SOURCE and timed by the same timing stage as the model — in
  /// the same table, JSON (compute model `app`), CSV, Chrome trace (the simulator's process
  /// and the app's beside it) and plot.
  static func appReport(
    _ paths: [String], appPath: String, options: SourceOptions, reader: ReaderOptions, output: AppReportOutput,
    context: CommandContext
  ) throws(CLIError) -> ExitCode {
    guard paths.count == 1 else { throw .usage("report --app takes one SOURCE, found \(paths.count)") }
    guard reader.pdfPath == nil else {
      throw .usage("report --app times an app reading a text; it does not go with --pdf")
    }
    let textFile = try TextFile.read(reader.resolvedTextPath(context), limit: context.readLimits[.text])
    if let warning = textFile.warning { context.stderr.line("hingesim: warning: \(warning)") }
    try reader.checkOffset(text: textFile.text, name: reader.resolvedTextPath(context))
    let profile = try reader.applyingTypesetting(to: try options.loadProfile(context), text: textFile.text)
    let document: ReaderDocument
    do {
      document = try ReaderDocument(text: textFile.text, profile: profile)
    } catch {
      throw CLIError(readerError: error)
    }
    let run = try AppRun.run(
      paths[0], appPath: appPath, profile: profile, document: document, options: options, reader: reader,
      context: context)
    var simulator = output.tracePath != nil ? ChromeTrace(processName: run.path, pid: 1) : nil
    var app = output.tracePath != nil ? ChromeTrace(processName: "app: \(appPath)", pid: 2) : nil
    var plot = output.plotPath != nil ? TimelinePlot(title: "\(run.path) — app \(appPath)") : nil
    var violations: [(time: Double, violation: Violation)] = []
    let records = run.records { event in
      switch event.kind {
      case .paginated, .skipped, .shown, .timing, .violation: app?.add(event)
      case .settled:
        simulator?.add(event)
        app?.add(event)
      default: simulator?.add(event)
      }
      if case .violation(let v) = event.kind { violations.append((event.time, v)) }
      plot?.add(event)
    }
    if let tracePath = output.tracePath {
      let lines = (simulator?.finishEvents() ?? []) + (app?.finishEvents() ?? [])
      try DocumentFile.write(ChromeTrace.document(lines: lines), to: tracePath, what: "Chrome trace")
    }
    if let plotPath = output.plotPath { try DocumentFile.write(plot?.svg() ?? "", to: plotPath, what: "SVG plot") }
    var sourceRun = SourceRun(path: run.path)
    sourceRun.hash = run.hash
    var inputs = try reportInputs(
      runs: [sourceRun], profile: profile, text: textFile.text, options: options, reader: reader,
      direction: reader.direction.resolved(for: document), context: context)
    inputs.computeModel = ReportInputs.appComputeModel
    // The records' times are the app's (its sync moved them onto the script's clock): real
    // time, or the stream's where a browser's timers ran on it — never the simulator's virtual.
    inputs.clock = run.alignment.appClock == .stream ? .stream : .realtime
    inputs.speed = 1
    let summary = ViolationSummary.summarise(source: displayName(appPath, context), violations)
    let report = LatencyReport(records: records, producer: producer, inputs: inputs, violations: summary)
    if output.json {
      context.stdout.write(report.json())
    } else if output.csv {
      context.stdout.write(report.csv())
    } else {
      context.stdout.line(
        "app log \(InputText.name(appPath)) against \(InputText.name(displayName(run.path, context))): \(records.count) settle cycle\(records.count == 1 ? "" : "s") (the app's times, \(run.alignment.appClock == .stream ? "on the stream's clock" : "real time"); profile \(InputText.name(profile.name)))"
      )
      context.stdout.line("")
      context.stdout.write(report.table())
      context.stdout.write(ViolationSummary.text(summary, sources: 1))
    }
    if run.skipped > 0 { context.stderr.line("hingesim: skipped \(run.skipped) bad line(s) (--lenient)") }
    if !summary.isEmpty, output.json || output.csv {
      context.stderr.line(
        "hingesim: the app broke \(violations.count) rule\(violations.count == 1 ? "" : "s"): see 'hingesim check --app'"
      )
    }
    return summary.isEmpty ? .ok : .failure
  }

}

/// What `report --app` writes besides the table.
struct AppReportOutput {
  var json = false
  var csv = false
  var tracePath: String?
  var plotPath: String?
}
