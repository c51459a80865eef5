import Testing

@testable import Typesetter

/// `TextLayout.text(in:)` decodes UTF-16 itself; it must give what `String(decoding:as:)` gives.
@Suite struct TextExcerptTests {
  @Test("transcoding UTF-16: what String(decoding:as: UTF16.self) makes, lone surrogates U+FFFD each")
  func transcoding() {
    var generator = SystemRandomNumberGenerator()
    // Units drawn from ASCII, Latin, the BMP, both surrogate halves and U+FFFF.
    let pools: [ClosedRange<UInt16>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF]
    for _ in 0..<2_000 {
      let units = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
        UInt16.random(in: pools.randomElement(using: &generator)!, using: &generator)
      }
      let mine = units.withUnsafeBufferPointer { TextLayout.string(utf16: $0) }
      #expect(mine == String(decoding: units, as: UTF16.self), "\(units)")
      #expect(Array(mine.utf8) == Array(String(decoding: units, as: UTF16.self).utf8))
    }
    #expect([0xD83D, 0xDE00].withUnsafeBufferPointer { TextLayout.string(utf16: $0) } == "😀")
    #expect([0xDE00, 0xD83D].withUnsafeBufferPointer { TextLayout.string(utf16: $0) } == "\u{FFFD}\u{FFFD}")
  }
}
