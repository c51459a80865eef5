import CHyphen
import Platform
import TestSupport
import Testing

@testable import Typesetter

#if canImport(Glibc)
  import Glibc
#endif

/// The compiled copy of a pattern file is libhyphen's own parse, field for field; a second
/// hyphenator reads it instead of parsing; changed patterns and damaged copies are parsed again.
@Suite struct HyphenDictionaryCacheTests {
  static let english = "/usr/share/hyphen/hyph_en_US.dic"

  /// The words of the bundled sample chapter, lowercased, letters only, once each.
  static let words: [String] = {
    let bytes = WholeFile.read(TestSupport.packageRoot + "/texts/sample-chapter.txt", limit: 1 << 24) ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    var seen = Set<String>()
    return text.split(whereSeparator: { !$0.isLetter }).map { $0.lowercased() }.filter { seen.insert($0).inserted }
  }()

  /// A fresh directory for one test's cache and pattern files.
  static func directory(_ name: String) -> String {
    let path = POSIX.temporaryDirectory(prefix: "hingesim-hyphen-\(name)")!
    return path
  }

  /// Every field of two dictionaries' levels, states and transitions, as text (strings by value).
  static func dump(_ first: UnsafeMutablePointer<HyphenDict>) -> [String] {
    var lines: [String] = []
    var level: UnsafeMutablePointer<HyphenDict>? = first
    while let d = level {
      let cset = withUnsafeBytes(of: d.pointee.cset) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
      var nohyphen: [String] = []
      if let list = d.pointee.nohyphen {
        var offset = 0
        for _ in 0...Int(d.pointee.nohyphenl) {
          nohyphen.append(String(cString: list + offset))
          offset += strlen(list + offset) + 1
        }
      }
      lines.append(
        "level \(d.pointee.lhmin) \(d.pointee.rhmin) \(d.pointee.clhmin) \(d.pointee.crhmin) utf8 \(d.pointee.utf8) "
          + "cset \(cset) nohyphen \(d.pointee.nohyphenl) \(nohyphen) states \(d.pointee.num_states)")
      for s in 0..<Int(d.pointee.num_states) {
        let state = d.pointee.states[s]
        let trans = (0..<Int(state.num_trans)).map { "\(state.trans[$0].ch)→\(state.trans[$0].new_state)" }
        lines.append(
          "\(s) \(state.match.map { String(cString: $0) } ?? "-") \(state.repl.map { String(cString: $0) } ?? "-") "
            + "\(state.replindex) \(state.replcut) \(state.fallback_state) \(trans)")
      }
      level = d.pointee.nextlevel
    }
    return lines
  }

  @Test("the compiled copy of hyph_en_US.dic is libhyphen's parse, field for field")
  func roundTripIsLibhyphensParse() throws {
    let hyphen = try Hyphen.load()
    let text = try #require(WholeFile.read(Self.english, limit: 1 << 24))
    let parsed = try #require(hyphen.parse(text))
    defer { hyphen.free(parsed) }
    let source = HyphenDictionarySource(text)
    let bytes = try #require(CompiledHyphenDictionary.encode(parsed, source: source))
    let compiled = try #require(bytes.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: source) })
    let expected = Self.dump(parsed)
    #expect(expected.count > 1000)  // thousands of states: the whole machine was compared
    #expect(Self.dump(compiled.dictionary) == expected)
    // Compiled from other patterns, or another format: refused.
    let other = HyphenDictionarySource(size: source.size, checksum: source.checksum ^ 1)
    #expect(bytes.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: other) } == nil)
  }

