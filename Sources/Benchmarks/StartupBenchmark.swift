import EventStream
import Platform
import Typesetter

/// `hingesim bench startup`: what a run costs before it does any work. Each command on a
/// one-line input is timed as a whole process beside a Swift "hello world" built with the same
/// optimisation and standard-library linking in the benchmark's folder (the yardstick; skipped
/// without `swiftc`), and the novel's whole-process `paginate` beside Pango's whole process
/// (`../shared/reference/pango-paginate.c`; skipped without the shared folder). The runs of
/// all commands are interleaved, round by round, and medians are reported, so a machine shared
/// with other work slows every command alike.
public enum StartupBenchmark {
  /// What the benchmark runs.
  public struct Settings: Sendable {
    /// Rounds of the one-line commands (the median is reported).
    public var runs: Int
    /// Rounds of the novel (each Pango run takes about a second).
    public var novelRuns: Int
    /// Leaves Pango out (no build, no comparison).
    public var skipPango: Bool
    /// The hingesim executable measured (the running one from the command line).
    public var hingesim: String
    /// The directory holding `traces/`; the shared corpus and Pango reference sit in `../shared`.
    public var resourceRoot: String
    /// The Swift compiler for the yardstick; nil skips it.
    public var swiftc: String?
    /// The flags the yardstick is built with: hingesim's optimisation and standard library.
    public var swiftFlags: [String]
    /// The font file Pango sets the novel in (the profile's `inter` typography).
    public var fontPath: String
    /// The style Pango sets the novel in (Large, `inter` typography).
    public var style: TextStyle

    /// Makes settings.
    public init(
      runs: Int = 21, novelRuns: Int = 5, skipPango: Bool = false, hingesim: String, resourceRoot: String,
      swiftc: String?, swiftFlags: [String], fontPath: String, style: TextStyle
    ) {
      self.runs = runs
      self.novelRuns = novelRuns
      self.skipPango = skipPango
      self.hingesim = hingesim
      self.resourceRoot = resourceRoot
      self.swiftc = swiftc
      self.swiftFlags = swiftFlags
      self.fontPath = fontPath
      self.style = style
    }
  }

  /// The flags `hingesim` itself was built with, as far as they change start-up: `-O` (or
  /// `-Onone` in a debug build) and `-static-stdlib` when the Swift runtime is not a shared
  /// library of this process.
  public static var ownSwiftFlags: [String] {
    #if DEBUG
      let optimisation = "-Onone"
    #else
      let optimisation = "-O"
    #endif
    return [optimisation] + (DynamicLibrary.isLoaded("libswiftCore.so") ? [] : ["-static-stdlib"])
  }

  /// One timed command.
  struct Command {
    var label: String
    var argv: [String]
    var wall: [Double] = []
    var cpu: [Double] = []
    var failures = 0

    init(_ label: String, _ argv: [String]) {
      self.label = label
      self.argv = argv
    }

    var wallMedian: Double { wall.isEmpty ? .nan : BenchmarkFigures.median(wall) }
    var cpuMedian: Double { cpu.isEmpty ? .nan : BenchmarkFigures.median(cpu) }
  }

  /// Runs the benchmark and prints its figures to `out`.
  public static func run(_ settings: Settings, out: OutputFile) throws(BenchmarkError) {
    guard let folder = POSIX.temporaryDirectory(prefix: "hingesim-startup") else {
      throw BenchmarkError("bench startup: cannot make a temporary directory", kind: .ioError)
    }
    defer { _ = Directory.removeTree(folder) }
    let loadBefore = loadAverage()
    let flags = settings.swiftFlags.joined(separator: " ")
    out.line(
      "bench startup: \(settings.hingesim) (\(flags)), \(settings.runs) interleaved rounds, medians; "
        + "load average \(loadBefore) at the start")
    let trace = folder + "/one-line.jsonl"
    let text = folder + "/one-line.txt"
    guard WholeFile.replace(trace, with: Array("{\"t\":0,\"type\":\"hinge\",\"angle\":90}\n".utf8)),
      WholeFile.replace(text, with: Array("It is a truth universally acknowledged.\n".utf8))
    else { throw BenchmarkError("bench startup: cannot write the inputs in \(folder)", kind: .ioError) }

    var commands: [Command] = []
    if let hello = buildYardstick(settings, folder: folder, out: out) {
      commands.append(Command("hello world (swiftc \(flags))", [hello]))
    }
    let exe = settings.hingesim
    let root = settings.resourceRoot
    commands.append(Command("hingesim --version", [exe, "--version"]))
    commands.append(Command("hingesim simulate (a one-line trace)", [exe, "simulate", trace]))
    commands.append(
      Command(
        "hingesim paginate (a one-line text, inter, no hyphenation)",
        [exe, "paginate", text, "--width", "342", "--height", "580", "--typography", "inter", "--no-hyphenation"]))
    commands.append(
      Command(
        "hingesim run traces/default.hinge --compute-ms 1",
        [exe, "run", root + "/traces/default.hinge", "--compute-ms", "1"]))
    measure(&commands, rounds: settings.runs)
    let hello = commands.first { $0.argv.count == 1 }
    printTable(commands, hello: hello, out: out)

    var targets = StartupTargets()
    targets.hello = hello?.wallMedian
    targets.version = commands.first { $0.argv.last == "--version" }?.wallMedian
    targets.simulate = commands.first { $0.argv.dropFirst().first == "simulate" }?.wallMedian
    targets.paginate = commands.first { $0.argv.dropFirst().first == "paginate" }?.wallMedian
    targets.run = commands.first { $0.argv.dropFirst().first == "run" }?.wallMedian
    if let novel = measureNovel(settings, folder: folder, out: out) {
      targets.novel = novel.hingesim
      targets.pango = novel.pango
    }
    out.line("")
    for line in targets.verdicts() { out.line(line) }
    out.line("load average \(loadAverage()) at the end")
  }

