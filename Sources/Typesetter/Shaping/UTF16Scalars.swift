/// The code points of a run of UTF-16 units, in order, each with the index of its first unit: a
/// surrogate pair is one code point, a lone surrogate stands for itself (as HarfBuzz and FriBidi
/// are handed it). The one place the Typesetter decodes UTF-16.
///
/// ```swift
/// for (k, c) in UTF16Scalars(units, 0..<count) where c == 0xFE0F { … }   // k: c's first unit
/// ```
struct UTF16Scalars: Sequence, IteratorProtocol {
  private let units: UnsafePointer<UInt16>
  private let end: Int
  private var position: Int

  /// The code points of `units[range]`; a pair cut by the range's end is a lone surrogate.
  init(_ units: UnsafePointer<UInt16>, _ range: Range<Int>) {
    self.units = units
    end = range.upperBound
    position = range.lowerBound
  }

  @inline(__always)
  mutating func next() -> (index: Int, scalar: UInt32)? {
    guard position < end else { return nil }
    let k = position
    let c = Self.scalar(units, at: k, count: end)
    position += c > 0xFFFF ? 2 : 1
    return (k, c)
  }

  /// The code point starting at UTF-16 index `k` of the first `count` units (a lone surrogate
  /// as itself).
  @inline(__always)
  static func scalar(_ units: UnsafePointer<UInt16>, at k: Int, count: Int) -> UInt32 {
    UTF16.isLeadSurrogate(units[k]) && k + 1 < count && UTF16.isTrailSurrogate(units[k + 1])
      ? pair(units[k], units[k + 1]) : UInt32(units[k])
  }

  /// The code point of a surrogate pair.
  @inline(__always)
  static func pair(_ lead: UInt16, _ trail: UInt16) -> UInt32 {
    0x10000 + (UInt32(lead) - 0xD800) << 10 + (UInt32(trail) - 0xDC00)
  }
}