  @Test("a second hyphenator reads the compiled copy and hyphenates every word as libhyphen does")
  func secondHyphenatorReadsTheCopy() throws {
    let directory = Self.directory("second")
    defer { _ = Directory.removeTree(directory) }
    let cache = HyphenDictionaryCache(directory: directory + "/cache")
    let uncached = try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: nil)
    let first = try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: cache)
    #expect(!first.dictionary.isCompiled)
    #expect(POSIX.isRegularFile(cache.file(for: Self.english)))
    let second = try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: cache)
    #expect(second.dictionary.isCompiled)
    #expect(Self.words.count > 1000)
    var differing: [String] = []
    var hyphenated = 0
    for word in Self.words {
      let points = second.hyphenationPoints(in: word)
      if !points.isEmpty { hyphenated += 1 }
      if points != uncached.hyphenationPoints(in: word) { differing.append(word) }
    }
    #expect(differing == [])
    #expect(hyphenated > 300)
  }

  @Test("changed patterns are parsed again and the copy rewritten")
  func changedPatternsAreParsedAgain() throws {
    let directory = Self.directory("changed")
    defer { _ = Directory.removeTree(directory) }
    let cache = HyphenDictionaryCache(directory: directory + "/cache")
    let patterns = directory + "/hyph_xx_XX.dic"
    // "1b": a hyphen may go before every b (left 1, right 1).
    #expect(WholeFile.replace(patterns, with: Array("UTF-8\n1b\n".utf8)))
    let before = try Hyphenator(dictionaryPath: patterns, leftMin: 1, rightMin: 1, cache: cache)
    #expect(before.hyphenationPoints(in: "abcabc") == [1, 4])
    #expect(try Hyphenator(dictionaryPath: patterns, leftMin: 1, rightMin: 1, cache: cache).dictionary.isCompiled)
    // Same size, other patterns ("1c": before every c).
    #expect(WholeFile.replace(patterns, with: Array("UTF-8\n1c\n".utf8)))
    let after = try Hyphenator(dictionaryPath: patterns, leftMin: 1, rightMin: 1, cache: cache)
    #expect(!after.dictionary.isCompiled)
    #expect(after.hyphenationPoints(in: "abcabc") == [2, 5])
    let again = try Hyphenator(dictionaryPath: patterns, leftMin: 1, rightMin: 1, cache: cache)
    #expect(again.dictionary.isCompiled)
    #expect(again.hyphenationPoints(in: "abcabc") == [2, 5])
  }

  @Test("a damaged copy is not used: the patterns are parsed and the copy rewritten")
  func damagedCopyIsReplaced() throws {
    let directory = Self.directory("damaged")
    defer { _ = Directory.removeTree(directory) }
    let cache = HyphenDictionaryCache(directory: directory + "/cache")
    _ = try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: cache).dictionary.isCompiled
    let file = cache.file(for: Self.english)
    var bytes = try #require(WholeFile.read(file, limit: 1 << 26))
    bytes[bytes.count / 2] ^= 0x40
    #expect(WholeFile.replace(file, with: bytes))
    let damaged = try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: cache)
    #expect(!damaged.dictionary.isCompiled)
    #expect(damaged.hyphenationPoints(in: "hyphenation") == [2, 6])
    #expect(try Hyphenator(dictionaryPath: Self.english, leftMin: 2, rightMin: 3, cache: cache).dictionary.isCompiled)
  }

  /// A small dictionary with two levels, NOHYPHEN and a replacement rule, compiled.
  static func smallCompiled() throws -> (bytes: [UInt8], source: HyphenDictionarySource) {
    let text = Array("UTF-8\nLEFTHYPHENMIN 1\nNOHYPHEN -,'\n1b\na1c\n.ab2\nzz1/z=z,1,2\nNEXTLEVEL\n1d\n".utf8)
    let hyphen = try Hyphen.load()
    let parsed = try #require(hyphen.parse(text))
    defer { hyphen.free(parsed) }
    let source = HyphenDictionarySource(text)
    return (try #require(CompiledHyphenDictionary.encode(parsed, source: source)), source)
  }

  @Test("a replacement whose index points past its match is refused (libhyphen writes at that index)")
  func replacementIndexInsideItsMatch() throws {
    let text = Array("UTF-8\nzz1/z=z,1,2\n".utf8)
    let hyphen = try Hyphen.load()
    let parsed = try #require(hyphen.parse(text))
    defer { hyphen.free(parsed) }
    let source = HyphenDictionarySource(text)
    var replacing: UnsafeMutablePointer<HyphenState>?
    var level: UnsafeMutablePointer<HyphenDict>? = parsed
    while let d = level, replacing == nil {
      for s in 0..<Int(d.pointee.num_states) where d.pointee.states[s].repl != nil { replacing = d.pointee.states + s }
      level = d.pointee.nextlevel
    }
    let state = try #require(replacing)
    let length = strlen(try #require(state.pointee.match))
    func read(replindex: Int) -> CompiledHyphenDictionary? {
      state.pointee.replindex = CChar(replindex)
      guard let bytes = CompiledHyphenDictionary.encode(parsed, source: source) else { return nil }
      return bytes.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: source) }
    }
    #expect(read(replindex: length) != nil)
    #expect(read(replindex: length + 1) == nil)
    #expect(read(replindex: 100) == nil)
  }

  @Test("cut short anywhere, or with a byte changed, a copy is refused")
  func truncatedOrFlippedIsRefused() throws {
    let (bytes, source) = try Self.smallCompiled()
    #expect(bytes.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: source) } != nil)
    for length in 0..<bytes.count {
      #expect(
        bytes.withUnsafeBytes { CompiledHyphenDictionary.read(.init(rebasing: $0[..<length]), source: source) } == nil)
    }
    for index in bytes.indices {
      var flipped = bytes
      flipped[index] ^= 0x01
      #expect(flipped.withUnsafeBytes { CompiledHyphenDictionary.read($0, source: source) } == nil)
    }
  }

  @Test("a changed byte under a valid checksum never yields a state or transition out of range")
  func forgedChecksumStaysInBounds() throws {
    let (bytes, source) = try Self.smallCompiled()
    var accepted = 0
    for index in 0..<(bytes.count - 8) {
      for change: UInt8 in [0x01, 0x80, 0xFF] {
        var forged = Array(bytes[..<(bytes.count - 8)])
        forged[index] ^= change
        withUnsafeBytes(of: CompiledHyphenDictionary.checksum(forged).littleEndian) { forged.append(contentsOf: $0) }
        guard let compiled = forged.withUnsafeBytes({ CompiledHyphenDictionary.read($0, source: source) }) else {
          continue
        }
        accepted += 1
        var level: UnsafeMutablePointer<HyphenDict>? = compiled.dictionary
        while let d = level {
          let count = Int(d.pointee.num_states)
          #expect(count >= 1)
          for s in 0..<count {
            let state = d.pointee.states[s]
            #expect((-1..<count).contains(Int(state.fallback_state)))
            for t in 0..<Int(state.num_trans) { #expect((0..<count).contains(Int(state.trans[t].new_state))) }
            if let match = state.match, state.repl != nil { #expect(Int(state.replindex) <= strlen(match)) }
          }
          level = d.pointee.nextlevel
        }
      }
    }
    // Changes to hyphen values, characters and minimums are still well-formed.
    #expect(accepted > 0)
  }
}
