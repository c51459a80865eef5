import CUnibreak

/// UAX #14 line-break opportunities from libunibreak (no language tailoring), safe for any text
/// whatever libunibreak version is installed.
///
/// Regional indicators (RI, U+1F1E6…U+1F1FF, two of which make a flag) never reach libunibreak.
/// Debian's libunibreak 1.1 has the RI class but its pair table ends at JT: `set_linebreaks`
/// asserts `lbcCur <= LBP_JT` and `lbcNew <= LBP_JT` and aborts on any RI but a text's only
/// character (built without assertions it would index past the table). Each RI is handed over as
/// U+20000, an ideograph (class ID in every Unicode version, and two UTF-16 units like an RI, so
/// the offsets are the same), and the breaks are then corrected at our side: RIs pair up from the
/// start of each run of them, and no break falls inside a pair (UAX #14 LB30a). Around a flag the
/// breaks are an ideograph's, which differ from UAX #14's RI rules only next to prefix and postfix
/// characters (`$🇫🇷`: no break where UAX #14 has one).
///
/// U+FFFF is libunibreak's end-of-text marker: met inside a text it fails the assertion
/// `posLast == posCur - 1 && posCur <= len` and aborts. It is handed over as U+FFFD (one unit
/// too; a noncharacter has no line-break behaviour of its own to lose).
enum UnicodeLineBreaks {
  /// The break after this code unit is mandatory (after a hard line break and at the text end).
  static let mandatory: Int8 = Int8(LINEBREAK_MUSTBREAK)
  /// A line may break after this code unit.
  static let allowed: Int8 = Int8(LINEBREAK_ALLOWBREAK)
  /// No break after this code unit.
  static let prohibited: Int8 = Int8(LINEBREAK_NOBREAK)

  /// The UTF-16 lead surrogate of every regional indicator, and the range of their trail units.
  static let regionalIndicatorLead: UInt16 = 0xD83C
  static let regionalIndicatorTrails: ClosedRange<UInt16> = 0xDDE6...0xDDFF
  /// libunibreak's end-of-text marker, and what it sees instead.
  static let endOfText: UInt16 = 0xFFFF
  static let endOfTextStandIn: UInt16 = 0xFFFD
  /// U+20000 (CJK Extension B, line-break class ID) in UTF-16: what libunibreak sees for an RI.
  static let standInLead: UInt16 = 0xD840
  static let standInTrail: UInt16 = 0xDC00

  /// True when the units at `i` and `i + 1` are a regional indicator.
  @inline(__always)
  static func isRegionalIndicator(_ units: UnsafeBufferPointer<UInt16>, at i: Int) -> Bool {
    units[i] == regionalIndicatorLead && i + 1 < units.count
      && regionalIndicatorTrails.contains(units[i + 1])
  }

  /// As `compute(_:into:)`, with the text cut in two after the first line feed past its middle
  /// that an ASCII letter or digit follows, when `workers` > 1, each half on its own thread. The
  /// same breaks as one pass: no UAX #14 rule looks back past a mandatory break, the break after
  /// the first half's last unit is mandatory either way, and a letter or digit has no rule of
  /// its own at the start of a text (a space or a combining mark there has: libunibreak treats
  /// them apart).
  static func compute(
    _ units: UnsafeBufferPointer<UInt16>, into breaks: UnsafeMutablePointer<Int8>, workers: Int
  ) {
    var cut = units.count / 2
    while cut + 1 < units.count && !(units[cut] == 0x0A && isLetterOrDigit(units[cut + 1])) {
      cut += 1
    }
    cut += 1
    guard workers > 1, cut < units.count else { return compute(units, into: breaks) }
    Parallel.run(2) { half in
      if half == 0 {
        compute(UnsafeBufferPointer(rebasing: units[..<cut]), into: breaks)
      } else {
        compute(UnsafeBufferPointer(rebasing: units[cut...]), into: breaks + cut)
      }
    }
  }

  /// Fills `breaks[i]` with the break action after UTF-16 unit `i`: `mandatory`, `allowed`, or
  /// another value (no break, or inside a surrogate pair).
  static func compute(_ units: UnsafeBufferPointer<UInt16>, into breaks: UnsafeMutablePointer<Int8>) {
    guard units.count > 0, let base = units.baseAddress else { return }
    let unibreak = Unibreak.loaded
    let firstEnd = units.firstIndex(of: endOfText)
    guard let first = [firstRegionalIndicator(units), firstEnd].compactMap({ $0 }).min() else {
      unibreak.setLinebreaksUTF16(base, units.count, nil, breaks)
      return
    }
    var safe = Array(units)
    var i = first
    while i < units.count {
      if isRegionalIndicator(units, at: i) {
        safe[i] = standInLead
        safe[i + 1] = standInTrail
        i += 2
      } else {
        if units[i] == endOfText { safe[i] = endOfTextStandIn }
        i += 1
      }
    }
    safe.withUnsafeBufferPointer { unibreak.setLinebreaksUTF16($0.baseAddress!, $0.count, nil, breaks) }
    // Pair the RIs of each run: the second of a pair follows the first with no break.
    var inRun = 0  // RIs so far in the current run
    i = first
    while i < units.count {
      if isRegionalIndicator(units, at: i) {
        if inRun % 2 == 1 { breaks[i - 1] = prohibited }
        inRun += 1
        i += 2
      } else {
        inRun = 0
        i += 1
      }
    }
  }

  /// An ASCII letter or digit.
  @inline(__always)
  private static func isLetterOrDigit(_ u: UInt16) -> Bool {
    (0x30...0x39).contains(u) || (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u)
  }

  /// The offset of the first regional indicator, or nil.
  private static func firstRegionalIndicator(_ units: UnsafeBufferPointer<UInt16>) -> Int? {
    var i = 0
    while let lead = units[i...].firstIndex(of: regionalIndicatorLead) {
      if isRegionalIndicator(units, at: lead) { return lead }
      i = lead + 1
    }
    return nil
  }
}
