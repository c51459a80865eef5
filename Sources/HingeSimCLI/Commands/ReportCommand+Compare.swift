import EventStream
import Inputs
import Platform
import Simulator
import Timing

extension ReportCommand {
  /// `--compare BASE NEW`: per-metric deltas; exit 1 on a regression beyond the thresholds.
  /// Reports of different inputs (or that do not say theirs) are refused, exit 65, unless
  /// `--allow-different-inputs`; a different hingesim version or host is only noted.
  static func compare(_ args: inout Arguments, _ context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let threshold = try args.double("--threshold", in: 0...1_000_000, unit: "%") ?? 10
    let minimumDelta = try args.double("--min-delta", in: 0...3_600_000, unit: "ms") ?? 1
    let json = args.flag("--json")
    let allowDifferent = args.flag("--allow-different-inputs")
    let paths = try args.positionals()
    guard paths.count == 2 else {
      throw .usage("--compare takes two reports (BASE.json NEW.json), found \(paths.count)")
    }
    let base = try loadReport(paths[0], limit: context.readLimits[.report])
    let new = try loadReport(paths[1], limit: context.readLimits[.report])
    let notes = try checkInputs(base, new, names: (paths[0], paths[1]), allowDifferent: allowDifferent)
    var comparison = LatencyComparison(
      base: base, new: new, thresholdPercent: threshold, minimumDeltaMs: minimumDelta)
    comparison.inputNotes = notes
    if json {
      context.stdout.write(comparison.json())
    } else {
      context.stdout.write(comparison.table())
    }
    return comparison.hasRegression ? .failure : .ok
  }

  /// Refuses reports that measured different inputs (exit 65, every difference listed), or
  /// that do not say what they measured, unless `allowDifferent`; returns the notes to print
  /// with the comparison: version and host differences, and the differences allowed.
  static func checkInputs(
    _ base: LatencyReport, _ new: LatencyReport, names: (String, String), allowDifferent: Bool
  ) throws(CLIError) -> [String] {
    var notes: [String] = []
    if let b = base.producer, let n = new.producer { notes += ReportProducer.notes(base: b, new: n) }
    guard let b = base.inputs, let n = new.inputs else {
      let unknown = [(names.0, base), (names.1, new)].filter { $0.1.inputs == nil }.map(\.0)
      let which = unknown.joined(separator: " and ")
      guard allowDifferent else {
        throw CLIError(
          "\(which) \(unknown.count == 1 ? "does" : "do") not say what \(unknown.count == 1 ? "it" : "they") measured "
            + "(a report from an older hingesim): regenerate with 'hingesim report --json', "
            + "or pass --allow-different-inputs to compare the figures anyway",
          code: .dataError)
      }
      return [
        "inputs unknown: \(which) \(unknown.count == 1 ? "does" : "do") not say what \(unknown.count == 1 ? "it" : "they") measured"
      ]
        + notes
    }
    let differences = ReportInputs.differences(base: b, new: n)
    notes += ReportInputs.notes(base: b, new: n)
    guard differences.isEmpty else {
      guard allowDifferent else {
        var message = "\(names.0) and \(names.1) measured different inputs, so their figures do not compare:\n"
        for line in differences { message += "  \(line)\n" }
        for line in notes { message += "  note: \(line)\n" }
        message += "make both reports with the same inputs, or pass --allow-different-inputs to compare anyway"
        throw CLIError(message, code: .dataError)
      }
      return differences.map { "inputs differ: \($0)" } + notes
    }
    return notes
  }

  /// Reads a `--json` report (for `--compare` and `--merge`): exit 66 when missing, 65 when bad.
  static func loadReport(_ path: String, limit: ReadLimit) throws(CLIError) -> LatencyReport {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path: path, limit: limit)
    } catch {
      throw CLIError(inputError: error)
    }
    do {
      return try LatencyReport(json: bytes)
    } catch {
      throw CLIError("\(path): \(error.description)", code: .dataError)
    }
  }
}
