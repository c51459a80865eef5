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

  /// The byte offsets (into the lowercased UTF-8 word) after which a hyphen may go, by the
  /// patterns, with the given minimum characters before and after the hyphen.
  func hyphenationPoints(utf8 word: [UInt8], leftMin: Int, rightMin: Int) -> [Int] {
    guard !word.isEmpty, word.count < 4096 else { return [] }
    var hyphens = [CChar](repeating: 0, count: word.count + 5)
    var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = nil
    var pos: UnsafeMutablePointer<Int32>? = nil
    var cut: UnsafeMutablePointer<Int32>? = nil
    let status = word.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        hnj_hyphen_hyphenate3(
          dictionary, chars.baseAddress, Int32(word.count), &hyphens, nil, &rep, &pos, &cut,
          Int32(leftMin), Int32(rightMin), Int32(leftMin), Int32(rightMin))
      }
    }
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
