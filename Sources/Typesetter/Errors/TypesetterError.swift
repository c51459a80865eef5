import Platform

/// Why a font or a hyphenation dictionary could not be loaded.
public enum TypesetterError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The font file is missing, unreadable or holds no glyphs.
  case unreadableFont(path: String)
  /// The hyphenation dictionary is missing or unreadable.
  case unreadableHyphenationDictionary(path: String)
  /// A library the typesetter calls (HarfBuzz, FriBidi, libunibreak, fontconfig, libhyphen) is
  /// not installed or cannot be loaded: exit 69 at the command line.
  case libraryUnavailable(LibraryUnavailable)

  /// A one-line message naming the file.
  public var description: String {
    switch self {
    case .unreadableFont(let path):
      "\(path): cannot load the font (missing, unreadable or no glyphs)"
    case .unreadableHyphenationDictionary(let path): "\(path): cannot load the hyphenation patterns"
    case .libraryUnavailable(let error): "the typesetter \(error)"
    }
  }
}
