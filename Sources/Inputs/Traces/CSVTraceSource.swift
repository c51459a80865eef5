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
  /// Reads plain rows in place (`CSVRow`); tests turn it off to compare with the general path.
  var readsRowsInPlace = true
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
      guard let line = try reader.nextLine() else {
        if checks.events == 0 && skipped == 0 {
          throw InputError(
            file: reader.name, line: 0, column: 0,
            message: sawHeader
              ? "expected rows after the header, found none"
              : "expected a CSV header 't_ms,angle_deg[,orientation]', found an empty file")
        }
        return nil
      }
      // A plain row is read in place (it holds only printable text); anything else, and
      // every row with a problem, takes the path below.
      if sawHeader, readsRowsInPlace, let row = CSVRow(line), let event = take(row) { return event }
      let lineNumber = reader.lineNumber
      var problem: InputError?
      if let binary = TraceChecks.binaryProblem(line) {
        problem = InputError(file: reader.name, line: lineNumber, column: binary.column, message: binary.message)
      }
      if problem == nil {
        let text = String(decoding: line, as: UTF8.self)
        let trimmed = text.trimmingSpaces
        if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
        if !sawHeader {
          sawHeader = true
          try Self.checkHeader(text, file: reader.name, line: lineNumber)
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

  /// The events of a row read in place, as `parseRow` makes them; nil when the row's sample
  /// fails a check (`parseRow` then says why).
  @inline(__always) private mutating func take(_ row: CSVRow) -> Event? {
    guard checks.accept(time: row.time, angle: row.angle) else { return nil }
    let sample = Event(time: row.time, .sample(angle: row.angle))
    if let o = row.orientation, o != orientation {
      orientation = o
      queued = sample
      return Event(time: row.time, .orientation(o))
    }
    return sample
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

/// A CSV row read in place: `t,angle[,orientation]`, cells trimmed of spaces and tabs, each
/// number a `ShortDecimal` (leading zeros allowed, as `Double(text)` reads them) with a time in
/// range, the orientation a name in ASCII letters; nil for anything else (a comment, a blank
/// line, an exponent or a `+`, a fourth cell, an error), which the string path reads.
///
/// A row it accepts holds only digits, `-`, `.`, `,`, spaces, tabs and letters: printable
/// text, so no row it reads has a binary problem.
struct CSVRow {
  var time: Double
  var angle: Double
  /// The third cell when it is not empty.
  var orientation: Orientation?

  init?(_ line: UnsafeBufferPointer<UInt8>) {
    guard let base = line.baseAddress else { return nil }
    let end = base + line.count
    var p = Self.skipBlanks(base, end)
    guard let t = ShortDecimal.scan(p, end: end, leadingZeros: true), t.value >= 0, t.value <= Event.maxInputTime
    else { return nil }
    p = Self.skipBlanks(t.end, end)
    guard p < end, p.pointee == UInt8(ascii: ",") else { return nil }
    guard let angle = ShortDecimal.scan(Self.skipBlanks(p + 1, end), end: end, leadingZeros: true) else { return nil }
    p = Self.skipBlanks(angle.end, end)
    time = t.value
    self.angle = angle.value
    guard p < end else { return }
    guard p.pointee == UInt8(ascii: ",") else { return nil }
    let first = Self.skipBlanks(p + 1, end)
    var last = first
    while last < end, last.pointee != UInt8(ascii: ",") { last += 1 }
    guard last == end else { return nil }  // a fourth cell
    while last > first, last[-1] == 0x20 || last[-1] == 0x09 { last -= 1 }
    guard last > first else { return }  // an empty third cell: no orientation
    guard let name = Orientation(asciiLetters: first, count: last - first) else { return nil }
    orientation = name
  }

  @inline(__always)
  private static func skipBlanks(_ start: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    var p = start
    while p < end, p.pointee == 0x20 || p.pointee == 0x09 { p += 1 }
    return p
  }
}

extension Orientation {
  /// The orientation named by the `count` bytes at `bytes`, as `init(name:)` reads it (case
  /// ignored), without making a string; nil when they name none. Every name is ASCII
  /// letters, and `b | 0x20` is a lowercase letter only when `b` is that letter in either case.
  init?(asciiLetters bytes: UnsafePointer<UInt8>, count: Int) {
    names: for (name, orientation) in Self.lowercaseNames where name.count == count {
      for i in 0..<count where bytes[i] | 0x20 != name[i] { continue names }
      self = orientation
      return
    }
    return nil
  }

  private static let lowercaseNames: [([UInt8], Orientation)] = allCases.map {
    (Array($0.rawValue.lowercased().utf8), $0)
  }
}
