import EventStream

/// The checks every trace reader applies to each event: time order, the angle range and, when
/// the reader's text is known, that a `select` stays inside it and the chapter ids.
struct TraceChecks {
  var angleRange: ClosedRange<Double>?
  /// The reader text's length, UTF-16 units.
  var textLength: Int?
  /// The text's chapter count: an `openChapter` past it is an error.
  var chapterCount: Int?
  var lastTime: Double = 0
  var events = 0

  init(angleRange: ClosedRange<Double>?, textLength: Int? = nil) {
    self.angleRange = angleRange
    self.textLength = textLength
  }

  /// A message for a line whose bytes are not text, or nil.
  @inline(__always)
  static func binaryProblem(_ line: UnsafeBufferPointer<UInt8>) -> (column: Int, message: String)? {
    // Eight bytes at a time while every byte is printable ASCII (0x20…0x7F): no control byte
    // (a tab included) and no high bit; the first word that may hold one goes to the byte loop.
    guard let base = line.baseAddress else { return nil }
    var i = 0
    let raw = UnsafeRawPointer(base)
    while i + 8 <= line.count {
      if !isPrintable(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) { return byteProblem(line, from: i) }
      i += 8
    }
    if i == line.count { return nil }
    // The last few bytes: the line's last eight, overlapping the words already checked (only
    // once every whole word passed: a word that failed is looked at byte by byte above).
    if line.count >= 8, isPrintable(raw.loadUnaligned(fromByteOffset: line.count - 8, as: UInt64.self)) {
      return nil
    }
    return byteProblem(line, from: i)
  }

  /// True when none of the eight bytes is a control byte (below 0x20) or has its high bit set.
  @inline(__always) private static func isPrintable(_ word: UInt64) -> Bool {
    let low = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
    return low | (word & 0x8080_8080_8080_8080) == 0
  }

  /// `binaryProblem` byte by byte from `first` (the bytes before it are printable ASCII).
  private static func byteProblem(_ line: UnsafeBufferPointer<UInt8>, from first: Int) -> (
    column: Int, message: String
  )? {
    // One pass over the bytes; UTF-8 validation only for lines that are not plain ASCII.
    var ascii = true
    for i in first..<line.count {
      let b = line[i]
      if b < 0x20 && b != 0x09 {
        let hex = String(b, radix: 16)
        return (
          i + 1, "expected text, found binary data (byte 0x\(hex.count == 1 ? "0" + hex : hex))"
        )
      }
      if b >= 0x80 { ascii = false }
    }
    if !ascii, String(validating: line, as: UTF8.self) == nil {
      return (1, "expected UTF-8 text, found invalid UTF-8 (is this a binary file?)")
    }
    return nil
  }

  /// Checks an event's time and angle; returns the message of the first problem.
  mutating func check(_ event: Event) -> String? {
    if event.time < lastTime {
      return
        "expected a time ≥ \(Self.format(lastTime)) ms (timestamps must not go back), found \(Self.format(event.time))"
    }
    if case .sample(let angle) = event.kind, let range = angleRange, !range.contains(angle) {
      return
        "expected an angle from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)) degrees, found \(Self.format(angle))"
    }
    if case .openChapter(let id) = event.kind, let count = chapterCount, id > count {
      return
        "expected a chapter id from 1 to \(count) (the text's chapters; 'hingesim paginate --chapters' lists them), found \(id)"
    }
    if case .select(let offset, let length) = event.kind, let textLength,
      length > textLength - min(offset, textLength)
        || offset > textLength
    {
      return
        "expected a selection inside the text (0 to \(textLength) UTF-16 units), found \(length) units from \(offset)"
    }
    lastTime = event.time
    events += 1
    return nil
  }

  /// Counts a raw sample that passes every check (`check` of the same sample gives nil) and
  /// returns true; false, changing nothing, when one fails (`check` then says which).
  @inline(__always) mutating func accept(time: Double, angle: Double) -> Bool {
    guard time >= lastTime else { return false }
    if let range = angleRange, !range.contains(angle) { return false }
    lastTime = time
    events += 1
    return true
  }

  static func format(_ value: Double) -> String { NumberFormat.shortest(value) }
}
