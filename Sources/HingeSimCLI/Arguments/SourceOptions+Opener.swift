import EventStream
import Inputs
import Knob
import Simulator

extension SourceOptions {
  /// The opener for these options over a profile's hinge range and sensor rate; warnings go
  /// to the context's stderr. With the reader's `textLength` (UTF-16 units), a `select` past
  /// the text's end is an error in scripts and traces; with its `chapterCount`, an
  /// `open-chapter` past its chapters is.
  func opener(profile: Profile, context: CommandContext, textLength: Int? = nil, chapterCount: Int? = nil)
    -> SourceOpener
  {
    var settings = SourceSettings()
    settings.format = format
    settings.lenient = lenient
    settings.limits = context.readLimits
    settings.fromMs = fromMs
    settings.toMs = toMs
    settings.angleRange = profile.hinge.map { $0.minAngle...$0.maxAngle }
    settings.script = CompiledScript.Options(profile: profile, maxEvents: maxEvents)
    settings.script.chapterCount = chapterCount
    settings.script.textLength = textLength
    settings.textLength = textLength
    settings.knobMapping = KnobSettings().mapping(profile: profile)
    let stderr = context.stderr
    return SourceOpener(settings: settings) { stderr.line("hingesim: \($0)") }
  }
}

extension SourceOpener {
  /// Opens `path` with errors as the command line reports them (exit 65, 66 or 74). A file
  /// whose extension names no format is refused (exit 64) unless `--format` says how to read
  /// it: a `.md` read as a script would flood errors, a `.txt` could be anything.
  func openForCommand(_ path: String, dialect: EventDecoder.Dialect = .input) throws(CLIError) -> AnyEventSource {
    if settings.format == nil, path != "-", let unknown = SourceFormat.unknownExtension(path) {
      throw .usage(
        "\(InputText.name(path)): expected a source named \(SourceFormat.knownExtensions), found '\(InputText.excerpt(unknown))'; "
          + "give --format \(SourceFormat.allCases.map(\.rawValue).joined(separator: "|")) to read it as one")
    }
    do {
      return try open(path, dialect: dialect)
    } catch {
      throw CLIError(sourceError: error)
    }
  }
}

extension CLIError {
  /// The command-line error for a source that could not be opened or read.
  init(sourceError: SourceError) {
    switch sourceError {
    case .input(let error): self.init(inputError: error)
    case .script(let errors): self.init(errors.description, code: .dataError)
    }
  }
}

extension CompiledScript.Options {
  /// The options a profile implies: its hinge range, sensor rate, what `start tent` means and
  /// the orientation each `start POSE` implies (its hinge's axis).
  init(profile: Profile, maxEvents: Int = CompiledScript.Options.defaultMaxEvents) {
    self.init(
      angleRange: profile.hinge.map { $0.minAngle...$0.maxAngle } ?? 0...180,
      defaultRateHz: profile.hinge?.sensorRateHz ?? 100, maxEvents: maxEvents)
    tent = profile.tentStart.map { ($0.angle, $0.orientation) }
    axis = profile.hinge?.axis ?? .vertical
  }
}
