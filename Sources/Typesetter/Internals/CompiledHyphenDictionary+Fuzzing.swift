import CHyphen

#if canImport(Glibc)
  import Glibc
#endif

/// The `hyphencache` fuzz target's way in (`@_spi(Fuzzing) import Typesetter`): bytes read as a
/// compiled hyphenation dictionary, as `HyphenDictionaryCache` reads one from disk.
@_spi(Fuzzing)
public enum CompiledHyphenationFuzzing {
  /// Reads `bytes` as the compiled copy of the patterns its header names (the cache compares
  /// that size and checksum with the pattern file's), with the trailing checksum replaced by the
  /// bytes' own, so that damage reaches the checks behind it. Nil when the bytes are refused;
  /// else what the dictionary breaks of what `hnj_hyphen_hyphenate3` relies on (empty: nothing).
  public static func problems(_ bytes: [UInt8]) -> [String]? {
    let header = CompiledHyphenDictionary.magic.count + 4
    guard bytes.count >= header + 16 + 8 else { return nil }
    var sealed = Array(bytes.dropLast(8))
    withUnsafeBytes(of: CompiledHyphenDictionary.checksum(sealed).littleEndian) { sealed.append(contentsOf: $0) }
    return sealed.withUnsafeBytes { raw -> [String]? in
      var named = ByteReader(raw)
      _ = named.bytes(header)
      guard let source = named.source(), let compiled = CompiledHyphenDictionary.read(raw, source: source) else {
        return nil
      }
      return check(compiled.dictionary)
    }
  }

  /// Every level's states, transitions and replacements against their bounds.
  static func check(_ first: UnsafeMutablePointer<HyphenDict>) -> [String] {
    var problems: [String] = []
    var level: UnsafeMutablePointer<HyphenDict>? = first
    var depth = 0
    while let d = level {
      depth += 1
      if depth > CompiledHyphenDictionary.maximumLevels { return problems + ["more than \(depth - 1) levels"] }
      let count = Int(d.pointee.num_states)
      if count < 1 { problems.append("level \(depth): \(count) states") }
      if let nohyphen = d.pointee.nohyphen {
        var offset = 0
        for _ in 0...Int(d.pointee.nohyphenl) { offset += strlen(nohyphen + offset) + 1 }
      }
      for s in 0..<max(0, count) {
        let state = d.pointee.states[s]
        if !(-1..<count).contains(Int(state.fallback_state)) {
          problems.append("level \(depth) state \(s): fallback \(state.fallback_state) of \(count)")
        }
        for t in 0..<Int(max(0, state.num_trans)) where !(0..<count).contains(Int(state.trans[t].new_state)) {
          problems.append("level \(depth) state \(s): transition to \(state.trans[t].new_state) of \(count)")
        }
        if state.repl != nil, Int(state.replindex) > (state.match.map { strlen($0) } ?? 0) {
          problems.append("level \(depth) state \(s): replacement index \(state.replindex) past its match")
        }
      }
      level = d.pointee.nextlevel
    }
    return problems
  }
}