  /// Builds hello.swift with `swiftc` and the settings' flags; nil (the reason printed) when
  /// there is no compiler or it fails.
  static func buildYardstick(_ settings: Settings, folder: String, out: OutputFile) -> String? {
    guard let swiftc = settings.swiftc else {
      out.line("yardstick: no swiftc on PATH, the hello-world yardstick is skipped")
      return nil
    }
    let source = folder + "/hello.swift"
    let binary = folder + "/hello"
    guard WholeFile.replace(source, with: Array("print(\"Hello, world!\")\n".utf8)) else { return nil }
    let argv = [swiftc] + settings.swiftFlags + [source, "-o", binary]
    guard let result = Subprocess.run(argv), result.status == 0 else {
      out.line("yardstick: \(argv.joined(separator: " ")) failed, the hello-world yardstick is skipped")
      return nil
    }
    out.line("yardstick: \(argv.joined(separator: " "))")
    return binary
  }

  /// One warm-up round, then `rounds` rounds of every command, each round starting one command
  /// further on.
  static func measure(_ commands: inout [Command], rounds: Int) {
    for command in commands { _ = Subprocess.time(command.argv) }
    for round in 0..<rounds {
      for k in 0..<commands.count {
        let i = (round + k) % commands.count
        guard let timing = Subprocess.time(commands[i].argv), timing.status == 0 else {
          commands[i].failures += 1
          continue
        }
        commands[i].wall.append(timing.wallMs)
        commands[i].cpu.append(timing.cpuMs)
      }
    }
  }

  static func printTable(_ commands: [Command], hello: Command?, out: OutputFile) {
    out.line("")
    out.line("  " + "command".padding(60) + "wall ms".leftPadded(9) + "cpu ms".leftPadded(9) + "× hello".leftPadded(9))
    for command in commands {
      let ratio = hello.map { command.wallMedian / $0.wallMedian } ?? .nan
      var line = "  " + command.label.padding(60)
      line += BenchmarkFigures.fixed(command.wallMedian, 2).leftPadded(9)
      line += BenchmarkFigures.fixed(command.cpuMedian, 2).leftPadded(9)
      line += (ratio.isFinite ? BenchmarkFigures.fixed(ratio, 2) : "–").leftPadded(9)
      if command.failures > 0 { line += "  (\(command.failures) runs failed)" }
      out.line(line)
    }
  }

  /// The novel's whole-process `paginate` and Pango's, interleaved; nil (the reason printed)
  /// without the shared corpus.
  static func measureNovel(_ settings: Settings, folder: String, out: OutputFile) -> (
    hingesim: Double, pango: Double?
  )? {
    let shared = settings.resourceRoot + "/../shared"
    let novel = shared + "/corpus/pride-and-prejudice.txt"
    out.line("")
    guard POSIX.isReadable(novel) else {
      out.line("novel: \(novel) not present, the whole-process comparison is skipped")
      return nil
    }
    let style = settings.style
    var commands = [
      Command(
        "hingesim paginate (whole process)",
        [
          settings.hingesim, "paginate", novel, "--width", "342", "--height", "580", "--typography", "inter",
          "--no-hyphenation",
        ])
    ]
    let pango =
      settings.skipPango
      ? nil : TypesetBenchmark.buildPango(source: shared + "/reference/pango-paginate.c", into: folder, out: out)
    if settings.skipPango { out.line("pango: skipped (--no-pango)") }
    if let pango {
      commands.append(
        Command(
          "pango-paginate (whole process, --repeat 1)",
          [
            pango, novel, "342", "580", "--font-file", settings.fontPath, "--family", "Inter",
            "--size", "\(style.pointSize)", "--line-height", "\(style.lineHeight)",
            "--line-spacing", "\(style.lineSpacing)", "--paragraph-spacing", "\(style.paragraphSpacing)",
            "--repeat", "1",
          ]))
    }
    out.line(
      "novel: pride-and-prejudice.txt, 342 × 580 pt, Large, inter typography, no hyphenation; "
        + "\(settings.novelRuns) interleaved rounds, medians")
    measure(&commands, rounds: settings.novelRuns)
    printTable(commands, hello: nil, out: out)
    let pangoMs = commands.count > 1 ? commands[1].wallMedian : nil
    if let pangoMs {
      out.line("  Pango's whole process / hingesim's: \(BenchmarkFigures.fixed(pangoMs / commands[0].wallMedian, 1))×")
    }
    return (commands[0].wallMedian, pangoMs)
  }

  /// The first three fields of /proc/loadavg (1, 5 and 15 minutes).
  static func loadAverage() -> String {
    guard let text = POSIX.readSmallFile("/proc/loadavg") else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }

  fileprivate func leftPadded(_ width: Int) -> String { BenchmarkFigures.pad(self, width) }
}
