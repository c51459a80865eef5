import Testing

@testable import Typesetter

/// The analysis's shortcut for grapheme-cluster boundaries agrees with Swift's `Character`s.
@Suite struct PlainBoundaryTests {
  @Test func theShortcutNeverClaimsABoundaryThatIsNot() {
    let specials: [UInt16] = [
      0x0D, 0x20, 0x41, 0x2019, 0x2014, 0x200D, 0x200C, 0x0600, 0x0915, 0x094D, 0x1100, 0x1161,
      0xAC00, 0x0300, 0xFE0F, 0x2764, 0x00AD, 0x3000,
    ]
    let firsts = specials + stride(from: 0, to: 0x10000, by: 61).map { UInt16($0) }
    let seconds = Array(0x20...0x2FF) + Array(0x2010...0x2027) + Array(0x2030...0x205E)
    var claimed = 0
    for a in firsts where !UTF16.isLeadSurrogate(a) && !UTF16.isTrailSurrogate(a) {
      for b in seconds.map({ UInt16($0) }) where CharacterBoundaries.isPlainBoundary(a, b) {
        claimed += 1
        // Alone and after an emoji (GB11 joins an emoji, ZWJ and a pictograph such as ‼).
        for prefix in [[], Array("😀".utf16)] {
          let before = String(decoding: prefix + [a], as: UTF16.self).count
          if String(decoding: prefix + [a, b], as: UTF16.self).count != before + 1 {
            Issue.record("U+\(String(a, radix: 16)) U+\(String(b, radix: 16)) join after \(prefix)")
          }
        }
      }
    }
    #expect(claimed > 100_000)
  }
}
