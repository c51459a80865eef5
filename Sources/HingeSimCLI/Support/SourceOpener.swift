import HingeSim
import Synchronization

/// A type-erased event source, so commands can hold whichever source a file needs.
struct AnyEventSource: EventSource {
  var base: any EventSource
  mutating func next() throws(InputError) -> Event? { try base.next() }
}

/// Opens a command's SOURCE argument as an event source: a `.jsonl` or `.csv` trace, a
/// `.hinge` script, a knob recording, or `-` (stdin, sniffed unless `--format` is given).
struct SourceOpener {
  var options: SourceOptions
  var profile: Profile
  var context: CommandContext
  /// Counts lines skipped under `--lenient` (shared with the warnings closure).
  let skipped = SkipCounter()

  func open(_ path: String, dialect: EventDecoder.Dialect = .input) throws(CLIError)
    -> AnyEventSource
  {
    let source = try openWhole(path, dialect: dialect)
    guard options.fromMs != nil || options.toMs != nil else { return source }
    return AnyEventSource(
      base: WindowedSource(base: source, fromMs: options.fromMs ?? 0, toMs: options.toMs))
  }

  private func openWhole(_ path: String, dialect: EventDecoder.Dialect) throws(CLIError)
    -> AnyEventSource
  {
    let range = profile.hinge.map { $0.minAngle...$0.maxAngle }
    let stderr = context.stderr
    let counter = skipped
    let policy = BadLinePolicy(lenient: options.lenient) { error in
      counter.add()
      stderr.line("hingesim: warning: skipped \(error)")
    }
    do {
      let reader: LineReader
      var format = options.format ?? SourceFormat.fromExtension(path)
      if path == "-" {
        if isatty(0) == 1 {
          stderr.line(
            "hingesim: reading \(dialect == .simulator ? "a simulator stream" : "events") from the terminal; Ctrl-D ends"
          )
        }
        let head = LineReader.peekStdin()
        if format == nil { format = SourceFormat.sniff(head) }
        reader = LineReader(fileDescriptor: 0, name: "<stdin>", prefix: head)
      } else {
        reader = try LineReader(path: path)
      }
      switch format ?? .jsonl {
      case .jsonl:
        return AnyEventSource(
          base: JSONLTraceSource(reader: reader, dialect: dialect, angleRange: range, policy: policy))
      case .csv:
        return AnyEventSource(
          base: CSVTraceSource(reader: reader, angleRange: range, policy: policy))
      case .hinge:
        return AnyEventSource(base: try compileScript(reader))
      case .evemu, .libinput:
        let recording = try KnobRecordingSource.load(reader, format: format ?? .evemu)
        let mapping = KnobSettings().mapping(profile: profile)
        return AnyEventSource(
          base: KnobRecordingSource(recording: recording, mapping: mapping) { stderr.line("hingesim: \($0)") })
      }
    } catch let error as InputError {
      throw CLIError(inputError: error)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError("\(error)", code: .dataError)
    }
  }
}

extension SourceOpener {
  /// Reads a whole `.hinge` script and compiles it for the profile; every error in the file
  /// becomes one CLI error (exit 65) with source lines and carets.
  func compileScript(_ reader: LineReader) throws(CLIError) -> ScriptSource {
    let lines: [String]
    do {
      lines = try CompiledScript.readLines(from: reader)
    } catch {
      throw CLIError(inputError: error)
    }
    do {
      let options = CompiledScript.Options(profile: profile, maxEvents: options.maxEvents)
      return ScriptSource(
        try CompiledScript.compile(lines: lines, file: reader.name, options: options))
    } catch {
      throw CLIError(error.description, code: .dataError)
    }
  }
}

/// A counter shared between a command and the warning closure of its sources.
final class SkipCounter: Sendable {
  private let value = Mutex(0)
  /// Lines skipped so far.
  var count: Int { value.withLock { $0 } }
  /// Counts one more.
  func add() { value.withLock { $0 += 1 } }
}

#if canImport(Glibc)
  import Glibc
#endif
