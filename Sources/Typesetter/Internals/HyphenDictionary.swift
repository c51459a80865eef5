import CHyphen

#if canImport(Glibc)
  import Glibc
#endif

/// A libhyphen pattern dictionary (`hyph_*.dic`). Hyphenating only reads the dictionary, so it
/// may be shared between threads.
final class HyphenDictionary: @unchecked Sendable {
  private let dictionary: UnsafeMutablePointer<HyphenDict>

  /// Loads a dictionary; nil when the file cannot be read.
  init?(path: String) {
    guard access(path, R_OK) == 0, let dictionary = hnj_hyphen_load(path) else { return nil }
    self.dictionary = dictionary
  }

  deinit { hnj_hyphen_free(dictionary) }

  /// The longest word (UTF-8 bytes) handed to libhyphen; longer words get no points.
  static let maximumWordLength = 4095

  /// The byte offsets (into the lowercased UTF-8 word) after which a hyphen may go, by the
  /// patterns, with the given minimum characters before and after the hyphen. A word longer than
  /// `maximumWordLength` bytes has none.
  func hyphenationPoints(utf8 word: [UInt8], leftMin: Int, rightMin: Int) -> [Int] {
    word.withUnsafeBufferPointer { hyphenationPoints(utf8: $0, leftMin: leftMin, rightMin: rightMin) }
  }

  /// As `hyphenationPoints(utf8:leftMin:rightMin:)`, for bytes libhyphen must not read past.
  /// An 8-bit dictionary (its first line names the charset: `hyph_de_DE.dic` is ISO8859-1) is
  /// given the word in Latin-1 when that is its charset, and only ASCII words otherwise.
  func hyphenationPoints(utf8 word: UnsafeBufferPointer<UInt8>, leftMin: Int, rightMin: Int) -> [Int] {
    guard !word.isEmpty, word.count <= Self.maximumWordLength else { return [] }
    guard dictionary.pointee.utf8 == 0, word.contains(where: { $0 >= 0x80 }) else {
      return points(bytes: word, leftMin: leftMin, rightMin: rightMin)
    }
    let charset = withUnsafeBytes(of: dictionary.pointee.cset) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    guard String(charset.uppercased().filter { $0 != "-" }) == "ISO88591" else { return [] }
    var latin1: [UInt8] = []
    var utf8End: [Int] = [0]  // UTF-8 byte offset after each Latin-1 character
    for scalar in String(decoding: word, as: UTF8.self).unicodeScalars {
      guard scalar.value <= 0xFF else { return [] }
      latin1.append(UInt8(scalar.value))
      utf8End.append(utf8End[utf8End.count - 1] + UTF8.width(scalar))
    }
    return latin1.withUnsafeBufferPointer {
      points(bytes: $0, leftMin: leftMin, rightMin: rightMin).map { utf8End[$0] }
    }
  }

  /// libhyphen's points for a word in the dictionary's own encoding.
  private func points(bytes word: UnsafeBufferPointer<UInt8>, leftMin: Int, rightMin: Int) -> [Int] {
    guard !word.isEmpty else { return [] }
    var hyphens = [CChar](repeating: 0, count: word.count + 5)
    var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    var pos: UnsafeMutablePointer<Int32>? = nil
    var cut: UnsafeMutablePointer<Int32>? = nil
    // libhyphen takes a length but still reads the word as a C string (`strstr` for its NOHYPHEN
    // characters, which then also writes `hyphens` at the offsets it finds): hand it a
    // NUL-terminated copy, never the caller's bytes.
    var terminated = [CChar](repeating: 0, count: word.count + 1)
    terminated.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(word)) }
    let status = hnj_hyphen_hyphenate3(
      dictionary, terminated, Int32(word.count), &hyphens, nil, &rep, &pos, &cut,
      Int32(leftMin), Int32(rightMin), Int32(leftMin), Int32(rightMin))
    defer {
      if let rep {
        for i in 0..<word.count { free(rep[i]) }
        free(rep)
      }
      free(pos)
      free(cut)
    }
    // Non-standard (replacing) hyphenation is not supported: such points are dropped.
    guard status == 0 else { return [] }
    var points: [Int] = []
    for i in 0..<(word.count - 1) where hyphens[i] & 1 == 1 {
      if let rep, rep[i] != nil { continue }
      points.append(i + 1)
    }
    return points
  }
}
