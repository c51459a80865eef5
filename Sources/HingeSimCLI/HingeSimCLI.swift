import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// The command-line front end: parses arguments and dispatches to the commands.
public enum HingeSimCLI {
  /// The tool's version (`hingesim --version`).
  public static let version = ToolVersion.number

  /// Every command, in the order `hingesim help` lists them.
  static let commands: [any Command.Type] = [
    RunCommand.self,
    SimulateCommand.self,
    ReadCommand.self,
    CheckCommand.self,
    ReportCommand.self,
    ExportCommand.self,
    WebCommand.self,
    ShotsCommand.self,
    PaginateCommand.self,
    TracesCommand.self,
    ProfilesCommand.self,
    DevicesCommand.self,
    KnobCommand.self,
    BenchCommand.self,
  ]

  /// Runs the command line (`arguments[0]` is the program) and returns the process exit code.
  public static func run(_ arguments: [String]) -> Int32 {
    Process.ignoreBrokenPipes()
    Process.ignoreFileSizeLimitSignal()
    var context = CommandContext(
      stdout: .stdout, stderr: .stderr, resourceRoot: ResourceLocator.root(argv0: arguments.first))
    if let text = Process.environment(ReadLimits.environmentVariable), !text.isEmpty {
      do throws(ReadLimitError) {
        try context.readLimits.apply(text, from: ReadLimits.environmentVariable)
      } catch {
        context.stderr.line("hingesim: \(error.message)")
        context.stderr.flush()
        return ExitCode.usage.rawValue
      }
    }
    return run(arguments, context: context)
  }

  /// Help and version text: written, flushed and checked like a command's output (74 when the
  /// write fails).
  private static func printed(_ text: String, _ code: ExitCode, _ context: CommandContext) -> Int32 {
    context.stdout.write(text)
    context.stdout.flush()
    guard context.stdout.failedForReal else { return code.rawValue }
    context.stderr.line(
      "hingesim: \(context.stdout.name): write failed: \(context.stdout.failure?.message ?? "write failed")")
    return ExitCode.ioError.rawValue
  }

  /// Runs the command line with the given streams and resource root (tests capture output).
  public static func run(_ arguments: [String], context: CommandContext) -> Int32 {
    StopRequest.set(false)
    // Whatever a message quotes, no control character reaches the terminal raw (each quote is
    // escaped and cut where it is made; this is the last guard).
    context.stderr.filter = InputText.keepingLayout
    defer {
      context.stdout.flush()
      context.stderr.flush()
      // A command's own stop (a duration reached, a closed output) ends with it: a later run
      // on this thread — another test's, in-process — must not see it.
      StopRequest.clearThisThread()
    }
    var rest = Array(arguments.dropFirst())
    guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
      if rest.count >= 2, let command = commands.first(where: { $0.name == rest[1] }) {
        return printed(command.usage, .ok, context)
      }
      return printed(overview, rest.isEmpty ? .usage : .ok, context)
    }
    if name == "--version" || name == "version" { return printed("hingesim \(version)\n", .ok, context) }
    rest.removeFirst()
    guard let command = commands.first(where: { $0.name == name }) else {
      let hint = Suggestion.nearest(to: name, in: commands.map { $0.name }).map { " (did you mean '\($0)'?)" } ?? ""
      context.stderr.line("hingesim: unknown command '\(InputText.excerpt(name))'\(hint); see 'hingesim help'")
      return ExitCode.usage.rawValue
    }
    if Arguments.asksForHelp(rest) { return printed(command.usage, .ok, context) }
    var args = Arguments(rest)
    var context = context
    do throws(CLIError) {
      for text in try args.options("--read-limit") {
        do throws(ReadLimitError) {
          try context.readLimits.apply(text, from: "--read-limit")
        } catch {
          throw .usage(error.message)
        }
      }
      let code = try command.run(&args, context)
      context.stdout.flush()
      if context.stdout.failedForReal {  // every command's stdout, checked once here
        throw CLIError(writeFailure: context.stdout, progress: nil)
      }
      if let signal = StopRequest.signal {  // a run cut short says so, whatever it printed
        throw CLIError(interruptedBy: signal)
      }
      return code.rawValue
    } catch {
      context.stdout.flush()
      context.stderr.line("hingesim: \(error.message)")
      if error.code == .usage { context.stderr.line("usage: see 'hingesim \(name) --help'") }
      return error.code.rawValue
    }
  }

  /// `text 64 MiB, pdf 128 MiB, …`: default read limits for the overview.
  private static func limitList(_ kinds: some Sequence<InputKind>) -> String {
    kinds.map { "\($0.rawValue) \(ReadLimits.format(ReadLimits.defaults[$0].bytes))" }.joined(separator: ", ")
  }

  static var overview: String {
    var text =
      "hingesim — a hinge and pose simulator for foldable phones\n\nusage: hingesim COMMAND [OPTIONS]\n\ncommands:\n"
    for command in commands {
      text +=
        "  " + command.name + String(repeating: " ", count: max(1, 10 - command.name.count)) + command.summary + "\n"
    }
    text += "\n'hingesim COMMAND --help' describes one command; 'hingesim --version' prints the version.\n"
    text +=
      "exit codes: 0 ok, 1 failure (violations, regressions), 64 usage, 65 bad data, 66 missing input, 74 I/O,\n"
      + "            130/143 cut short by Ctrl-C/SIGTERM\n"
      + "read limits: every command takes --read-limit KIND=SIZE (also $HINGESIM_READ_LIMIT) to change how\n"
      + "             much it reads of an input (docs/limits.md); the defaults:\n"
      + "             \(limitList(InputKind.allCases.prefix(4)))\n"
      + "             \(limitList(InputKind.allCases.dropFirst(4)))\n"
    return text
  }
}
