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
  /// The fold's frame when flat, overriding the profile's `divisionWhenFlat`.
  var divisionWhenFlat: Profile.DivisionWhenFlat?
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
    if let s = try args.double("--settle-ms") {
      guard s >= 0 else { throw .usage("--settle-ms: expected a number ≥ 0, found \(s)") }
      o.settleMs = s
    }
    if let d = try args.option("--division-when-flat") {
      guard let choice = Profile.DivisionWhenFlat(rawValue: d) else {
        throw .usage("--division-when-flat: expected frame-stays or zero-when-flat, found '\(d)'")
      }
      o.divisionWhenFlat = choice
    }
    if let f = try args.option("--format") {
      guard let format = SourceFormat(rawValue: f.lowercased()) else {
        throw .usage(
          "--format: expected one of \(SourceFormat.allCases.map(\.rawValue).joined(separator: ", ")), found '\(f)'")
      }
      o.format = format
    }
    o.lenient = args.flag("--lenient")
    o.recordPath = try args.option("--record")
    o.realtime = args.flag("--realtime")
    if let speed = try args.double("--speed") {
      guard (0.1...100).contains(speed) else {
        throw .usage("--speed: expected a factor from 0.1 to 100, found \(speed)")
      }
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
    if let max = try args.int("--max-events") {
      guard max >= 1 else { throw .usage("--max-events: expected an integer ≥ 1, found \(max)") }
      o.maxEvents = max
    }
    return o
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
    guard Arguments.isPlainDecimal(String(digits)), let value = Double(digits), value.isFinite, value >= 0 else {
      throw .usage("\(name): expected a time like 5000, 5000ms or 5s, found '\(text)'")
    }
    return value * scale
  }

  /// Loads the profile (with `--division-when-flat` applied), mapping its errors to exit codes.
  func loadProfile(_ context: CommandContext) throws(CLIError) -> Profile {
    do {
      var profile = try Profile.load(profileName, root: context.resourceRoot)
      if let divisionWhenFlat { profile.divisionWhenFlat = divisionWhenFlat }
      return profile
    } catch {
      if error.kind == .missing, !profileName.contains("/"), !profileName.hasSuffix(".json") {
        let available = Profile.available(root: context.resourceRoot)
        guard available.isEmpty else {
          throw CLIError(
            "unknown profile '\(profileName)' (available: \(available.joined(separator: ", ")))", code: .noInput)
        }
        throw CLIError(
          "no profiles in \(context.resourceRoot)/profiles: hingesim looks for its bundled profiles, traces and texts "
            + "in $HINGESIM_ROOT, else above the executable, else above the working directory; "
            + "set HINGESIM_ROOT to the repository (the folder holding profiles/)", code: .noInput)
      }
      throw CLIError(inputError: error)
    }
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
