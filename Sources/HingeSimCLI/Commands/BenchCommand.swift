import Benchmarks
import EventStream
import Inputs
import Platform
import Simulator

/// `hingesim bench NAME`: built-in benchmarks (medians of several runs). This parses the
/// options; the benchmarks themselves live in the `Benchmarks` module.
struct BenchCommand: Command {
  static let name = "bench"
  static let summary = "run a built-in benchmark (typeset, placement, simulate, script, knob, web, startup)"
  static let usage = """
    usage: hingesim bench NAME [options]

    benchmarks:
      typeset    Typesetter cold and warm times on the bundled sample and the shared corpus,
                 next to Pango (../shared/reference/pango-paginate.c) in the same run
                 (options: --runs N, --no-pango, --text FILE…); with --linearity, time per
                 phase and peak memory at 1×, 2×, 4× input size for a novel, a run of spaces,
                 one long word and a mixed-script text
      placement  the page holding character 20,000 and the page count per pose, and the
                 characters per page at Large and AX5, with the profile's typography as
                 written (inter) and calibrated to SF Pro (calibrated), next to the
                 reference reader's figures and the difference in per cent; tabletop under
                 both sides of the profile's tabletopFold conflict, with the page height the
                 guide's tabletop figure implies (options: --profile NAME, --offset N,
                 --conflict NAME=SIDE, --text FILE; default the bundled
                 texts/pride-and-prejudice-excerpt-44k.txt)
      simulate   simulate a generated 1,000,000-sample trace, JSONL and CSV, from a file to
                 /dev/null, beside a Python loop that only parses the JSONL with orjson
                 (skipped without python3 and orjson), in interleaved rounds; prints
                 samples/s (wall and processor), the ratio and the verdicts (targets
                 ≥ 3,000,000/s JSONL, ≥ 2,000,000/s CSV, ≥ 1.3× orjson)
      script     compile a generated script of 1,000,000 samples and run it through the
                 simulator to a discarding sink; prints samples/s (target ≥ 1,000,000)
      knob       input_event timestamp → delivered hinge event latency, through libevdev on
                 the fake evdev device (libFakeEvdev.so next to hingesim: swift build --product
                 FakeEvdev), the mapping and the live loop, rate policy off; --mapper-only stops
                 at the mapped action

      web        headless Chromium with the bundled web reader: the CDP round trip of a
                 metrics override and the delay to the page's resize handler (p50/p99), and
                 the browser's repagination at each pose next to the typesetter's and the
                 device model's (options: --samples N (default 200), --runs N (default 3),
                 --browser PATH, --text FILE)

      startup    what a run costs before any work: --version, simulate of a one-line trace,
                 paginate of a one-line text and run traces/default.hinge --compute-ms 1, each
                 as a whole process beside a Swift hello world built with the same flags (when
                 swiftc is on PATH), and the novel's whole-process paginate beside Pango's
                 (../shared; options: --runs N (default 21), --novel-runs N (default 5),
                 --no-pango)

    options (simulate, script):
      --samples N    samples to generate (default 1000000)
      --runs N       runs; the median is reported (default 5, at least 3)
      --trace FILE   (simulate) where the generated JSONL trace is written and kept, the
                     CSV one beside it (default /tmp/hingesim-bench-N.jsonl and .csv)
      --profile NAME, --settle-ms MS, --conflict NAME=SIDE, --division-when-flat W,
      --format F, --lenient, --from T, --to T, --max-events N, --record FILE,
      --realtime, --speed X   the simulator's options, as for 'hingesim simulate'

    options (knob): --events N (default 2000), --interval-us US between frames (default
      1000), --mapper-only, --json (one object with the percentiles)

    """

