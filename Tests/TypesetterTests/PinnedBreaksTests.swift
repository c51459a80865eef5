import EventStream
import Testing

@testable import Typesetter

/// Pins the page and line breaks (and line widths and flags) of the built-in text with hyphenation
/// on, so that speed work cannot change them. The fingerprints were computed before the
/// hyphenation fast path; a deliberate change of the rules must update them. (Updated with the
/// fontconfig fallback: the built-in text's 👍🏽 and 👨‍👩‍👧 are Noto Color Emoji's single glyphs, as
/// in Pango, instead of DejaVu Sans's glyphs beside `.notdef` — 21.2 pt instead of 25.8 and
/// 55.0 pt — so some lines take one more word.)
@Suite struct PinnedBreaksTests {
  /// FNV-1a over page starts, line starts, line widths (font units) and line flags.
  static func fingerprint(_ p: Pagination) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ value: Int) {
      var v = UInt64(bitPattern: Int64(value))
      for _ in 0..<8 {
        h = (h ^ (v & 0xFF)) &* 0x100_0000_01b3
        v >>= 8
      }
    }
    mix(p.pageStarts.count)
    p.pageStarts.forEach { mix($0) }
    mix(p.lineStarts.count)
    p.lineStarts.forEach { mix($0) }
    p.lineWidths.forEach { mix(Int($0)) }
    p.lineFlags.forEach { mix(Int($0)) }
    return h
  }

  static let cases: [(TextSize, Double, Double)] = [
    (.large, 342, 580), (.large, 331.5, 571), (.large, 160, 240),
    (.AX3, 342, 580), (.AX5, 342, 580), (.AX5, 331.5, 571), (.AX5, 160, 240),
    (.xSmall, 120, 200),
  ]

  /// One line per case: pages, lines, hyphenated lines and the fingerprint.
  static func summary(_ text: String) -> [String] {
    let layout = Fixtures.layout(text, hyphenate: true)
    return cases.map { category, width, height in
      let p = layout.paginate(width: width, height: height, style: Fixtures.style(category))
      return "\(category.rawValue) \(width)×\(height): \(p.pageCount) \(p.lineStarts.count) "
        + "\(p.lineFlags.filter { $0 & Pagination.hyphenated != 0 }.count) "
        + String(fingerprint(p), radix: 16)
    }
  }

  @Test func builtInTextBreaksArePinned() {
    let found = Self.summary(SampleText.builtIn)
    #expect(found == Self.builtInExpected)
  }

  @Test(.enabled(if: SampleText.bundled != nil))
  func bundledSampleBreaksArePinned() throws {
    let found = Self.summary(try #require(SampleText.bundled))
    #expect(found == Self.bundledExpected)
  }

  static let builtInExpected = [
    "large 342.0×580.0: 6 102 6 d24d77558470d635",
    "large 331.5×571.0: 6 108 0 b73d229629d2db6",
    "large 160.0×240.0: 26 216 42 4e37cfda9eaa8298",
    "AX3 342.0×580.0: 24 240 36 947383b640559fa7",
    "AX5 342.0×580.0: 39 306 24 74c6a3b09f60f63a",
    "AX5 331.5×571.0: 40 318 24 535c6c291f981185",
    "AX5 160.0×240.0: 230 690 0 64c3944ddc0175bc",
    "xSmall 120.0×200.0: 31 240 36 9f8e6eed07be910d",
  ]

  static let bundledExpected = [
    "large 342.0×580.0: 61 1308 2 678d02f0d9ec4e4c",
    "large 331.5×571.0: 63 1344 0 4bd4a692c409013d",
    "large 160.0×240.0: 322 2852 211 3e56f9446e3b1a69",
    "AX3 342.0×580.0: 291 3162 288 42b1c43257f072f6",
    "AX5 342.0×580.0: 543 4342 448 6f4d413db48dddff",
    "AX5 331.5×571.0: 560 4479 423 9c60fc761441eb5c",
    "AX5 160.0×240.0: 3270 9810 176 434716bce6a07cbc",
    "xSmall 120.0×200.0: 366 3155 288 385aad33b76f589c",
  ]
}

@Suite struct TieTests {
  /// The integer tie sums agree with the floating-point expressions they replace.
  @Test func integerTiesMatchTheFloatingPointTest() {
    var widths: [Double] = [
      0, 0.25, 0.5, 0.75, 1, 1.5, 2, 17, 18170.6, 18170, 1_073_741_824.5, 1e-12,
    ]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2000 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      widths.append(Double(seed >> 11) / 9_007_199_254_740_992 * 40000)
    }
    for limitUnits in widths {
      let limit = Int(limitUnits.rounded(.down))
      let (above, below) = TextLayout.ties(limitUnits: limitUnits, limit: limit)
      for w in (limit - 4)...(limit + 4) {
        if w > limit {
          #expect((w == above) == (Double(w) - limitUnits < 1), "\(limitUnits) \(w)")
        } else {
          #expect((w == below) == (limitUnits - Double(w) < 1), "\(limitUnits) \(w)")
        }
      }
    }
  }
}

@Suite struct UTF16Tests {
  @Test func unitsAreTheStringsUTF16() {
    let texts =
      [
        "", "a", "ASCII only, short.", SampleText.builtIn, HyphenTableTests.tricky,
        "é😀日本語\u{10FFFF}\u{FFFD}\u{0301}👨‍👩‍👧 \r\n€",
        String(repeating: "日本語のテキスト", count: 500),
      ] + (SampleText.bundled.map { [$0] } ?? [])
    for text in texts {
      #expect(TextLayout.utf16Units(of: text) == Array(text.utf16))
    }
  }
}

@Suite struct ResumeTests {
  /// Resuming a pagination stopped at any page (some start inside a hyphenated word) gives the
  /// same lines, widths and flags as one pass.
  @Test func resumingAtEveryPageMatchesOnePass() {
    let text = SampleText.bundled ?? SampleText.builtIn
    var resumedInsideWords = 0
    for (category, width, height) in [
      (TextSize.AX5, 160.0, 240.0), (.large, 160, 240), (.AX3, 342, 580),
    ] {
      let full = Fixtures.layout(text, hyphenate: true).paginate(
        width: width, height: height, style: Fixtures.style(category))
      #expect(full.lineFlags.contains { $0 & Pagination.hyphenated != 0 })
      // A fresh layout per stride, so the hyphenation table is also rebuilt from a resume.
      let layout = Fixtures.layout(text, hyphenate: true)
      for page in stride(from: 0, to: full.pageCount - 1, by: max(1, full.pageCount / 40)) {
        let partial = layout.paginate(
          width: width, height: height, style: Fixtures.style(category), through: full.pageStarts[page])
        let rest = layout.continuePagination(partial)
        #expect(PinnedBreaksTests.fingerprint(rest) == PinnedBreaksTests.fingerprint(full))
      }
      let hyphenatedStarts = (1..<full.pageCount).filter { page in
        full.lineFlags[full.pageFirstLines[page] - 1] & Pagination.hyphenated != 0
      }
      resumedInsideWords += min(20, hyphenatedStarts.count)
      for page in hyphenatedStarts.prefix(20) {
        let fresh = Fixtures.layout(text, hyphenate: true)
        let partial = fresh.paginate(
          width: width, height: height, style: Fixtures.style(category),
          through: full.pageStarts[page] - 1)
        #expect(partial.charactersLaidOut == full.pageStarts[page])
        let rest = fresh.continuePagination(partial)
        #expect(PinnedBreaksTests.fingerprint(rest) == PinnedBreaksTests.fingerprint(full))
      }
    }
    #expect(resumedInsideWords > 0)
  }
}
