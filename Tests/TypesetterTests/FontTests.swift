import Testing

@testable import Typesetter

@Suite struct FontTests {
  @Test func fontsLoadAndMissingOnesThrow() {
    #expect(Fixtures.font.unitsPerEm == 2816)
    #expect(throws: TypesetterError.unreadableFont(path: "/nonexistent.otf")) {
      try Font(path: "/nonexistent.otf")
    }
    #expect(throws: TypesetterError.self) { try Hyphenator(dictionaryPath: "/nonexistent.dic") }
  }
}
