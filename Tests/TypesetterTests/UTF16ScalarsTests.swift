import Testing

@testable import Typesetter

/// `UTF16Scalars`, the one place the Typesetter decodes UTF-16 (the font fallback's clusters,
/// the cluster's script, FriBidi's input, a kerning pair): each code point once, at its first
/// unit, as Swift's own decoding gives it; a surrogate without its partner stands for itself.
@Suite struct UTF16ScalarsTests {
  static func decode(_ units: [UInt16], _ range: Range<Int>? = nil) -> [(index: Int, scalar: UInt32)] {
    units.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return [] }
      return Array(UTF16Scalars(base, range ?? 0..<units.count))
    }
  }

  @Test("a valid text's code points and their first units are Swift's", arguments: ["a😀b", "🇫🇷 שלום", "👨‍👩‍👧x", ""])
  func validText(_ text: String) {
    var expected: [(Int, UInt32)] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      expected.append((offset, scalar.value))
      offset += scalar.utf16.count
    }
    let decoded = Self.decode(Array(text.utf16))
    #expect(decoded.map(\.index) == expected.map(\.0))
    #expect(decoded.map(\.scalar) == expected.map(\.1))
  }

  @Test("a lone surrogate stands for itself; a pair cut by the range's end is a lone lead")
  func loneSurrogates() {
    // 😀 is D83D DE00: a trail alone, a lead alone, and the pair cut after its lead.
    #expect(Self.decode([0xDE00, 0x61]).map(\.scalar) == [0xDE00, 0x61])
    #expect(Self.decode([0x61, 0xD83D]).map(\.scalar) == [0x61, 0xD83D])
    #expect(Self.decode([0xD83D, 0xDE00, 0x62], 0..<1).map(\.scalar) == [0xD83D])
    #expect(Self.decode([0xD83D, 0xDE00, 0x62], 1..<3).map { $0.index } == [1, 2])
    #expect(UTF16Scalars.scalar([0xD83D, 0xDE00], at: 0, count: 2) == 0x1F600)
    #expect(UTF16Scalars.scalar([0xD83D, 0xDE00], at: 0, count: 1) == 0xD83D)
  }
}
