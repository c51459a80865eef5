import EventStream
import Inputs
import Platform
import Simulator
import Timing

extension ReportCommand {
  /// `--compare BASE NEW`: per-metric deltas; exit 1 on a regression beyond the thresholds.
  static func compare(_ args: inout Arguments, _ context: CommandContext) throws(CLIError)
    -> ExitCode
  {
    let threshold = try args.double("--threshold") ?? 10
    let minimumDelta = try args.double("--min-delta") ?? 1
    let json = args.flag("--json")
    let paths = try args.positionals()
    guard paths.count == 2 else {
      throw .usage("--compare takes two reports (BASE.json NEW.json), found \(paths.count)")
    }
    guard threshold >= 0 else {
      throw .usage("--threshold: expected a percentage ≥ 0, found \(threshold)")
    }
    guard minimumDelta >= 0 else {
      throw .usage("--min-delta: expected ms ≥ 0, found \(minimumDelta)")
    }
    let base = try loadReport(paths[0])
    let new = try loadReport(paths[1])
    let comparison = LatencyComparison(
      base: base, new: new, thresholdPercent: threshold, minimumDeltaMs: minimumDelta)
    if json {
      context.stdout.write(comparison.json())
    } else {
      context.stdout.write(comparison.table())
    }
    return comparison.hasRegression ? .failure : .ok
  }

  private static func loadReport(_ path: String) throws(CLIError) -> LatencyReport {
    let bytes: [UInt8]
    do {
      bytes = try FileBytes.read(path: path)
    } catch {
      throw CLIError(inputError: error)
    }
    do {
      return try LatencyReport(json: bytes)
    } catch {
      throw CLIError("\(path): \(error.message)", code: .dataError)
    }
  }
}
