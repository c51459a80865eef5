import CHyphen
import Platform
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A libhyphen pattern dictionary (`hyph_*.dic`), loaded when a word is first hyphenated: a
/// command that never hyphenates (`--no-hyphenation`, a PDF, no text at all) never reads it.
/// Loading reads the compiled copy `HyphenDictionaryCache` keeps when it is current, else
/// parses the patterns with `hnj_hyphen_load_file` (which hashes every prefix of every pattern:
/// hyph_en_US.dic, ~11,000 patterns, takes milliseconds; hyph_de_DE.dic, ~78,000, seconds) and
/// writes the copy. Hyphenating only reads the dictionary, so it may be shared between
/// threads; the first one to need it loads it.
final class HyphenDictionary: @unchecked Sendable {
  private let hyphen: Hyphen
  private let path: String
  private let cache: HyphenDictionaryCache?
  /// Not loaded yet, parsed by libhyphen, read from the cache, or unreadable (the file went
  /// away after `init` checked it).
  private enum Load {
    case pending
    case parsed(UnsafeMutablePointer<HyphenDict>)
    case compiled(CompiledHyphenDictionary)
    case failed
  }
  private let load = Mutex(Load.pending)

  /// A dictionary to load from `path` on first use, kept compiled in `cache`; nil when the file
  /// cannot be read now.
  init?(path: String, hyphen: Hyphen, cache: HyphenDictionaryCache?) {
    guard access(path, R_OK) == 0 else { return nil }
    self.hyphen = hyphen
    self.path = path
    self.cache = cache
  }

  deinit {
    if case .parsed(let dictionary) = load.withLock({ $0 }) { hyphen.free(dictionary) }
  }

  /// The largest pattern file read (hyph_de_DE.dic: 1.1 MB).
  static let maximumFileSize = 64 << 20

  /// The dictionary, loaded the first time; nil when it cannot be read.
  private var dictionary: UnsafeMutablePointer<HyphenDict>? {
    load.withLock { state in
      if case .pending = state { state = loadFromDisk() }
      switch state {
      case .parsed(let dictionary): return dictionary
      case .compiled(let compiled): return compiled.dictionary
      case .pending, .failed: return nil
      }
    }
  }

  /// The pattern file's compiled copy when the cache has one for these very bytes; else the
  /// bytes parsed by libhyphen (`hnj_hyphen_load_file`), and the copy written.
  private func loadFromDisk() -> Load {
    guard let text = WholeFile.read(path, limit: Self.maximumFileSize) else { return .failed }
    let source = HyphenDictionarySource(text)
    if let cache, let compiled = cache.load(path, source: source) { return .compiled(compiled) }
    guard let parsed = hyphen.parse(text) else { return .failed }
    cache?.store(parsed, for: path, source: source)
    return .parsed(parsed)
  }

  /// Loads the dictionary if it is not yet.
  func loadNow() { _ = dictionary }

  /// Whether the dictionary was read from the cache (tests).
  var isCompiled: Bool {
    loadNow()
    return load.withLock {
      if case .compiled = $0 { return true }
      return false
    }
  }

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
    guard !word.isEmpty, word.count <= Self.maximumWordLength, let dictionary else { return [] }
    guard dictionary.pointee.utf8 == 0, word.contains(where: { $0 >= 0x80 }) else {
      return points(dictionary, bytes: word, leftMin: leftMin, rightMin: rightMin)
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
      points(dictionary, bytes: $0, leftMin: leftMin, rightMin: rightMin).map { utf8End[$0] }
    }
  }

  /// libhyphen's points for a word in the dictionary's own encoding.
  private func points(
    _ dictionary: UnsafeMutablePointer<HyphenDict>, bytes word: UnsafeBufferPointer<UInt8>, leftMin: Int, rightMin: Int
  ) -> [Int] {
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
    let status = hyphen.hyphenate3(
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
