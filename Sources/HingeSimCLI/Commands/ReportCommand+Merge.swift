import EventStream
import Platform
import Reader
import Timing

extension ReportCommand {
  /// `--merge A.json B.json …`: the report one `report` over all the shards' sources, in the
  /// order given, would have written (table, `--json` or `--csv`), from the records each
  /// shard's `report --json` carries. Shards of different inputs, without records, or with a
  /// source in two of them are refused (exit 65, every difference listed).
  static func merge(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let json = args.flag("--json")
    let csv = args.flag("--csv")
    let paths = try args.positionals()
    guard !(json && csv) else { throw .usage("--json and --csv exclude each other") }
    guard !paths.isEmpty else {
      throw .usage("--merge takes the --json reports of shards (A.json B.json …), found none")
    }
    if paths.filter({ $0 == "-" }).count > 1 { throw .usage("stdin (-) can be read once") }
    var shards: [(name: String, report: LatencyReport)] = []
    for path in paths { shards.append((path, try loadReport(path, limit: context.readLimits[.report]))) }
    let merged: LatencyReport
    do {
      merged = try LatencyReport.merge(shards, producer: producer)
    } catch {
      throw CLIError(error.description, code: .dataError)
    }
    // A merge refuses shards without inputs (exit 65), so a merged report has them.
    guard let inputs = merged.inputs else {
      throw CLIError("expected the shards' inputs in the merged report, found none", code: .dataError)
    }
    // `fixed:MS+ANALYSIS` names the analysis time too; the header explains the per-layout part.
    let model = try? ComputeModel(parsing: String(inputs.computeModel.prefix { $0 != "+" }))
    return write(
      merged, inputs: inputs, json: json, csv: csv,
      modelExplanation: model?.explanation ?? "as the shards measured it", context: context)
  }

  /// Writes `report` of `inputs` (its own) as a table, JSON or CSV, as `report` does, with the
  /// lenient-skip count and the failing sources on stderr; exit 1 when a source broke a reader
  /// rule. Every figure comes from the report (its inputs and run facts), so a merge of shards
  /// writes what one report of their sources writes.
  static func write(
    _ report: LatencyReport, inputs: ReportInputs, json: Bool, csv: Bool, modelExplanation: String,
    context: CommandContext
  ) -> ExitCode {
    let sources = inputs.sources.count
    let violations = report.violations
    if json {
      context.stdout.write(report.json())
    } else if csv {
      context.stdout.write(report.csv())
    } else {
      let clock = inputs.clock == .realtime ? "real time, monotonic clock" : "virtual time"
      let cycles = report.overall.records
      context.stdout.line(
        "\(sources) source\(sources == 1 ? "" : "s"), \(cycles) settle cycle\(cycles == 1 ? "" : "s") (\(clock); profile \(InputText.name(inputs.profile.name)))"
      )
      context.stdout.write(
        inputs.textHeader(settleOverridden: report.run?.settleFromOption ?? false, model: modelExplanation))
      if report.run?.readerMeasured == false {
        context.stdout.line("note: no reader in the pipeline: pagination is 0 and 'shown' is the settle time")
      }
      context.stdout.line("")
      context.stdout.write(report.table())
      context.stdout.write(ViolationSummary.text(violations, sources: sources))
    }
    let skipped = report.run?.skippedLines ?? 0
    if skipped > 0 { context.stderr.line("hingesim: skipped \(skipped) bad line(s) (--lenient)") }
    guard violations.isEmpty else {
      // Exit 1, as `check` does; the text report lists them, JSON and CSV readers learn it here.
      if json || csv {
        var failing: [String] = []
        for v in violations where !failing.contains(v.source) { failing.append(v.source) }
        context.stderr.line(
          "hingesim: \(failing.count) of \(sources) source\(sources == 1 ? "" : "s") broke a reader rule: "
            + failing.joined(separator: ", "))
      }
      return .failure
    }
    return .ok
  }
}
