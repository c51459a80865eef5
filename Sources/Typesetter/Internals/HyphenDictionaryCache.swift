import CHyphen
import Platform

/// Where compiled hyphenation dictionaries are kept between runs: `$XDG_CACHE_HOME/hingesim/hyphen`,
/// else `$HOME/.cache/hingesim/hyphen`. One file per pattern file, named after it
/// (`hyph_en_US.dic-…`), written the first time libhyphen parses that file and read instead of
/// parsing it from then on; it holds the size and checksum of the patterns it was compiled from
/// and is rebuilt when they change. It may be deleted at any time. Nothing is cached when no
/// directory can be made.
struct HyphenDictionaryCache: Sendable {
  /// The directory holding the compiled files.
  let directory: String

  /// The largest compiled file read (hyph_de_DE.dic's is about 7 MB).
  static let maximumFileSize = 256 << 20

  /// The cache in the user's cache directory, nil without `XDG_CACHE_HOME` and `HOME`.
  static var standard: HyphenDictionaryCache? {
    if let base = Process.environment("XDG_CACHE_HOME"), base.hasPrefix("/") {
      return HyphenDictionaryCache(directory: base + "/hingesim/hyphen")
    }
    guard let home = Process.environment("HOME"), home.hasPrefix("/") else { return nil }
    return HyphenDictionaryCache(directory: home + "/.cache/hingesim/hyphen")
  }

  /// The compiled file for the pattern file at `path`: its name and a hash of the whole path.
  func file(for path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? "dictionary"
    let hash = CompiledHyphenDictionary.checksum(Array(path.utf8))
    return directory + "/" + name + "-" + String(hash, radix: 16) + ".hnjcache"
  }

  /// The compiled form of the pattern file at `path` whose contents are `source`, nil when there
  /// is none, it was compiled from other patterns or it is damaged.
  func load(_ path: String, source: HyphenDictionarySource) -> CompiledHyphenDictionary? {
    guard let bytes = WholeFile.read(file(for: path), limit: Self.maximumFileSize) else { return nil }
    return bytes.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: source) }
  }

  /// Writes the compiled form of `dictionary`, parsed from the contents `source` of the pattern
  /// file at `path`; false when it could not be written (nothing is left behind).
  @discardableResult
  func store(_ dictionary: UnsafePointer<HyphenDict>, for path: String, source: HyphenDictionarySource) -> Bool {
    guard let bytes = CompiledHyphenDictionary.encode(dictionary, source: source),
      WholeFile.makeDirectories(directory)
    else { return false }
    return WholeFile.replace(file(for: path), with: bytes)
  }
}

/// The pattern file's contents a compiled dictionary was made from: their size and checksum.
struct HyphenDictionarySource: Sendable, Equatable {
  var size: UInt64
  var checksum: UInt64

  init(size: UInt64, checksum: UInt64) {
    self.size = size
    self.checksum = checksum
  }

  /// The size and checksum of a pattern file's bytes.
  init(_ text: [UInt8]) {
    self.init(size: UInt64(text.count), checksum: CompiledHyphenDictionary.checksum(text))
  }
}
