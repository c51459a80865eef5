import Benchmarks
import EventStream
import Platform
import Simulator

extension BenchCommand {
  /// `bench startup --runs N --novel-runs N --no-pango`: this very executable's start-up, with
  /// the bundled profile's `inter` typography at Large for the novel and Pango.
  static func startup(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let runs = try args.int("--runs") ?? 21
    let novelRuns = try args.int("--novel-runs") ?? 5
    let skipPango = args.flag("--no-pango")
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("bench startup takes no arguments, found '\(extra[0])'") }
    guard (3...1000).contains(runs) else { throw .usage("--runs: expected 3…1000, found \(runs)") }
    guard (1...100).contains(novelRuns) else { throw .usage("--novel-runs: expected 1…100, found \(novelRuns)") }
    let typography = try TypesetSetup.typography(of: try SourceOptions().loadProfile(context), choice: .inter)
    let settings = StartupBenchmark.Settings(
      runs: runs, novelRuns: novelRuns, skipPango: skipPango, hingesim: Process.executablePath,
      resourceRoot: context.resourceRoot, swiftc: PathLookup.find("swiftc"),
      swiftFlags: StartupBenchmark.ownSwiftFlags, fontPath: typography.fontFile,
      style: typography.style(for: .large))
    do {
      try StartupBenchmark.run(settings, out: context.stdout)
    } catch {
      throw CLIError(benchmarkError: error)
    }
    return .ok
  }
}
