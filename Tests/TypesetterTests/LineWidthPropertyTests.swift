import EventStream
import TestSupport
import Testing

@testable import Typesetter

/// SplitMix64: a small seeded generator, so every run tests the same texts.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Whatever the text, a line is never wider than its page (but for a line holding one grapheme
/// cluster, which is never split, and ties within one font unit that Pango's rounding fits), and
/// the lines partition the text. How each cluster's width is attributed is checked on its own
/// (`rightToLeftRunsSplitAtTheirTrueWidths`).
@Suite struct LineWidthPropertyTests {
  /// Pieces random texts are made of: Latin, spaces of every kind, combining marks (some only in
  /// the fallback font, some in neither), emoji and flags, right-to-left letters, CJK, brackets,
  /// controls and line terminators; Arabic, bidi embeddings, overrides, isolates and marks, and a
  /// code point no installed font covers.
  static let pieces: [String] = [
    "word", "the", "Extraordinary", "hyphenation", "naïve", "Zürich", "AVA", "To", "1/2",
    " ", "  ", "\t", "\u{A0}", "\u{2007}", "\u{202F}", "\u{3000}", "\u{200B}", "\u{2002}",
    "\u{301}", "e\u{301}\u{308}", "\u{20DD}", "\u{489}", "\u{5B8}", "\u{200D}", "\u{FE0F}",
    "😀", "👍🏽", "👨‍👩‍👧", "❤️", "☃", "🇫🇷", "🇩🇪", "🇫", "🏳️‍🌈",
    "שלום", "ש", "עִבְרִית", "مرحبا", "ب", "سلام عليكم", "لا", "١٢٣", "日本語", "テキスト", "한국어",
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
    "\u{2069}", "\u{200E}", "\u{200F}", "\u{61C}", "\u{10FFFD}",
    "(", ")", "[", "]", "{", "“", "”", "—", "-", ".", ",", "!", "?", "$", "%", "/", "\u{AD}",
    "\n", "\r\n", "\r", "\u{0}", "\u{1}", "\u{7}", "\u{B}", "\u{C}", "\u{1B}", "\u{7F}",
    "\u{85}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}",
  ]

  /// A random text of up to ~300 UTF-16 units; now and then a long run of one piece (a long
  /// word, a run of spaces or marks, a flag parade).
  static func randomText(_ rng: inout SplitMix64) -> String {
    var text = ""
    let length = Int.random(in: 0...300, using: &rng)
    while text.utf16.count < length {
      let piece = pieces.randomElement(using: &rng)!
      if Int.random(in: 0..<40, using: &rng) == 0 {
        text += String(repeating: piece, count: Int.random(in: 20...200, using: &rng))
      } else {
        text += piece
      }
    }
    return text
  }

  static let widths: [Double] = [60, 120, 160, 331.5, 342]
  static let categories: [TextSize] = [.xSmall, .large, .AX5]

  /// A line's text without its trailing hanging spaces and line terminator.
  static func body(_ text: String) -> String {
    let trailing: Set<Unicode.Scalar> = [
      " ", "\t", "\u{3000}", "\u{1680}", "\n", "\r", "\u{B}", "\u{C}", "\u{85}", "\u{2028}",
      "\u{2029}",
    ]
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.last,
      trailing.contains(last) || ((0x2000...0x200A).contains(last.value) && last.value != 0x2007)
    {
      scalars.removeLast()
    }
    var result = ""
    result.unicodeScalars.append(contentsOf: scalars)
    return result
  }

  /// The text with every scalar outside printable ASCII as `\u{…}`, for messages.
  static func escaped(_ text: String) -> String {
    text.unicodeScalars.map {
      (0x20..<0x7F).contains($0.value) ? String($0) : "\\u{\(String($0.value, radix: 16))}"
    }.joined()
  }

  @Test(arguments: 0..<12)
  func linesFitTheirPageAndPartitionTheText(_ batch: Int) {
    var rng = SplitMix64(seed: 0x7E57_0000 + UInt64(batch))
    for _ in 0..<25 {
      let text = Self.randomText(&rng)
      let layout = Fixtures.layout(text, hyphenate: true)
      for category in Self.categories {
        let style = Fixtures.style(category)
        // Ties within one font unit fit as Pango rounds them (see `TextLayout.tieFits`).
        let unit = style.pointSize / Double(Fixtures.font.unitsPerEm)
        for width in Self.widths {
          let p = layout.paginate(width: width, height: 571, style: style)
          Fixtures.expectPartition(p, count: text.utf16.count)
          for page in 0..<p.pageCount {
            for line in p.lines(onPage: page) where line.width > width + unit {
              // Only a line holding one grapheme cluster may be wider (a cluster is never split).
              let body = Self.body(layout.text(in: line.range))
              #expect(
                body.count == 1,
                "\(line.width) pt > \(width) pt at \(category): \(Self.escaped(body)) at \(line.range) in \(Self.escaped(text))"
              )
            }
          }
        }
      }
    }
  }

  /// The sample chapter calibrated, over a sweep of page widths (486 pt is the closed-sideways
  /// width where `check` once found a line 486.00x pt wide): every line within its page.
  @Test func scaledSampleChapterLinesNeverExceedTheirPage() throws {
    let text = try FileBytes.read(path: TestSupport.packageRoot + "/texts/sample-chapter.txt")
    let layout = Fixtures.layout(String(decoding: text, as: UTF8.self), hyphenate: true)
    for category in Self.categories {
      var style = Fixtures.style(category)
      style.advanceScale = 0.946
      for width in stride(from: 300.0, through: 640, by: 2.5) + [486] {
        let p = layout.paginate(width: width, height: 571, style: style)
        let widest = Double(p.lineWidths.max() ?? 0) * p.pointsPerUnit
        #expect(widest <= width + 1e-9, "\(widest) pt > \(width) pt at \(category)")
      }
    }
  }

  /// A run of brackets then a Hebrew letter is shaped right to left: the width before each
  /// cluster must still count the clusters before it in the text (it counted none, so the first
  /// line had width 0 and the second the whole 632.67 pt).
  @Test func rightToLeftRunsSplitAtTheirTrueWidths() {
    let text = String(repeating: "[", count: 100) + "ש"
    let layout = Fixtures.layout(text, hyphenate: true)
    let style = Fixtures.style(.large)
    let p = layout.paginate(width: 331.5, height: 571, style: style)
    Fixtures.expectPartition(p, count: text.utf16.count)
    let lines = p.lines(onPage: 0)
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.width <= 331.5 && $0.width > 250 })
    let whole = layout.paginate(width: 1e6, height: 571, style: style).lines(onPage: 0)[0].width
    #expect(abs(lines.map(\.width).reduce(0, +) - whole) < 1)
  }
}
