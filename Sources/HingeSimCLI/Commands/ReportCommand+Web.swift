import EventStream
import Platform

extension ReportCommand {
  /// `report [SOURCE] --backend web`: the same source timed twice — the reader model (virtual
  /// time, as `report SOURCE`) and the bundled web reader in headless Chromium (`hingesim web`,
  /// its app log timed as `report SOURCE --app`) — the browser's tables under the model's. With
  /// `--json` or `--csv`, the browser's report alone: one document, the one `report SOURCE --app`
  /// writes, which `--compare` sets against the model's (`report SOURCE --json`).
  static func webReport(
    _ paths: [String], options: SourceOptions, reader: ReaderOptions, output: AppReportOutput,
    context: CommandContext
  ) throws(CLIError) -> ExitCode {
    guard paths.count <= 1 else { throw .usage("report --backend web takes one SOURCE, found \(paths.count)") }
    let path = paths.first ?? RunCommand.defaultSource(context)
    guard let directory = POSIX.temporaryDirectory(prefix: "hingesim-report-web") else {
      throw CLIError("report --backend web: cannot make a temporary directory", code: .ioError)
    }
    defer { Directory.removeTree(directory) }
    let log = directory + "/app.jsonl"

    // The browser first (real time), its own output kept out of the report.
    var quiet = context
    quiet.stdout = OutputFile.capturing()
    var webArgs = Arguments(
      ["web", path, "--app-log", log, "--quiet-ms", "800", "--clock", "real"] + passthrough(options, reader))
    _ = webArgs.subcommand()
    // A run whose frames reached the page late and that then broke a rule is the host's, not
    // the app's (exit 75): its log is still timed, and the report says so.
    let webCode: ExitCode
    do {
      webCode = try WebCommand.run(&webArgs, quiet)
    } catch  where error.code == .hostStarved {
      context.stderr.line("hingesim: report: \(error.message)")
      webCode = .hostStarved
    }

    if output.json || output.csv {
      let appCode = try appReport(
        [path], appPath: log, options: options, reader: reader, output: output, context: context)
      return webCode == .hostStarved ? .hostStarved : webCode == .ok && appCode == .ok ? .ok : .failure
    }
    context.stdout.line("model: the reader model (virtual time, this machine's pagination times)")
    var modelArgs = Arguments([path] + passthrough(options, reader))
    _ = try ReportCommand.run(&modelArgs, context)
    context.stdout.line("")
    context.stdout.line("browser: the bundled web reader in headless Chromium, played in real time (hingesim web)")
    let appCode = try appReport(
      [path], appPath: log, options: options, reader: reader, output: output, context: context)
    return webCode == .hostStarved ? .hostStarved : webCode == .ok && appCode == .ok ? .ok : .failure
  }

  /// The source and reader options `web` and the model report must share.
  private static func passthrough(_ options: SourceOptions, _ reader: ReaderOptions) -> [String] {
    var arguments = ["--profile", options.profileName]
    if let settle = options.settleMs { arguments += ["--settle-ms", NumberFormat.shortest(settle)] }
    if let text = reader.textPath { arguments += ["--text", text] }
    return arguments
  }
}
