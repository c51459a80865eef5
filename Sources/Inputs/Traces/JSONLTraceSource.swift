import EventStream

/// Reads a JSON Lines stream of events, one object per line, streaming.
///
/// ```swift
/// var trace = try JSONLTraceSource(path: "traces/open-wide.jsonl", angleRange: 0...180)
/// while let event = try trace.next() { … }
/// ```
/// Blank lines and `#` comment lines are skipped. With a lenient policy a bad line is skipped
/// with a warning instead of ending the read.
public struct JSONLTraceSource: EventSource {
  private let reader: LineReader
  private let decoder: EventDecoder
  private var checks: TraceChecks
  private let policy: BadLinePolicy
  /// Reads raw samples in place (`EventDecoder.rawSample`): in the input dialect, where a
  /// `hinge` line is one. Tests turn it off to compare with the general path.
  var readsRawSamples: Bool
  /// Lines skipped under the lenient policy.
  public private(set) var skipped = 0

  /// Opens a trace file (`-` for stdin) in a dialect.
  public init(
    path: String, dialect: EventDecoder.Dialect = .input, angleRange: ClosedRange<Double>? = nil,
    chapterCount: Int? = nil, policy: BadLinePolicy = .strict
  ) throws(InputError) {
    try self.init(
      reader: LineReader(path: path), dialect: dialect, angleRange: angleRange, chapterCount: chapterCount,
      policy: policy)
  }

  /// Reads from an open line reader; with `textLength`, a `select` past the text's end is an
  /// error.
  public init(
    reader: LineReader, dialect: EventDecoder.Dialect = .input, angleRange: ClosedRange<Double>? = nil,
    chapterCount: Int? = nil, policy: BadLinePolicy = .strict, textLength: Int? = nil
  ) {
    self.reader = reader
    self.decoder = EventDecoder(dialect: dialect)
    self.readsRawSamples = dialect == .input
    self.checks = TraceChecks(angleRange: angleRange, textLength: textLength)
    self.checks.chapterCount = chapterCount
    self.policy = policy
  }

  public mutating func next() throws(InputError) -> Event? {
    while true {
      guard let line = try reader.nextLine() else {
        if checks.events == 0 && skipped == 0 {
          throw InputError(
            file: reader.name, line: 0, column: 0, message: "expected at least one event, found an empty trace")
        }
        return nil
      }
      // A raw sample as `EventWriter` writes it, in order and in range, is read in place;
      // any other line, and every line with a problem, goes the general way below.
      if readsRawSamples, let sample = EventDecoder.rawSample(line),
        checks.accept(time: sample.time, angle: sample.angle)
      {
        return Event(time: sample.time, .sample(angle: sample.angle))
      }
      let problem: InputError
      if let binary = TraceChecks.binaryProblem(line) {
        problem = InputError(
          file: reader.name, line: reader.lineNumber, column: binary.column, message: binary.message)
      } else {
        do throws(EventDecoder.Failure) {
          switch try decoder.decode(line) {
          case .event(let event):
            guard let message = checks.check(event) else { return event }
            problem = InputError(file: reader.name, line: reader.lineNumber, column: 1, message: message)
          case .blank, .skipped: continue
          }
        } catch {
          problem = InputError(
            file: reader.name, line: reader.lineNumber, column: error.column, message: error.message)
        }
      }
      guard policy.lenient else { throw problem }
      skipped += 1
      policy.warn(problem)
    }
  }
}
