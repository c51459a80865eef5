import CFribidi

/// UAX #9 through GNU FriBidi, per paragraph: the paragraph's direction from its first strong
/// character outside isolates (rules P2–P3) and the embedding level of every UTF-16
/// unit (`fribidi_get_par_embedding_levels_ex`, brackets paired). A paragraph with no right-to-left
/// character and no explicit embedding, override or isolate is left to right at level 0 without
/// asking FriBidi, so an English text costs one scan.
struct BidiLevels {
  /// The UTF-16 offsets after each paragraph's terminator, ascending, the last the text's end:
  /// where the analysis ends paragraphs (UAX #14's mandatory breaks after LF, CR not before LF,
  /// and U+2029; VT, FF, NEL and U+2028 end lines inside a paragraph).
  static func paragraphEnds(of units: [UInt16]) -> [Int] {
    var ends: [Int] = []
    let n = units.count
    for k in 0..<n {
      switch units[k] {
      case 0x0A, 0x2029: ends.append(k + 1)
      case 0x0D where k + 1 == n || units[k + 1] != 0x0A: ends.append(k + 1)
      default: break
      }
    }
    if ends.last != n { ends.append(n) }
    return ends
  }

  /// The UTF-16 offset each paragraph starts at, ascending (the first is 0).
  var paragraphStarts: [Int] = []
  /// Per paragraph: its direction is right to left; nil: it has no strong character.
  var paragraphRightToLeft: [Bool?] = []
  /// The level of every UTF-16 unit; empty when every level is 0.
  var levels: [UInt8] = []

  /// Whether a unit may make a paragraph's levels other than all 0: right-to-left letters and
  /// digits (Hebrew, Arabic, Syriac, Thaana, NKo, …; their presentation forms; RTL planes) and
  /// the explicit formatting characters.
  @inline(__always)
  static func needsBidi(_ u: UInt16) -> Bool {
    guard u >= 0x0590 else { return false }  // most text: one comparison
    return (0x0590...0x08FF).contains(u) || (0xFB1D...0xFDFF).contains(u) || (0xFE70...0xFEFF).contains(u)
      || u == 0x200F || (0x202A...0x202E).contains(u) || (0x2066...0x2069).contains(u)
      || (0xD802...0xD803).contains(u) || (0xD83A...0xD83B).contains(u)
  }

  /// Analyses the paragraphs ending at `paragraphEnds` (UTF-16 offsets after each paragraph's
  /// terminator, ascending, the last at the text's end).
  init(units: [UInt16], paragraphEnds: [Int]) {
    var start = 0
    for end in paragraphEnds where end > start {
      paragraphStarts.append(start)
      var needs = false
      for k in start..<end where Self.needsBidi(units[k]) {
        needs = true
        break
      }
      if needs {
        if levels.isEmpty { levels = [UInt8](repeating: 0, count: units.count) }
        paragraphRightToLeft.append(resolve(units, start..<end))
      } else {
        // Left to right at level 0; whether it has a strong character is asked on demand.
        paragraphRightToLeft.append(Self.hasStrongCharacter(units, start..<end) ? false : nil)
      }
      start = end
    }
  }

  /// A cheap test for a left-to-right paragraph without bidi characters: any letter (ASCII or a
  /// unit of the Latin, Greek, Cyrillic or later blocks that FriBidi calls L).
  private static func hasStrongCharacter(_ units: [UInt16], _ range: Range<Int>) -> Bool {
    for k in range {
      let u = units[k]
      if (0x41...0x5A).contains(u) || (0x61...0x7A).contains(u) { return true }
      if u >= 0xC0 && !UTF16.isTrailSurrogate(u) && !UTF16.isLeadSurrogate(u) {
        if hingesim_fribidi_is_ltr(FriBidi.loaded.getBidiType(FriBidiChar(u))) != 0 { return true }
      }
    }
    return false
  }

  /// FriBidi over one paragraph: writes its levels and returns whether it is right to left (nil:
  /// no strong character; left to right).
  private mutating func resolve(_ units: [UInt16], _ range: Range<Int>) -> Bool? {
    var scalars: [FriBidiChar] = []
    var unitOf: [Int] = []  // the first UTF-16 unit of each scalar
    scalars.reserveCapacity(range.count)
    unitOf.reserveCapacity(range.count + 1)
    units.withUnsafeBufferPointer { buffer in
      guard let units = buffer.baseAddress else { return }  // no units: no code points
      for (k, c) in UTF16Scalars(units, range) {
        unitOf.append(k)
        scalars.append(FriBidiChar(c))
      }
    }
    unitOf.append(range.upperBound)
    let n = scalars.count
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
    var brackets = [FriBidiBracketType](repeating: 0, count: n)
    var levels = [FriBidiLevel](repeating: 0, count: n)
    let fribidi = FriBidi.loaded
    fribidi.getBidiTypes(scalars, FriBidiStrIndex(n), &types)
    fribidi.getBracketTypes(scalars, FriBidiStrIndex(n), types, &brackets)
    // Asked for ON, FriBidi resolves the direction by P2–P3 (isolates skipped, which
    // `fribidi_get_par_direction` 1.0.8 does not do) and leaves ON when no character is strong.
    var base = hingesim_fribidi_par_on()
    let ok = fribidi.getParEmbeddingLevelsEx(types, brackets, FriBidiStrIndex(n), &base, &levels)
    let strong = base != hingesim_fribidi_par_on()
    let rightToLeft = base == hingesim_fribidi_par_rtl()
    for i in 0..<n {
      // FriBidi failing (out of memory) leaves the paragraph at its base level.
      let level = ok > 0 ? UInt8(clamping: Int(levels[i])) : (rightToLeft ? 1 : 0)
      for unit in unitOf[i]..<unitOf[i + 1] { self.levels[unit] = level }
    }
    return strong ? rightToLeft : nil
  }

  /// The paragraph holding a UTF-16 offset.
  func paragraph(at offset: Int) -> Int {
    var low = 0
    var high = paragraphStarts.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if paragraphStarts[mid] <= offset { low = mid } else { high = mid }
    }
    return low
  }
}
