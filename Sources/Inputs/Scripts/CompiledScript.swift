import EventStream

/// A parsed and checked script, ready to play as events with `ScriptSource`.
///
/// Compiling checks what the parser cannot see alone: `start` comes first and once, `open to`
/// goes up and `fold to` goes down from the angle the hinge is at, and the number of events the
/// script generates (computed from the commands, `repeat` counts multiplied) stays within the
/// limit — so a runaway `repeat` is an error before any output, never an out-of-memory.
public struct CompiledScript: Sendable {
  /// The file name used in errors.
  public var file: String
  /// The commands, in order.
  public var commands: [ScriptCommand]
  /// Exactly how many events the script generates.
  public var eventCount: Int
  /// The time of the script's end, ms (a trailing `wait` included).
  public var durationMs: Double
  /// The sampling rate before any `rate` command, Hz.
  public var defaultRateHz: Double
  /// Jitter stays inside this range.
  public var angleRange: ClosedRange<Double>

  /// What compiling needs from the profile and the command line.
  public struct Options: Sendable {
    /// The hinge range (angles outside it are errors; jitter is clamped to it).
    public var angleRange: ClosedRange<Double>
    /// Sampling rate of ramps until a `rate` command, Hz (the profile's `sensorRateHz`).
    public var defaultRateHz: Double
    /// A script that would generate more events than this is an error (`--max-events`).
    public var maxEvents: Int
    /// The reader text's chapter count, when there is a text: `open-chapter` past it is an error
    /// (in a JSONL trace too: `SourceOpener` hands it to the trace's checks).
    public var chapterCount: Int?
    /// The text's length in UTF-16 units, when the reader's text is known: a `select` past
    /// its end is an error. Nil (as for `simulate`, which has no text) checks nothing.
    public var textLength: Int?
    /// Where `start tent` puts the phone: the side of the profile's `conflicts.tent` in force
    /// (nil: the profile names no tent, and `start tent` is an error).
    public var tent: (angle: Double, orientation: Orientation)?
    /// Which way the hinge runs upright (the profile's `hinge.axis`): the orientation a
    /// `start POSE` implies.
    public var axis: HingeAxis = .vertical

    /// The default limit on generated events.
    public static let defaultMaxEvents = 10_000_000

    /// Makes options.
    public init(
      angleRange: ClosedRange<Double> = 0...180, defaultRateHz: Double = 100,
      maxEvents: Int = defaultMaxEvents, textLength: Int? = nil
    ) {
      self.textLength = textLength
      self.angleRange = angleRange
      self.defaultRateHz = defaultRateHz
      self.maxEvents = maxEvents
    }
  }

  /// Parses and checks a script; throws every error found (up to `ScriptParser.errorLimit`).
  public static func compile(_ text: String, file: String, options: Options = Options())
    throws(ScriptErrors) -> CompiledScript
  {
    try compile(lines: lines(of: text), file: file, options: options)
  }

  /// The lines of a script text, split at `\n` and at `\r\n` (one character to Swift).
  static func lines(of text: String) -> [String] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
  }

  /// Parses and checks a script given as lines.
  public static func compile(lines: [String], file: String, options: Options = Options())
    throws(ScriptErrors) -> CompiledScript
  {
    try compile(ScriptLines(lines), file: file, options: options)
  }

  /// Reads a script from a file or stdin and compiles it, parsing each line as it arrives:
  /// memory holds the commands and the script's bytes (for the carets), never more than its
  /// read limit, and reading stops at the twentieth error or at the command that passes the
  /// event or time limit (an endless script on stdin is refused there). Binary data is an
  /// error, not a script; a read that fails (past the read limit, unreadable) is thrown
  /// before the script's own errors.
  public static func compile(reading reader: LineReader, options: Options = Options()) throws(SourceError)
    -> CompiledScript
  {
    let lines = ScriptLines { () throws(InputError) -> String? in
      try reader.nextLine { line throws(InputError) -> String in
        if let problem = TraceChecks.binaryProblem(line) {
          throw InputError(
            file: reader.name, line: reader.lineNumber, column: problem.column, message: problem.message)
        }
        return String(decoding: line, as: UTF8.self)
      }
    }
    let compiled: Result<CompiledScript, ScriptErrors>
    do {
      compiled = .success(try compile(lines, file: reader.name, options: options))
    } catch {
      compiled = .failure(error)
    }
    if let failure = lines.failure { throw .input(failure) }
    switch compiled {
    case .success(let script): return script
    case .failure(let errors): throw .script(errors)
    }
  }

  /// Parses lines as the parser asks for them, checking each top-level command as it is whole.
  static func compile(_ lines: ScriptLines, file: String, options: Options) throws(ScriptErrors) -> CompiledScript {
    var checker = ScriptChecker(file: file, lines: lines, options: options)
    var parser = ScriptParserState(file: file, angleRange: options.angleRange, lines: lines)
    parser.chapterCount = options.chapterCount
    parser.tent = options.tent
    parser.axis = options.axis
    parser.onTopLevel = { command in checker.check(command) }
    let commands = parser.script()
    if let errors = parser.log.thrown { throw errors }
    if !parser.stopped { checker.finish() }
    if let errors = checker.log.thrown { throw errors }
    return CompiledScript(
      file: file, commands: commands, eventCount: checker.total,
      durationMs: Double(checker.state.timeUs) / 1000,
      defaultRateHz: options.defaultRateHz, angleRange: options.angleRange)
  }

  /// How many samples a span of `durationMs` gets at `rateHz` (at least one when it lasts).
  /// A count too large for an `Int` (a rate of 1e30 Hz) is `Int.max`, which the event limit
  /// then refuses.
  public static func sampleCount(durationMs: Double, rateHz: Double) -> Int {
    guard durationMs > 0 else { return 0 }
    let count = (durationMs * rateHz / 1000).rounded()
    guard count < 9.2e18 else { return .max }  // Int(count) would trap (or count is NaN)
    return count < 1 ? 1 : Int(count)
  }

  /// A duration in whole microseconds (the script clock's unit); saturates at `Int64.max`.
  static func microseconds(_ ms: Double) -> Int64 {
    let us = (ms * 1000).rounded()
    guard us < 9.2e18 else { return .max }
    return us > 0 ? Int64(us) : 0
  }
}
