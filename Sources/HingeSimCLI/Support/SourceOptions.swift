import HingeSim

/// The options every command that reads a source shares: the profile, the settle window,
/// the source format, leniency, recording and pacing.
struct SourceOptions {
  /// Profile name or path.
  var profileName = "iphone-duo"
  /// Settle window override, ms.
  var settleMs: Double?
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

  /// Takes the shared options from the arguments.
  static func parse(_ args: inout Arguments) throws(CLIError) -> SourceOptions {
    var o = SourceOptions()
    if let p = try args.option("--profile") { o.profileName = p }
    if let s = try args.double("--settle-ms") {
      guard s >= 0 else { throw .usage("--settle-ms: expected a number ≥ 0, found \(s)") }
      o.settleMs = s
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
    return o
  }

  /// Loads the profile, mapping its errors to exit codes.
  func loadProfile(_ context: CommandContext) throws(CLIError) -> Profile {
    do {
      return try Profile.load(profileName, root: context.resourceRoot)
    } catch {
      if error.kind == .missing, !profileName.contains("/"), !profileName.hasSuffix(".json") {
        let names = Profile.available(root: context.resourceRoot).joined(separator: ", ")
        throw CLIError("unknown profile '\(profileName)' (available: \(names))", code: .noInput)
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
