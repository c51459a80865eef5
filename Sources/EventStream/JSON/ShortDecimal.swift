/// A plain decimal of at most 15 digits read in place, exactly as `Double(text)` reads it:
/// `-`? digits (`.` digits)?, no `+`, no exponent.
///
/// Both the digits as an integer (below 10¹⁵, so below 2⁵³) and the power of ten (at most
/// 10¹⁵) are exact doubles, and IEEE division rounds their quotient correctly: the result is
/// the double nearest the decimal, which is what `Double(text)` returns. Anything else — more
/// digits, an exponent, a `+`, no digit — is nil, and the caller's general path reads it (and,
/// when it is wrong, says where).
///
/// ```swift
/// // "179.9968" → (1799968 / 10⁴ = 179.9968, the pointer after the last digit)
/// let scanned = ShortDecimal.scan(p, end, leadingZeros: false)
/// ```
public enum ShortDecimal {
  /// The most digits read, integer and fraction together.
  @inlinable public static var maxDigits: Int { 15 }

  /// The number at `start` (bytes up to `end`) and the address after it, or nil. With
  /// `leadingZeros` false an integer part of two or more digits may not start with `0` (JSON's
  /// rule: `01` is no number); `-0` reads as negative zero, as `Double("-0")` does.
  @inlinable @inline(__always)
  public static func scan(
    _ start: UnsafePointer<UInt8>, end: UnsafePointer<UInt8>, leadingZeros: Bool
  ) -> (value: Double, end: UnsafePointer<UInt8>)? {
    var p = start
    let negative = p < end && p.pointee == UInt8(ascii: "-")
    if negative { p += 1 }
    var mantissa: UInt64 = 0
    let integerStart = p
    while p < end, accumulate(p.pointee, into: &mantissa) { p += 1 }
    var fractionDigits = 0
    if p < end, p.pointee == UInt8(ascii: ".") {
      p += 1
      let fractionStart = p
      while p < end, accumulate(p.pointee, into: &mantissa) { p += 1 }
      fractionDigits = p - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    return finish(negative, mantissa, integerStart, p, fractionDigits, leadingZeros)
  }

  /// `scan` of a number followed, before the end of readable memory, by a byte that is neither
  /// a digit nor `.` (a JSON line's closing `}`): no bound to check per digit.
  @inlinable @inline(__always)
  public static func scan(terminated start: UnsafePointer<UInt8>, leadingZeros: Bool) -> (
    value: Double, end: UnsafePointer<UInt8>
  )? {
    var p = start
    let negative = p.pointee == UInt8(ascii: "-")
    if negative { p += 1 }
    var mantissa: UInt64 = 0
    let integerStart = p
    while accumulate(p.pointee, into: &mantissa) { p += 1 }
    var fractionDigits = 0
    if p.pointee == UInt8(ascii: ".") {
      p += 1
      let fractionStart = p
      while accumulate(p.pointee, into: &mantissa) { p += 1 }
      fractionDigits = p - fractionStart
      guard fractionDigits > 0 else { return nil }
    }
    return finish(negative, mantissa, integerStart, p, fractionDigits, leadingZeros)
  }

  /// Adds `byte` to `mantissa` as its next decimal digit (wrapping) when it is one.
  @inlinable @inline(__always)
  static func accumulate(_ byte: UInt8, into mantissa: inout UInt64) -> Bool {
    let digit = byte &- 0x30
    guard digit < 10 else { return false }
    mantissa = mantissa &* 10 &+ UInt64(digit)
    return true
  }

  /// The value of the digits read, or nil when there are none, too many, or a leading zero
  /// JSON forbids.
  @inlinable @inline(__always)
  static func finish(
    _ negative: Bool, _ mantissa: UInt64, _ integerStart: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>,
    _ fractionDigits: Int, _ leadingZeros: Bool
  ) -> (value: Double, end: UnsafePointer<UInt8>)? {
    let digits = end - integerStart - (fractionDigits > 0 ? 1 : 0)
    let integerDigits = digits - fractionDigits
    guard integerDigits > 0, digits <= maxDigits else { return nil }  // a wrapped mantissa too
    if !leadingZeros, integerDigits > 1, integerStart.pointee == UInt8(ascii: "0") { return nil }
    let magnitude = Double(mantissa) / powerOfTen(fractionDigits)
    return (negative ? -magnitude : magnitude, end)
  }

  /// 10^`k` for `k` in 0…15, each exact (a constant table, no lazy global to initialise).
  @inlinable @inline(__always)
  public static func powerOfTen(_ k: Int) -> Double {
    switch k {
    case 0: 1
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    default: preconditionFailure("10^\(k) is not in the table (at most \(maxDigits) digits)")
    }
  }
}
