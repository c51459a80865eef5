import CHarfBuzz

/// The direction a segment is shaped in, from the UAX #9 embedding levels of its body (as Pango
/// shapes each bidi run in its level's direction): left to right when every level is even (or
/// the text has no levels), right to left when every level is odd. A body whose levels differ
/// (a Hebrew word and a comma after it in an English paragraph) is `mixed`: each run takes its
/// script's direction. Explicit embeddings and overrides (U+202A–U+202E) and zero-width
/// formatting characters, which UAX #9 removes (X9), do not count.
enum ShapingDirection: UInt8 {
  case leftToRight = 0
  case rightToLeft = 1
  case mixed = 2

  /// The direction of the units `range` of `text` whose levels are `levels` (all 0 when empty).
  init(levels: [UInt8], _ range: Range<Int>, in text: UnsafePointer<UInt16>) {
    guard !levels.isEmpty else {
      self = .leftToRight
      return
    }
    var odd: Bool? = nil
    for k in range where !Self.isRemoved(text[k]) {
      let o = levels[k] & 1 == 1
      if let seen = odd, seen != o {
        self = .mixed
        return
      }
      odd = o
    }
    self = odd == true ? .rightToLeft : .leftToRight
  }

  /// HarfBuzz's direction, or nil to let each run's script choose.
  var harfBuzz: hb_direction_t? {
    switch self {
    case .leftToRight: HB_DIRECTION_LTR
    case .rightToLeft: HB_DIRECTION_RTL
    case .mixed: nil
    }
  }

  /// Characters UAX #9 rule X9 removes (their FriBidi level is their neighbour's, not their own).
  @inline(__always)
  private static func isRemoved(_ u: UInt16) -> Bool {
    (0x202A...0x202E).contains(u) || (0x200B...0x200D).contains(u) || u == 0x2060 || u == 0xFEFF
  }
}
