import EventStream
import Testing

@testable import Typesetter

/// Regional indicators (two make a flag) used to abort the process: libunibreak 1.1 asserts
/// `lbcNew <= LBP_JT` on any of them but a text's only character.
@Suite struct RegionalIndicatorTests {
  static let france = "🇫🇷"
  static let lone = "🇫"

  /// The UTF-16 offsets between the two regional indicators of each pair (pairs taken from the
  /// start of each run of them): no line may start there.
  static func insidePairs(_ text: String) -> Set<Int> {
    var inside: Set<Int> = []
    var offset = 0
    var inRun = 0
    for scalar in text.unicodeScalars {
      if (0x1F1E6...0x1F1FF).contains(scalar.value) {
        if inRun % 2 == 1 { inside.insert(offset) }
        inRun += 1
      } else {
        inRun = 0
      }
      offset += scalar.utf16.count
    }
    return inside
  }

  static let texts: [String] = [
    "I ❤ France 🇫🇷.",
    france,
    lone,
    "a" + lone,
    "a " + lone,
    " " + lone,
    lone + " " + lone,
    france + lone,
    lone + lone + lone,
    "(" + france + ")",
    "x\n" + france + "\n" + lone,
    "$" + france + "%",
    france + "\u{301}" + lone,
    String(repeating: france, count: 40),
    String(repeating: "🇫🇷 🇩🇪 🇮🇹 ", count: 20),
    String(repeating: lone + " ", count: 15),
    (0..<30).map { "word\($0) " + (($0 % 3 == 0) ? france : lone) }.joined(separator: " "),
    String(repeating: "🇫🇷🇩", count: 25),
  ]

  @Test(arguments: 0..<texts.count)
  func regionalIndicatorsLayOutAndPairsStayOnOneLine(_ index: Int) {
    let text = Self.texts[index]
    let layout = Fixtures.layout(text, hyphenate: true)
    let inside = Self.insidePairs(text)
    // Narrow pages put flags at line ends; wide ones keep them inside lines.
    for width in [30.0, 40, 60, 120, 331.5] {
      for category in [TextSize.xSmall, .large, .AX5] {
        let p = layout.paginate(width: width, height: 571, style: Fixtures.style(category))
        Fixtures.expectPartition(p, count: text.utf16.count)
        let split = p.lineStarts.filter { inside.contains($0) }
        #expect(split.isEmpty, "\(text) at \(width) pt, \(category): lines start at \(split)")
      }
    }
  }

  /// Flags side by side are each a flag wide: Noto Color Emoji's advance, 2,550 of 2,048 units
  /// per em, is 21.17 pt at 17 pt, so a 331.5 pt line holds 15 flags (60 UTF-16 units), and
  /// Pango breaks there too. (Shaping the last indicator of one flag with the first of the next
  /// as a kerning pair made a flag of them and cancelled a flag's width per break: 200 flags
  /// measured one flag wide, on one line.)
  @Test func flagsSideBySideAreEachAFlagWide() throws {
    let text = String(repeating: Self.france, count: 40)
    let p = Fixtures.layout(text).paginate(width: 331.5, height: 571, style: Fixtures.style(.large))
    #expect(p.lineStarts == [0, 60, 120])
    let flag = 17 * 2550 / 2048.0
    let lines = p.lines(onPage: 0)
    try #require(lines.count == 3)
    #expect(abs(lines[0].width - 15 * flag) < 0.1)  // rounded to Inter's units per flag
    #expect(abs(lines[2].width - 10 * flag) < 0.1)
  }

  /// At the boundary: no allowed break inside a pair; the breaks elsewhere are an ideograph's.
  @Test func breakOpportunitiesAroundFlags() {
    func breaks(_ text: String) -> [Int8] {
      let units = Array(text.utf16)
      var result = [Int8](repeating: -1, count: units.count)
      units.withUnsafeBufferPointer { buffer in
        result.withUnsafeMutableBufferPointer { UnicodeLineBreaks.compute(buffer, into: $0.baseAddress!) }
      }
      return result
    }
    let allowed = UnicodeLineBreaks.allowed
    let mandatory = UnicodeLineBreaks.mandatory
    // "a 🇫🇷🇩🇪." : after the space, between the flags; not inside them nor before the period.
    let sentence = breaks("a " + Self.france + "🇩🇪.")
    #expect(sentence.count == 11)
    #expect(sentence.indices.filter { sentence[$0] == allowed } == [1, 5])
    #expect(sentence[10] == mandatory)
    // Three in a run: the first two pair, the third stands alone.
    let three = breaks(Self.lone + Self.lone + Self.lone)
    #expect(three.indices.filter { three[$0] == allowed } == [3])
    // A text without regional indicators is libunibreak's own answer.
    #expect(breaks("ab cd").indices.filter { breaks("ab cd")[$0] == allowed } == [2])
  }
}
