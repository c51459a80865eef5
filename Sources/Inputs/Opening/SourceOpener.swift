import EventStream
import Knob
import Platform
import Synchronization

/// What opening a source needs besides its path: the format, leniency, the replay window,
/// the script limits and the knob mapping (both from the profile's hinge range).
public struct SourceSettings: Sendable {
  /// Forced format; else from the extension, or sniffed for stdin.
  public var format: SourceFormat?
  /// Skip bad lines with a warning (traces and recordings). A script is all or nothing: one
  /// with errors is refused whatever this says, with a note saying why (`ScriptErrors.note`).
  public var lenient = false
  /// Start of the replay window, ms.
  public var fromMs: Double?
  /// End of the replay window (exclusive), ms.
  public var toMs: Double?
  /// Angles outside this range are errors (the profile's hinge range); nil accepts any.
  public var angleRange: ClosedRange<Double>?
  /// How scripts compile (range, sensor rate, event limit, text length).
  public var script = CompiledScript.Options()
  /// The reader text's length, UTF-16 units: a trace's `select` past its end is an error.
  public var textLength: Int?
  /// How knob recordings map to angles.
  public var knobMapping = KnobMapping()
  /// How much of each kind of input is read (`--read-limit`, `HINGESIM_READ_LIMIT`).
  public var limits = ReadLimits.defaults
  /// When set, hashes the bytes of each source as it is read (reset at each open): how a
  /// report identifies stdin and pipes, which cannot be read a second time.
  public var digest: ReadDigest?

  /// Makes default settings.
  public init() {}
}

/// Opens a SOURCE argument as an event source: a `.jsonl` or `.csv` trace, a `.hinge`
/// script, a knob recording, or `-` (stdin) — the one place that decides which reader a file
/// gets. Stdin and a file whose extension names no format (`.txt`, `/dev/fd/63`) are sniffed
/// by their first line, unless a format is given.
public struct SourceOpener: Sendable {
  /// The settings every source of a run shares.
  public var settings: SourceSettings
  /// Receives warnings and notices (skipped lines, dropped knob events, reading a terminal).
  public var warn: @Sendable (String) -> Void
  /// Counts lines skipped under `lenient` (shared with the warnings closure).
  public let skipped = SkipCounter()

  /// Makes an opener.
  public init(settings: SourceSettings, warn: @escaping @Sendable (String) -> Void) {
    self.settings = settings
    self.warn = warn
  }

  /// Opens `path` (`-` for stdin), windowed when the settings ask for it.
  public func open(_ path: String, dialect: EventDecoder.Dialect = .input) throws(SourceError)
    -> AnyEventSource
  {
    let source = try openWhole(path, dialect: dialect)
    guard settings.fromMs != nil || settings.toMs != nil else { return source }
    return AnyEventSource(
      base: WindowedSource(base: source, fromMs: settings.fromMs ?? 0, toMs: settings.toMs))
  }

  private func openWhole(_ path: String, dialect: EventDecoder.Dialect) throws(SourceError)
    -> AnyEventSource
  {
    let warn = warn
    let counter = skipped
    let policy = BadLinePolicy(lenient: settings.lenient) { error in
      counter.add()
      warn("warning: skipped \(error)")
    }
    do {
      let reader: LineReader
      var format = settings.format ?? SourceFormat.fromExtension(path)
      if path == "-" {
        if POSIX.isTerminal(0) {
          warn("reading \(dialect == .simulator ? "a simulator stream" : "events") from the terminal; Ctrl-D ends")
        }
        let head = LineReader.peekStdin()
        if format == nil { format = SourceFormat.sniff(head) }
        reader = LineReader(fileDescriptor: 0, name: "<stdin>", prefix: head)
        attachDigest(reader)
      } else {
        reader = try LineReader(path: path)
        attachDigest(reader)
        if format == nil { format = SourceFormat.sniff(try reader.peek(until: SourceFormat.decides)) }
      }
      try reader.setLimit(settings.limits[(format ?? .jsonl).inputKind])
      switch format ?? .jsonl {
      case .jsonl:
        return AnyEventSource(
          base: JSONLTraceSource(
            reader: reader, dialect: dialect, angleRange: settings.angleRange,
            chapterCount: settings.script.chapterCount, policy: policy, textLength: settings.textLength))
      case .csv:
        return AnyEventSource(
          base: CSVTraceSource(reader: reader, angleRange: settings.angleRange, policy: policy))
      case .hinge:
        return AnyEventSource(base: try compileScript(reader))
      case .evemu, .libinput:
        let recording = try KnobRecordingSource.load(reader, format: format ?? .evemu)
        return AnyEventSource(
          base: KnobRecordingSource(recording: recording, mapping: settings.knobMapping, warn: warn))
      }
    } catch let error as InputError {
      throw .input(error)
    } catch let error as SourceError {
      throw error
    } catch {
      throw .input(InputError(file: path, line: 0, column: 0, message: "\(error)"))
    }
  }

  private func attachDigest(_ reader: LineReader) {
    guard let digest = settings.digest else { return }
    digest.reset()
    reader.digest = digest
  }

  /// Why `--lenient` leaves a script with errors refused: skipping a bad command would run a
  /// different script from the one written (a skipped `open` turns every later `fold` into an
  /// error or a different motion), where a skipped trace line loses one sample.
  static let lenientScriptNote =
    "note: --lenient skips bad lines in traces only; a script runs whole or not at all — fix the errors above"

  /// Reads a `.hinge` script, parsing it as it arrives, and compiles it; every error in the
  /// file comes back at once.
  func compileScript(_ reader: LineReader) throws(SourceError) -> ScriptSource {
    do {
      return ScriptSource(try CompiledScript.compile(reading: reader, options: settings.script))
    } catch {
      guard case .script(var errors) = error, settings.lenient else { throw error }
      errors.note = Self.lenientScriptNote
      throw .script(errors)
    }
  }
}

/// A counter shared between a command and the warning closure of its sources.
public final class SkipCounter: Sendable {
  private let value = Mutex(0)
  /// Makes a counter at 0.
  public init() {}
  /// Lines skipped so far.
  public var count: Int { value.withLock { $0 } }
  /// Counts one more.
  public func add() { value.withLock { $0 += 1 } }
}
