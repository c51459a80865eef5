import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// The options every command that reads a source shares: the profile, the settle window,
/// the source format, leniency, recording and pacing.
struct SourceOptions {
  /// Profile name or path.
  var profileName = "iphone-duo"
  /// Settle window override, ms.
  var settleMs: Double?
  /// The sides of the sources' conflicts to take instead of the profile's (`--conflict
  /// NAME=SIDE`, and `--division-when-flat SIDE` for `divisionWhenFlat`), in the order given.
  var conflicts: [(SourceConflict, String)] = []
  /// Forced source format (else from the extension, or sniffed for stdin).
  var format: SourceFormat?
  /// Skip bad lines with a warning.
  var lenient = false
  /// Write the input events to this JSONL file as they are read.
  var recordPath: String?
  /// Play at wall-clock pace.
  var realtime = false
  /// Speed factor for real-time play.
  var speed = 1.0
  /// Start of the replay window, ms (`--from`).
  var fromMs: Double?
  /// End of the replay window (exclusive), ms (`--to`).
  var toMs: Double?
  /// Most events a script may generate (`--max-events`).
  var maxEvents = CompiledScript.Options.defaultMaxEvents

  /// Takes the shared options from the arguments.
  static func parse(_ args: inout Arguments) throws(CLIError) -> SourceOptions {
    var o = SourceOptions()
    if let p = try args.option("--profile") { o.profileName = p }
    // The profile's own rule (longer than any gap inside its bursts) is checked once it is loaded.
    o.settleMs = try args.double("--settle-ms", in: 0...60_000, unit: "ms")
    if let d = try args.option("--division-when-flat") {
      guard Profile.DivisionWhenFlat(rawValue: d) != nil else {
        throw .usage("--division-when-flat: expected frame-stays or zero-when-flat, found '\(InputText.excerpt(d))'")
      }
      o.conflicts.append((.divisionWhenFlat, d))
    }
    for choice in try args.options("--conflict") { o.conflicts.append(try conflict(choice)) }
    if let f = try args.option("--format") {
      guard let format = SourceFormat(rawValue: f.lowercased()) else {
        throw .usage(
          "--format: expected one of \(SourceFormat.allCases.map(\.rawValue).joined(separator: ", ")), found '\(InputText.excerpt(f))'"
        )
      }
      o.format = format
    }
    o.lenient = args.flag("--lenient")
    o.recordPath = try args.option("--record")
    o.realtime = args.flag("--realtime")
    if let speed = try args.double("--speed", in: 0.1...100, unit: "(a factor)") {
      o.speed = speed
      o.realtime = true
    }
    o.fromMs = try time("--from", &args)
    o.toMs = try time("--to", &args)
    if let from = o.fromMs, let to = o.toMs, to <= from {
      throw .usage(
        "--to: expected a time after --from (\(NumberFormat.ms(from)) ms), found \(NumberFormat.ms(to)) ms"
      )
    }
    if let max = try args.int("--max-events", in: 1...1_000_000_000) { o.maxEvents = max }
    return o
  }

  /// `--conflict NAME=SIDE`: a conflict `hingesim profiles --conflicts` lists and one of its
  /// two sides.
  static func conflict(_ text: String) throws(CLIError) -> (SourceConflict, String) {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    guard parts.count == 2, let conflict = SourceConflict(rawValue: parts[0]) else {
      let names = SourceConflict.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("--conflict: expected NAME=SIDE with NAME one of \(names), found '\(text)'")
    }
    guard conflict.sides.contains(parts[1]) else {
      throw .usage(
        "--conflict: expected \(conflict.rawValue)=\(conflict.sides.joined(separator: " or \(conflict.rawValue)=")), found '\(text)'"
      )
    }
    return (conflict, parts[1])
  }

  /// A time option: milliseconds, or a number with `ms`, `s` or `min`.
  private static func time(_ name: String, _ args: inout Arguments) throws(CLIError) -> Double? {
    guard let text = try args.option(name) else { return nil }
    var digits = Substring(text.lowercased())
    var scale = 1.0
    for (suffix, factor) in [("ms", 1.0), ("min", 60_000.0), ("s", 1000.0)]
    where digits.hasSuffix(suffix) {
      digits = digits.dropLast(suffix.count)
      scale = factor
      break
    }
    guard Arguments.isPlainDecimal(String(digits)), let value = Double(digits), value >= 0,
      value * scale <= Event.maxInputTime
    else {
      throw .usage(
        "\(name): expected a time from 0 to \(Event.maxInputTimeText) like 5000, 5000ms or 5s, found '\(InputText.excerpt(text))'"
      )
    }
    return value * scale
  }

  /// Loads the profile (with `--conflict` and `--division-when-flat` applied), mapping its
  /// errors to exit codes (a side the profile cannot take is a usage error, 64).
  func loadProfile(_ context: CommandContext) throws(CLIError) -> Profile {
    var profile: Profile
    do {
      profile = try Profile.load(profileName, root: context.resourceRoot, limit: context.readLimits[.profile])
    } catch {
      throw Self.loadError(error, profileName: profileName, context)
    }
    for (conflict, side) in conflicts {
      do {
        profile = try profile.choosing(conflict, side)
      } catch {
        throw .usage("--conflict: \(error.message)")
      }
    }
    if let settleMs, let problem = profile.settleWindowProblem(settleMs) {
      throw .usage(
        "--settle-ms: \(problem) (the profile's bursts; \(profile.name)'s own window is \(NumberFormat.shortest(profile.settleWindowMs)) ms)"
      )
    }
    return profile
  }

  private static func loadError(_ error: InputError, profileName: String, _ context: CommandContext) -> CLIError {
    if error.kind == .missing, !profileName.contains("/"), !profileName.hasSuffix(".json") {
      let available = Profile.available(root: context.resourceRoot)
      guard available.isEmpty else {
        return CLIError(
          "unknown profile '\(profileName)' (available: \(available.joined(separator: ", ")))", code: .noInput)
      }
      return CLIError(
        "no profiles in \(context.resourceRoot)/profiles: hingesim looks for its bundled profiles, traces and texts "
          + "in $HINGESIM_ROOT, else above the executable, else above the working directory; "
          + "set HINGESIM_ROOT to the repository (the folder holding profiles/)", code: .noInput)
    }
    return CLIError(inputError: error)
  }
}

extension CLIError {
  /// Maps an input error to its exit code (65 bad data, 66 missing, 74 I/O).
  init(inputError error: InputError) {
    let code: ExitCode =
      switch error.kind {
      case .badData: .dataError
      case .missing: .noInput
      case .io: .ioError
      }
    self.init(error.description, code: code)
  }
}
