/// Hyphenation points from libhyphen patterns (`hyph_en_US.dic` from Debian's hyphen-en-us),
/// loaded when the first word is hyphenated (from a compiled copy in the user's cache directory
/// once libhyphen has parsed them: `HyphenDictionaryCache`).
public final class Hyphenator: Sendable {
  /// The minimum number of characters before a hyphen.
  public let leftMin: Int
  /// The minimum number of characters after a hyphen.
  public let rightMin: Int
  let dictionary: HyphenDictionary

  /// Opens libhyphen and checks the pattern file can be read (it is parsed when a word is
  /// first hyphenated).
  /// - Throws: `TypesetterError.libraryUnavailable` without libhyphen,
  ///   `.unreadableHyphenationDictionary` when the file cannot be read.
  public convenience init(dictionaryPath: String, leftMin: Int = 2, rightMin: Int = 3) throws(TypesetterError) {
    try self.init(dictionaryPath: dictionaryPath, leftMin: leftMin, rightMin: rightMin, cache: .standard)
  }

  /// As `init(dictionaryPath:leftMin:rightMin:)`, keeping the compiled patterns in `cache`
  /// (nil: parsed every time).
  init(dictionaryPath: String, leftMin: Int, rightMin: Int, cache: HyphenDictionaryCache?) throws(TypesetterError) {
    let hyphen: Hyphen
    do { hyphen = try Hyphen.load() } catch { throw .libraryUnavailable(error) }
    guard let dictionary = HyphenDictionary(path: dictionaryPath, hyphen: hyphen, cache: cache) else {
      throw .unreadableHyphenationDictionary(path: dictionaryPath)
    }
    self.dictionary = dictionary
    self.leftMin = max(1, leftMin)
    self.rightMin = max(1, rightMin)
  }

  /// Loads the patterns now (they load on first use otherwise), so that a timed section that
  /// hyphenates does not pay for them.
  public func loadPatterns() { dictionary.loadNow() }

  /// The character counts after which `word` (letters only) may be hyphenated, ascending,
  /// honouring `leftMin` and `rightMin`. A word whose lowercase form changes its character count
  /// is not hyphenated.
  public func hyphenationPoints(in word: String) -> [Int] {
    // Lowercasing shrinks a character's UTF-8 to a third at most (K, U+212A, to k): a longer
    // word is longer than libhyphen is given either way, and is not copied around first.
    guard word.utf8.count <= 3 * HyphenDictionary.maximumWordLength else { return [] }
    let characters = Array(word)
    guard characters.count >= leftMin + rightMin else { return [] }
    let lower = word.lowercased()
    guard lower.count == characters.count else { return [] }
    // Map the byte offset after each character of the lowercased word to its character count.
    var byteEnd: [Int: Int] = [:]
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lower.utf8.count)
    for (index, character) in lower.enumerated() {
      bytes.append(contentsOf: character.utf8)
      byteEnd[bytes.count] = index + 1
    }
    return dictionary.hyphenationPoints(utf8: bytes, leftMin: leftMin, rightMin: rightMin)
      .compactMap { byteEnd[$0] }
      .filter { $0 >= leftMin && characters.count - $0 >= rightMin }
  }
}