  static let names = ["typeset", "placement", "simulate", "script", "knob", "web", "startup"]

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let list = names.joined(separator: ", ")
    guard let name = args.subcommand() else { throw .usage("bench needs a NAME (\(list))") }
    switch name {
    case "typeset": return try typeset(&args, context)
    case "placement": return try placement(&args, context)
    case "simulate": return try simulate(&args, context)
    case "script": return try script(&args, context)
    case "knob": return try knob(&args, context)
    case "web": return try web(&args, context)
    case "startup": return try startup(&args, context)
    default: throw .usage("unknown benchmark '\(name)' (available: \(list))")
    }
  }

  /// `bench typeset --runs N --no-pango --text FILE…`, with the bundled profile's typography
  /// and fonts at Large.
  static func typeset(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let runs = try args.int("--runs", in: 1...100) ?? 5
    if args.flag("--linearity") {
      _ = try args.positionals()
      return try linearity(context)
    }
    let skipPango = args.flag("--no-pango")
    let texts = try args.options("--text")
    let rest = try args.positionals()
    guard rest.isEmpty else { throw .usage("unexpected '\(rest[0])'") }
    // The bundled profile's uncalibrated typography at Large: Pango sets Inter as it is, so the
    // agreement compares like with like.
    var profileArgs = Arguments(["--typography", "inter"])
    let setup = try TypesetSetup.parse(&profileArgs, context)
    let typography = try TypesetSetup.typography(of: try SourceOptions().loadProfile(context), choice: .inter)
    let fonts = try setup.loadFonts()
    let settings = TypesetBenchmark.Settings(
      runs: runs, skipPango: skipPango, texts: texts, resourceRoot: context.resourceRoot,
      typography: typography, fontPath: setup.fontPath, font: fonts.font, fallback: fonts.fallback,
      hyphenator: fonts.hyphenator, dictionaryPath: setup.dictionaryPath)
    try reporting { () throws(BenchmarkError) in
      try TypesetBenchmark.run(settings, out: context.stdout) { (path) throws(BenchmarkError) in
        let file: TextFile
        do throws(CLIError) { file = try TextFile.read(path, limit: context.readLimits[.text]) } catch {
          throw BenchmarkError(error)
        }
        if let warning = file.warning { context.stderr.line("hingesim: warning: \(warning)") }
        return file.text
      }
    }
    return .ok
  }

  /// `bench typeset --linearity`: the novel from `../shared` and the agreement texts from the
  /// tests' folder, each skipped when absent.
  static func linearity(_ context: CommandContext) throws(CLIError) -> ExitCode {
    func bytes(_ path: String) -> [UInt8]? {
      guard POSIX.isReadable(path), let file = try? TextFile.read(path, limit: context.readLimits[.text]) else {
        return nil
      }
      return Array(file.text.utf8)
    }
    let root = context.resourceRoot
    let novel = bytes(root + "/../shared/corpus/pride-and-prejudice.txt")
    let agreement = root + "/Tests/TypesetterTests/Agreement/"
    let mixed = ["hebrew", "arabic", "english-hebrew", "greek-cyrillic", "emoji"].compactMap {
      bytes(agreement + $0 + ".txt")
    }
    try reporting { () throws(BenchmarkError) in
      try TypesetLinearity.run(novel: novel, mixed: mixed, out: context.stdout)
    }
    return .ok
  }

  /// `bench simulate --samples N --runs N --trace FILE` and the source options.
  static func simulate(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let (samples, runs) = try samplesAndRuns(&args)
    let tracePath = try args.option("--trace")
    let options = try SourceOptions.parse(&args)
    _ = try args.positionals()
    let profile = try options.loadProfile(context)
    let settings = SimulateBenchmark.Settings(
      samples: samples, runs: runs, tracePath: tracePath, script: CompiledScript.Options(profile: profile))
    try reporting { () throws(BenchmarkError) in
      try SimulateBenchmark.run(settings, out: context.stdout) { (path, output, emit) throws(BenchmarkError) in
        do throws(CLIError) {
          try StreamRun.simulate(path, options: options, context: context, output: output, emit: emit)
        } catch {
          throw BenchmarkError(error)
        }
      }
    }
    return .ok
  }

  /// `bench script --samples N --runs N` and the source options.
  static func script(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let (samples, runs) = try samplesAndRuns(&args)
    let options = try SourceOptions.parse(&args)
    _ = try args.positionals()
    let profile = try options.loadProfile(context)
    let settings = ScriptBenchmark.Settings(
      samples: samples, runs: runs, script: CompiledScript.Options(profile: profile))
    try reporting { () throws(BenchmarkError) in
      try ScriptBenchmark.run(settings, out: context.stdout) {
        RunPipeline.simulator(profile: profile, settleMs: options.settleMs)
      }
    }
    return .ok
  }

  /// `bench knob --events N --interval-us US --mapper-only --json`; fails (exit 1) when a
  /// frame was not measured.
  static func knob(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let count = try args.int("--events", in: 1...1_000_000) ?? 2000
    let interval = try args.int("--interval-us", in: 0...1_000_000) ?? 1000
    let json = args.flag("--json")
    let mapperOnly = args.flag("--mapper-only")
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("bench knob takes no arguments, found '\(InputText.excerpt(extra[0]))'") }
    let settings = KnobBenchmark.Settings(
      events: count, intervalUs: interval, mapperOnly: mapperOnly, json: json,
      resourceRoot: context.resourceRoot)
    let measuredAll = try reporting { () throws(BenchmarkError) in
      try KnobBenchmark.run(settings, out: context.stdout, err: context.stderr) { profile in
        RunPipeline.simulator(profile: profile, settleMs: nil)
      }
    }
    return measuredAll ? .ok : .failure
  }

  static func web(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let samples = try args.int("--samples", in: 1...10_000) ?? 200
    let runs = try args.int("--runs", in: 1...100) ?? 3
    let browser = try args.option("--browser")
    let textPath = try args.option("--text") ?? context.resourceRoot + "/texts/sample-chapter.txt"
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("bench web takes no arguments, found '\(InputText.excerpt(extra[0]))'") }
    let profile = try SourceOptions().loadProfile(context)
    let text = try TextFile.read(textPath, limit: context.readLimits[.text]).text
    let settings = WebBenchmark.Settings(
      browser: browser, readerURL: "file://" + context.resourceRoot + "/web/reader/index.html", profile: profile,
      text: text, textName: textPath.split(separator: "/").last.map(String.init) ?? textPath, samples: samples,
      runs: runs)
    try reporting { () throws(BenchmarkError) in try WebBenchmark.run(settings, out: context.stdout) }
    return .ok
  }

  /// Takes `--samples` (at least 1000) and `--runs` (at least 3) of simulate and script.
  private static func samplesAndRuns(_ args: inout Arguments) throws(CLIError) -> (samples: Int, runs: Int) {
    var samples = 1_000_000
    var runs = 5
    if let n = try args.int("--samples", in: 1000...100_000_000) { samples = n }
    if let n = try args.int("--runs", in: 3...100) { runs = n }
    return (samples, runs)
  }

  /// Runs a benchmark, reporting its error with the matching exit code.
  private static func reporting<T>(_ body: () throws(BenchmarkError) -> T) throws(CLIError) -> T {
    do {
      return try body()
    } catch {
      throw CLIError(benchmarkError: error)
    }
  }
}

extension CLIError {
  /// Maps a benchmark's error to its exit code (65 bad data, 66 missing, 69 unavailable, 74 I/O).
  init(benchmarkError error: BenchmarkError) {
    let code: ExitCode =
      switch error.kind {
      case .dataError: .dataError
      case .noInput: .noInput
      case .unavailable: .unavailable
      case .ioError: .ioError
      }
    self.init(error.message, code: code)
  }
}

extension BenchmarkError {
  /// A command's error met inside a benchmark (simulating its trace, reading a text): the
  /// commands it calls fail with bad data (65), missing input (66), a missing library (69) or
  /// I/O (74) only.
  init(_ error: CLIError) {
    let kind: Kind =
      switch error.code {
      case .dataError: .dataError
      case .noInput: .noInput
      case .unavailable: .unavailable
      default: .ioError
      }
    self.init(error.message, kind: kind)
  }
}
