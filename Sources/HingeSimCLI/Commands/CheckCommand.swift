import EventStream
import Inputs
import Platform
import Reader
import Simulator
import Timing

/// `hingesim check SOURCE…`: runs each source through the simulator and the reader and
/// fails (exit 1) on any violation, with a per-file summary — for another project's CI.
struct CheckCommand: Command {
  static let name = "check"
  static let summary = "run sources and fail (exit 1) if the reader broke a rule"
  static let usage = """
    usage: hingesim check SOURCE… [options]
           hingesim check SOURCE --app APP.jsonl [options]

    Runs each SOURCE through the simulator and the reader and prints one line per file:
    'ok' with the number of shown states checked, the violations, or the error that stopped
    it; then 'N passed, N failed[, N errors]'. Exit 1 if any file has a violation, 0
    otherwise; a file that could not be read makes it 65/66/74 (the worst).

    With --app, judges a real app instead of the reader model: SOURCE (the script that
    drove the app) runs through the simulator and the navigation stage (the sidebar and
    opened chapters are the app's to answer too), the app log (docs/app-log.md) is aligned
    with it by its 'sync', and the app is held to the reader's rules (turn-one-screen,
    turn-not-from-hinge and selection-in-page among them) and to the app-only ones
    (clock-in-sync, frame-matches-pose, paginated-before-settle, pagination-matches-settle,
    paginate-once-per-settle, settles-answered-in-order, shown-after-settle,
    layout-matches-fold). Each violation names the rule, the app's line and the
    simulator's state. Exit 1 on any violation, 65 for a bad log. With --chapters the app
    lays out one chapter at a time.

    options:
      --app APP.jsonl    the app log to check (one SOURCE; not with --pdf)
      --compute-model M, --compute-ms MS   what a pagination is charged, as for 'hingesim run';
                         default device (the reference reader's modelled time, the same on every
                         machine, so is the verdict; host charges this machine's). Not with --app:
                         the app's log says what each of its paginations took
      --text FILE, --pdf FILE, --offset N, --direction D, --prepaginate, --chapters,
      --lang TAG, --typography T   as for 'hingesim run'
      --profile NAME, --settle-ms MS, --conflict NAME=SIDE, --division-when-flat W,
      --format F, --lenient, --from T, --to T, --max-events N, --record FILE, --realtime,
      --speed X          as for 'hingesim simulate'

    """

  /// What a pagination is charged unless `--compute-model` says: the reference reader's
  /// modelled TextKit time (`device`), the same on every machine.
  static let defaultModel = ComputeModel.device(.mid)

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let options = try SourceOptions.parse(&args)
    // Judged on a deterministic cost model, so the same inputs give the same verdict on any
    // machine (the host's thread CPU time decides what is queued and superseded).
    let readerOptions = try ReaderOptions.parse(&args, defaultModel: Self.defaultModel)
    let appPath = try args.option("--app")
    let paths = try args.positionals()
    guard !paths.isEmpty else { throw .usage("check needs at least one SOURCE") }
    if appPath != nil { try readerOptions.refuseUnless(honouredBy: .appLog, command: "check --app") }
    let profile = try options.loadProfile(context)
    let input = try readerOptions.loadInput(profile: profile, context: context)
    if let appPath {
      guard case .text(let document) = input else {
        throw .usage("check --app judges an app reading a text; it does not go with --pdf")
      }
      guard paths.count == 1 else { throw .usage("check --app takes one SOURCE, found \(paths.count)") }
      let run = try AppRun.run(
        paths[0], appPath: appPath, profile: profile, document: document, options: options, reader: readerOptions,
        everything: false, context: context)
      return report(run, context)
    }
    var failed = 0
    var errored = 0
    var worst: ExitCode = .ok
    for path in paths {
      do throws(CLIError) {
        var replay = try ReaderReplay(
          path, .full, profile: profile, input: input, options: options, reader: readerOptions, context: context)
        var shown = 0
        var violations: [Violation] = []
        var times: [Double] = []
        try StreamRun.run(&replay.pipeline, source: replay.source, options: options, context: context) { event in
          switch event.kind {
          case .shown: shown += 1
          case .violation(let v):
            violations.append(v)
            times.append(event.time)
          default: break
          }
        }
        if violations.isEmpty {
          context.stdout.line("ok    \(InputText.name(path)): \(shown) shown state\(shown == 1 ? "" : "s") checked")
        } else {
          failed += 1
          context.stdout.line(
            "FAIL  \(InputText.name(path)): \(violations.count) violation\(violations.count == 1 ? "" : "s")")
          for (v, t) in zip(violations, times).prefix(20) {
            context.stdout.line(
              "        \(NumberFormat.ms(t)) ms  \(v.rule): \(v.message) (after \(v.cause) at \(NumberFormat.ms(v.causeTime)) ms)"
            )
          }
        }
      } catch {
        errored += 1
        context.stdout.line("ERROR \(InputText.name(path)): \(InputText.keepingLayout(error.message))")
        if worst == .ok || error.code.rawValue > worst.rawValue { worst = error.code }
      }
    }
    let passed = paths.count - failed - errored
    context.stdout.line(
      "\(passed) passed, \(failed) failed" + (errored > 0 ? ", \(errored) error\(errored == 1 ? "" : "s")" : ""))
    if worst != .ok { return worst }
    return failed > 0 ? .failure : .ok
  }

  /// Prints an app log's verdict: `ok` with what was checked, or each violation with the
  /// app's line, the time on the script's clock and the simulator's state.
  static func report(_ run: AppRun, _ context: CommandContext) -> ExitCode {
    let a = run.alignment
    let what = "\(InputText.name(run.appPath)) against \(InputText.name(run.path))"
    let checked =
      "\(a.shownChecked) shown state\(a.shownChecked == 1 ? "" : "s") and \(a.settleCount) settle\(a.settleCount == 1 ? "" : "s") checked"
    guard !a.findings.isEmpty else {
      context.stdout.line("ok    \(what): \(checked)")
      return .ok
    }
    context.stdout.line(
      "FAIL  \(what): \(a.findings.count) violation\(a.findings.count == 1 ? "" : "s") (\(checked))")
    for f in a.findings.prefix(50) {
      context.stdout.line(
        "        \(InputText.name(run.appPath)):\(f.line)  \(NumberFormat.ms(f.time)) ms  \(f.rule): \(f.message) [simulator: \(f.state)]"
      )
    }
    if a.findings.count > 50 { context.stdout.line("        … \(a.findings.count - 50) more") }
    return .failure
  }
}
