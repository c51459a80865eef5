import EventStream
/// Reads a sensor log as CSV: a header line, then `t_ms,angle_deg[,orientation]` rows.
///
/// ```
/// t_ms,angle_deg,orientation
/// 0,0,portrait
/// 10,1.8
/// ```
/// An orientation cell emits an `orientation` event when it differs from the previous one.
public struct CSVTraceSource: EventSource {
  private let reader: LineReader
  private var checks: TraceChecks
  private let policy: BadLinePolicy
  private var sawHeader = false
  private var orientation: Orientation?
  private var queued: Event?
  /// Lines skipped under the lenient policy.
  public private(set) var skipped = 0

  /// Opens a CSV trace (`-` for stdin).
  public init(path: String, angleRange: ClosedRange<Double>? = nil, policy: BadLinePolicy = .strict) throws(InputError)
  {
    try self.init(reader: LineReader(path: path), angleRange: angleRange, policy: policy)
  }

  /// Reads from an open line reader.
  public init(reader: LineReader, angleRange: ClosedRange<Double>? = nil, policy: BadLinePolicy = .strict) {
    self.reader = reader
    self.checks = TraceChecks(angleRange: angleRange)
    self.policy = policy
  }

  public mutating func next() throws(InputError) -> Event? {
    if let queued {
      self.queued = nil
      return queued
    }
    while true {
      let name = reader.name
      let reader = self.reader
      guard
        let line = try reader.nextLine({ line throws(InputError) -> Result<String, InputError> in
          if let problem = TraceChecks.binaryProblem(line) {
            return .failure(
              InputError(file: name, line: reader.lineNumber, column: problem.column, message: problem.message))
          }
          return .success(String(decoding: line, as: UTF8.self))
        })
      else {
        if checks.events == 0 && skipped == 0 {
          throw InputError(
            file: name, line: 0, column: 0,
            message: sawHeader
              ? "expected rows after the header, found none"
              : "expected a CSV header 't_ms,angle_deg[,orientation]', found an empty file")
        }
        return nil
      }
      let lineNumber = reader.lineNumber
      var problem: InputError?
      switch line {
      case .failure(let error): problem = error
      case .success(let text):
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
        if !sawHeader {
          sawHeader = true
          let header = trimmed.lowercased().split(separator: ",").map { $0.trimmingSpaces }
          guard header.count >= 2, header[0] == "t_ms", header[1] == "angle_deg",
            header.count < 3 || header[2] == "orientation"
          else {
            throw InputError(
              file: name, line: lineNumber, column: 1,
              message: "expected the header 't_ms,angle_deg[,orientation]', found '\(trimmed)'")
          }
          continue
        }
        do {
          if let event = try parseRow(text, line: lineNumber) { return event }
          continue
        } catch {
          problem = error
        }
      }
      if let problem {
        guard policy.lenient else { throw problem }
        skipped += 1
        policy.warn(problem)
      }
    }
  }

  private mutating func parseRow(_ text: String, line: Int) throws(InputError) -> Event? {
    let cells = text.split(separator: ",", omittingEmptySubsequences: false)
    var column = 1
    var values: [(String, Int)] = []
    for cell in cells {
      values.append((cell.trimmingSpaces, column))
      column += cell.count + 1
    }
    guard values.count == 2 || values.count == 3 else {
      throw InputError(
        file: reader.name, line: line, column: 1,
        message: "expected 2 or 3 cells (t_ms,angle_deg[,orientation]), found \(values.count)")
    }
    guard let t = Double(values[0].0), t.isFinite else {
      throw InputError(
        file: reader.name, line: line, column: values[0].1,
        message: "expected a time in milliseconds, found '\(values[0].0)'")
    }
    guard let angle = Double(values[1].0), angle.isFinite else {
      throw InputError(
        file: reader.name, line: line, column: values[1].1,
        message: "expected an angle in degrees, found '\(values[1].0)'")
    }
    var orientationEvent: Event?
    if values.count == 3, !values[2].0.isEmpty {
      guard let o = Orientation(name: values[2].0) else {
        throw InputError(
          file: reader.name, line: line, column: values[2].1,
          message:
            "expected an orientation (\(Orientation.allCases.map(\.rawValue).joined(separator: ", "))), found '\(values[2].0)'"
        )
      }
      if o != orientation {
        orientation = o
        orientationEvent = Event(time: t, .orientation(o))
      }
    }
    let sample = Event(time: t, .sample(angle: angle))
    if let message = checks.check(sample) {
      throw InputError(
        file: reader.name, line: line, column: message.contains("angle") ? values[1].1 : values[0].1, message: message)
    }
    if let orientationEvent {
      queued = sample
      return orientationEvent
    }
    return sample
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var s = Substring(self)
    while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
    while let l = s.last, l == " " || l == "\t" { s.removeLast() }
    return String(s)
  }
}
