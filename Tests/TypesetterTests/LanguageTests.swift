import Testing

@testable import Typesetter

/// Hyphenation patterns per language from Debian's hyphen-* packages (hyphen-en-us, hyphen-de,
/// installed by bin/bootstrap.sh).
@Suite struct LanguageTests {
  /// Debian's file names: hyph_LL_RR.dic, the main region for a bare language.
  @Test(arguments: [
    ("de", "/usr/share/hyphen/hyph_de_DE.dic"), ("de-CH", "/usr/share/hyphen/hyph_de_CH.dic"),
    ("de_at", "/usr/share/hyphen/hyph_de_AT.dic"), ("en", "/usr/share/hyphen/hyph_en_US.dic"),
    ("EN-us", "/usr/share/hyphen/hyph_en_US.dic"),
  ])
  func aLanguageTagFindsItsPatterns(_ tag: String, _ path: String) {
    #expect(HyphenationDictionaries.path(forLanguage: tag) == path)
  }

  /// No Hebrew patterns exist in Debian; a path is not a language tag.
  @Test(arguments: ["he", "xx", "../hyphen/hyph_de_DE", "", "d"])
  func noPatternsMeansNoDictionary(_ tag: String) {
    #expect(HyphenationDictionaries.path(forLanguage: tag) == nil)
  }

  /// hyph_de_DE.dic is ISO8859-1: words with umlauts and ß are handed over in Latin-1, so
  /// "Übergrößenträger" breaks between its syllables grö|ßen and trä|ger (German rules), and
  /// the points are offsets in characters of the word as given.
  @Test func latin1PatternsHyphenateUmlauts() throws {
    let path = try #require(HyphenationDictionaries.path(forLanguage: "de"))
    let german = try Hyphenator(dictionaryPath: path)
    let points = german.hyphenationPoints(in: "Übergrößenträger")
    #expect(points.contains(7))  // Übergrö|ßenträger
    #expect(points.contains(13))  // Übergrößenträ|ger
    #expect(german.hyphenationPoints(in: "Mädchenhändler").contains(7))  // Mädchen|händler
  }

  /// The documented first-line hint: `lang: TAG`, spaces around the tag allowed; anything else on
  /// the first line (or a later line) is no hint.
  @Test(
    arguments: [
      ("lang: de\nText", "de"), ("lang:en-US\r\nText", "en-US"), ("lang:  de-CH  \nx", "de-CH"),
      ("Lang: de\n", nil), ("lang: ../de\n", nil), ("x\nlang: de", nil), ("lang: \n", nil),
      ("lang: de fr\n", nil),
    ] as [(String, String?)])
  func theFirstLineMayNameTheLanguage(_ text: String, _ tag: String?) {
    #expect(HyphenationDictionaries.languageHint(in: text) == tag)
  }
}
