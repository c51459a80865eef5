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
