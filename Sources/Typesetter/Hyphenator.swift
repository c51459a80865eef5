/// Hyphenation points from libhyphen patterns (`hyph_en_US.dic` from Debian's hyphen-en-us).
public final class Hyphenator: Sendable {
  /// The minimum number of characters before a hyphen.
  public let leftMin: Int
  /// The minimum number of characters after a hyphen.
  public let rightMin: Int
  let dictionary: HyphenDictionary

  /// Loads a pattern file; throws when it cannot be read.
  public init(dictionaryPath: String, leftMin: Int = 2, rightMin: Int = 3) throws {
    guard let dictionary = HyphenDictionary(path: dictionaryPath) else {
      throw TypesetterError.unreadableHyphenationDictionary(path: dictionaryPath)
    }
    self.dictionary = dictionary
    self.leftMin = max(1, leftMin)
    self.rightMin = max(1, rightMin)
  }

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
