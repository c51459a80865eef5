import EventStream

/// Reads a sensor log as CSV: a header line, then `t_ms,angle_deg[,orientation]` rows.
///
/// ```
/// t_ms,angle_deg,orientation
/// 0,0,portrait
/// 10,1.8
/// ```
/// An orientation cell emits an `orientation` event when it differs from the previous one.
/// Numbers are plain decimals (`0x10` is an error, not 16); times lie in 0 … `Event.maxInputTime`.
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
          try Self.checkHeader(text, file: name, line: lineNumber)
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

  /// The header is `t_ms,angle_deg` or `t_ms,angle_deg,orientation` (any case, spaces around
  /// cells allowed); another cell, or a missing one, is an error at that cell.
  private static func checkHeader(_ text: String, file: String, line: Int) throws(InputError) {
    let expected = ["t_ms", "angle_deg", "orientation"]
    var column = 1
    var index = 0
    for cell in text.split(separator: ",", omittingEmptySubsequences: false) {
      let name = cell.trimmingSpaces.lowercased()
      // An empty third cell (`t_ms,angle_deg,`) is no orientation column, as in the rows.
      guard index < expected.count, name == expected[index] || (index == 2 && name.isEmpty) else {
        let found =
          index < expected.count
          ? "'\(InputText.excerpt(text.trimmingSpaces))'"
          : "an extra column '\(InputText.excerpt(cell.trimmingSpaces))'"
        throw InputError(
          file: file, line: line, column: index < expected.count ? 1 : column,
          message: "expected the header 't_ms,angle_deg[,orientation]', found \(found)")
      }
      column += cell.count + 1
      index += 1
    }
    guard index >= 2 else {
      throw InputError(
        file: file, line: line, column: 1,
        message: "expected the header 't_ms,angle_deg[,orientation]', found '\(InputText.excerpt(text.trimmingSpaces))'"
      )
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
    guard let t = DecimalText.parse(values[0].0) else {
      throw InputError(
        file: reader.name, line: line, column: values[0].1,
        message: "expected a time in milliseconds, found '\(InputText.excerpt(values[0].0))'")
    }
    guard t >= 0, t <= Event.maxInputTime else {
      throw InputError(
        file: reader.name, line: line, column: values[0].1,
        message: "expected a time from 0 to \(Event.maxInputTimeText), found \(NumberFormat.shortest(t))")
    }
    guard let angle = DecimalText.parse(values[1].0) else {
      throw InputError(
        file: reader.name, line: line, column: values[1].1,
        message: "expected an angle in degrees, found '\(InputText.excerpt(values[1].0))'")
    }
    var orientationEvent: Event?
    if values.count == 3, !values[2].0.isEmpty {
      guard let o = Orientation(name: values[2].0) else {
        throw InputError(
          file: reader.name, line: line, column: values[2].1,
          message:
            "expected an orientation (\(Orientation.allCases.map(\.rawValue).joined(separator: ", "))), found '\(InputText.excerpt(values[2].0))'"
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
    let s = Substring(self)
    var first = s.startIndex
    while first < s.endIndex, s[first] == " " || s[first] == "\t" { first = s.index(after: first) }
    var last = s.endIndex
    while last > first, s[s.index(before: last)] == " " || s[s.index(before: last)] == "\t" {
      last = s.index(before: last)
    }
    return String(s[first..<last])
  }
}
