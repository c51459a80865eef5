import Platform

/// libhyphen pattern files per language, as Debian installs them (`hyphen-en-us`, `hyphen-de`, …:
/// `/usr/share/hyphen/hyph_LL_RR.dic`).
public enum HyphenationDictionaries {
  /// Where Debian's hyphen-* packages put their patterns.
  public static let directory = "/usr/share/hyphen"

  /// The language a text names on its first line, `lang: TAG` (a Pandoc-style metadata line; the
  /// line stays part of the text), or nil. TAG: a letter, then up to 34 letters, digits, `-`, `_`.
  public static func languageHint(in text: String) -> String? {
    let firstLine = text.utf8.prefix(64).prefix { $0 != 0x0A && $0 != 0x0D }
    let line = String(decoding: firstLine, as: UTF8.self)
    guard line.hasPrefix("lang:") else { return nil }
    let tag = line.dropFirst(5).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
    let value = String(tag)
    guard let first = value.first, first.isASCII, first.isLetter, value.count <= 35,
      value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else { return nil }
    return value
  }

  /// The languages whose patterns are installed, as tags (`hyph_de_CH.dic` → `de-CH`), sorted:
  /// what `--lang` can hyphenate (what `--help` lists).
  public static func installedLanguages(in directory: String = directory) -> [String] {
    Directory.files(in: directory).compactMap { name -> String? in
      guard name.hasPrefix("hyph_"), name.hasSuffix(".dic") else { return nil }
      return String(name.dropFirst(5).dropLast(4).map { $0 == "_" ? "-" : $0 })
    }.sorted()
  }

  /// The pattern file for a BCP 47 language tag (`de`, `de-CH`, `en_US`; case-insensitive): the
  /// language and region's own file, else the language's main region's (`de` → `hyph_de_DE.dic`,
  /// `en` → `hyph_en_US.dic`), else the language's alone, else the first of its regions by name;
  /// nil when no file for the language is installed (no hyphenation then) or the tag is not a
  /// language tag.
  public static func path(forLanguage tag: String, in directory: String = directory) -> String? {
    let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
    guard let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter }),
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return nil }
    let language = first.lowercased()
    let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
    let main = [
      "en": "US", "pt": "PT", "sv": "SE", "da": "DK", "nb": "NO", "nn": "NO", "el": "GR", "cs": "CZ",
      "uk": "UA", "sl": "SI", "et": "EE", "ca": "ES", "gl": "ES", "eu": "ES", "sr": "RS",
    ][language]
    var candidates: [String] = []
    if let region { candidates.append("hyph_\(language)_\(region).dic") }
    candidates.append("hyph_\(language)_\(main ?? language.uppercased()).dic")
    candidates.append("hyph_\(language).dic")
    for name in candidates where POSIX.isReadable(directory + "/" + name) {
      return directory + "/" + name
    }
    // Any region of the language, first by name.
    let names = Directory.files(in: directory).filter { $0.hasPrefix("hyph_\(language)_") && $0.hasSuffix(".dic") }
    return names.sorted().first.map { directory + "/" + $0 }
  }
}
