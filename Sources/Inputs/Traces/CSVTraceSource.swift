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
      let lineNumber = reader.lineNumber
      var problem: InputError?
      if let binary = TraceChecks.binaryProblem(line) {
        problem = InputError(file: reader.name, line: lineNumber, column: binary.column, message: binary.message)
      } else if sawHeader, let row = CSVRow(line) {
        // A plain row, read in place; anything else (and every error) takes the path below.
        if let event = take(row) { return event }
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
  /// fails a check or its orientation is not one (`parseRow` then says why).
  private mutating func take(_ row: CSVRow) -> Event? {
    var o: Orientation?
    if let name = row.orientation {
      guard let parsed = Orientation(name: name) else { return nil }
      o = parsed
    }
    let sample = Event(time: row.time, .sample(angle: row.angle))
    guard checks.check(sample) == nil else { return nil }
    if let o, o != orientation {
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

/// A CSV row of printable ASCII read in place: `t,angle[,orientation]`, cells trimmed of spaces
/// and tabs, each number `-`? digits (`.` digits)? with a time in range; nil for anything else
/// (a comment, a blank line, an exponent or a `+`, an error), which the string path reads.
struct CSVRow {
  var time: Double
  var angle: Double
  /// The third cell when it is not empty.
  var orientation: String?

  init?(_ line: UnsafeBufferPointer<UInt8>) {
    // Up to three cells, as (start, end) byte offsets, without an array (no allocation per row).
    var cells = ((0, 0), (0, 0), (0, 0))
    var count = 0
    var start = 0
    for i in 0...line.count {
      if i == line.count || line[i] == UInt8(ascii: ",") {
        var a = start
        var b = i
        while a < b, line[a] == 0x20 || line[a] == 0x09 { a += 1 }
        while b > a, line[b - 1] == 0x20 || line[b - 1] == 0x09 { b -= 1 }
        switch count {
        case 0: cells.0 = (a, b)
        case 1: cells.1 = (a, b)
        case 2: cells.2 = (a, b)
        default: return nil
        }
        count += 1
        start = i + 1
      } else if line[i] >= 0x80 {
        return nil
      }
    }
    guard count >= 2, let t = Self.number(line, cells.0), t >= 0, t <= Event.maxInputTime,
      let angle = Self.number(line, cells.1)
    else { return nil }
    time = t
    self.angle = angle
    if count == 3, cells.2.0 < cells.2.1 {
      orientation = String(decoding: UnsafeBufferPointer(rebasing: line[cells.2.0..<cells.2.1]), as: UTF8.self)
    }
  }

  private static let powersOfTen: [Double] = (0...15).map { e in
    var v = 1.0
    for _ in 0..<e { v *= 10 }
    return v
  }

  /// `-`? digits (`.` digits)? of at most 15 digits, exactly as `Double(text)` reads it (both
  /// integers are exact and the one division rounds correctly); nil otherwise.
  private static func number(_ line: UnsafeBufferPointer<UInt8>, _ cell: (Int, Int)) -> Double? {
    var i = cell.0
    let end = cell.1
    let negative = i < end && line[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    var mantissa: UInt64 = 0
    var digits = 0
    var integerDigits = 0
    while i < end, line[i] &- 0x30 < 10 {
      mantissa = mantissa &* 10 &+ UInt64(line[i] &- 0x30)
      digits += 1
      integerDigits += 1
      i += 1
    }
    guard integerDigits > 0 else { return nil }
    var fraction = 0
    if i < end, line[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, line[i] &- 0x30 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(line[i] &- 0x30)
        digits += 1
        fraction += 1
        i += 1
      }
      guard fraction > 0 else { return nil }
    }
    guard i == end, digits <= 15 else { return nil }
    let value = Double(mantissa) / powersOfTen[fraction]
    return negative ? -value : value
  }
}
