extension EventDecoder {
  /// The time and angle of a raw sample written exactly as `EventWriter` writes one,
  /// `{"t":T,"type":"hinge","angle":A}` — no spaces, nothing else on the line, both numbers
  /// `ShortDecimal`s, a time from 0 to `Event.maxInputTime` —, or nil for any other line,
  /// which `decode` reads the general way (and, when it is wrong, locates).
  ///
  /// What it accepts, the general path reads as the same sample: the numbers are the doubles
  /// `Double(text)` gives, and a line it accepts holds only printable ASCII (no line of it has
  /// a binary problem). In the input dialect only: a simulator stream's `hinge` is an update.
  ///
  /// ```swift
  /// EventDecoder.rawSample(line)  // {"t":12,"type":"hinge","angle":87.25} → (12, 87.25)
  /// ```
  @inline(__always)
  public static func rawSample(_ line: UnsafeBufferPointer<UInt8>) -> (time: Double, angle: Double)? {
    // The shortest is {"t":0,"type":"hinge","angle":0}: 5 + 1 + 24 + 1 + 1 bytes.
    guard let base = line.baseAddress, line.count >= 32 else { return nil }
    let last = base + (line.count - 1)  // the closing brace, which ends every number
    guard last.pointee == UInt8(ascii: "}") else { return nil }
    let raw = UnsafeRawPointer(base)
    guard raw.loadUnaligned(as: UInt32.self).littleEndian == openingWord, base[4] == UInt8(ascii: ":"),
      let time = ShortDecimal.scan(terminated: base + 5, leadingZeros: false),
      last - time.end >= 25  // the middle, a digit at least, the brace
    else { return nil }
    let middle = UnsafeRawPointer(time.end)
    guard middle.loadUnaligned(as: UInt64.self).littleEndian == middleWords.0,
      middle.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian == middleWords.1,
      middle.loadUnaligned(fromByteOffset: 16, as: UInt64.self).littleEndian == middleWords.2,
      let angle = ShortDecimal.scan(terminated: time.end + 24, leadingZeros: false), angle.end == last,
      time.value >= 0, time.value <= Event.maxInputTime
    else { return nil }
    return (time.value, angle.value)
  }

  /// `{"t"` as a little-endian word.
  private static var openingWord: UInt32 { 0x2274_227B }
  /// `,"type":"hinge","angle":` as three little-endian words.
  private static var middleWords: (UInt64, UInt64, UInt64) {
    (0x3A22_6570_7974_222C, 0x2C22_6567_6E69_6822, 0x3A22_656C_676E_6122)
  }
}
