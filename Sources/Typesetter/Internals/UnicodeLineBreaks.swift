import CUnibreak

/// UAX #14 line-break opportunities from libunibreak (no language tailoring).
enum UnicodeLineBreaks {
  /// The break after this code unit is mandatory (after a hard line break and at the text end).
  static let mandatory: Int8 = Int8(LINEBREAK_MUSTBREAK)
  /// A line may break after this code unit.
  static let allowed: Int8 = Int8(LINEBREAK_ALLOWBREAK)

  private static let initialized: Bool = {
    init_linebreak()
    return true
  }()

  /// Fills `breaks[i]` with the break action after UTF-16 unit `i`: `mandatory`, `allowed`, or
  /// another value (no break, or inside a surrogate pair).
  static func compute(_ units: UnsafeBufferPointer<UInt16>, into breaks: UnsafeMutablePointer<Int8>) {
    guard units.count > 0, let base = units.baseAddress else { return }
    _ = initialized
    set_linebreaks_utf16(base, units.count, nil, breaks)
  }
}
