import Testing

@testable import Typesetter

@Suite struct TextSizeCategoryTests {
  @Test func sizesAndLineHeights() {
    #expect(
      TextSizeCategory.allCases.map(\.pointSize) == [
        14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53,
      ])
    #expect(
      TextSizeCategory.allCases.map(\.lineHeight) == [
        19, 20, 21, 22, 24, 27, 29, 34, 40, 48, 56, 62,
      ])
    let large = TextSizeCategory.large.style
    #expect(
      large
        == TextStyle(
          pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10,
          hyphenationFactor: 0.7))
  }

  @Test func parsesNamesCaseInsensitively() {
    #expect(TextSizeCategory(name: "Large") == .large)
    #expect(TextSizeCategory(name: "xxxlarge") == .xxxLarge)
    #expect(TextSizeCategory(name: "AX5") == .ax5)
    #expect(TextSizeCategory(name: "ax1") == .ax1)
    #expect(TextSizeCategory(name: "Accessibility3") == .ax3)
    #expect(TextSizeCategory(name: "accessibility6") == nil)
    #expect(TextSizeCategory(name: "huge") == nil)
  }

  @Test func fontsLoadAndMissingOnesThrow() {
    #expect(Fixtures.font.unitsPerEm == 2816)
    #expect(throws: TypesetterError.unreadableFont(path: "/nonexistent.otf")) {
      try Font(path: "/nonexistent.otf")
    }
    #expect(throws: TypesetterError.self) { try Hyphenator(dictionaryPath: "/nonexistent.dic") }
  }
}
