import CHyphen
import Platform

#if canImport(Glibc)
  import Glibc
#endif

/// libhyphen's parsed dictionary — its `HyphenDict` levels, their states, transitions and
/// strings, exactly as `hnj_hyphen_load` left them — written to bytes and read back into
/// structures `hnj_hyphen_hyphenate3` walks as it walks its own. Reading is one pass over the
/// bytes into four allocations, where parsing the patterns hashes every prefix of every pattern
/// (hyph_en_US.dic: milliseconds; hyph_de_DE.dic: seconds). `HyphenDictionaryCache` keeps these
/// bytes on disk.
///
/// The bytes (little-endian): the magic `HNJCACHE`, the format version, the size and checksum
/// of the `.dic` file's contents, the level count and the totals of states, transitions and string bytes; per
/// level its four hyphen minimums, `utf8`, `cset`, `nohyphenl` and `nohyphen`, and per state its
/// `match`, `repl`, `replindex`, `replcut`, `fallback_state` and transitions; then a checksum of
/// all that. Reading checks every count, length and state number against the bytes, so damaged
/// bytes are refused, never followed.
final class CompiledHyphenDictionary {
  private let arena: Arena

  /// The first level, what `hnj_hyphen_hyphenate3` is handed.
  var dictionary: UnsafeMutablePointer<HyphenDict> { arena.levels }

  static let magic = Array("HNJCACHE".utf8)
  static let version: UInt32 = 1
  /// More levels than libhyphen makes (two) are refused.
  static let maximumLevels = 8

  private init(arena: Arena) { self.arena = arena }

  deinit { arena.deallocate() }

  // MARK: Writing

  /// The bytes of a dictionary `hnj_hyphen_load_file` parsed from the patterns `source` names; nil
  /// for a level chain longer than `maximumLevels` (a cycle).
  static func encode(_ first: UnsafePointer<HyphenDict>, source: HyphenDictionarySource) -> [UInt8]? {
    var levels: [UnsafePointer<HyphenDict>] = [first]
    while let next = levels[levels.count - 1].pointee.nextlevel {
      guard levels.count < maximumLevels else { return nil }
      levels.append(UnsafePointer(next))
    }
    var body = ByteWriter()
    var totalStates = 0
    var totalTransitions = 0
    var totalStrings = 0
    for level in levels {
      let d = level.pointee
      for minimum in [d.lhmin, d.rhmin, d.clhmin, d.crhmin] { body.int8(minimum) }
      body.int32(d.utf8)
      withUnsafeBytes(of: d.cset) { body.bytes(Array($0)) }
      body.int32(d.nohyphenl)
      if let nohyphen = d.nohyphen {
        // `nohyphenl + 1` NUL-terminated strings, as libhyphen walks them.
        var length = 0
        for _ in 0...max(0, Int(d.nohyphenl)) { length += strlen(nohyphen + length) + 1 }
        body.int32(Int32(length))
        body.bytes(UnsafeRawBufferPointer(start: nohyphen, count: length))
        totalStrings += length
      } else {
        body.int32(-1)
      }
      body.int32(d.num_states)
      for s in 0..<Int(max(0, d.num_states)) {
        let state = d.states[s]
        totalStrings += body.string(state.match) + body.string(state.repl)
        body.int8(state.replindex)
        body.int8(state.replcut)
        body.int32(state.fallback_state)
        body.int32(state.num_trans)
        for t in 0..<Int(max(0, state.num_trans)) {
          body.int8(state.trans[t].ch)
          body.int32(state.trans[t].new_state)
        }
        totalTransitions += Int(max(0, state.num_trans))
      }
      totalStates += Int(max(0, d.num_states))
    }
    var out = ByteWriter()
    out.bytes(magic)
    out.uint32(version)
    out.source(source)
    for count in [levels.count, totalStates, totalTransitions, totalStrings] { out.uint32(UInt32(count)) }
    out.bytes(body.bytes)
    out.uint64(checksum(out.bytes))
    return out.bytes
  }

  // MARK: Reading

  /// Reads bytes `encode` wrote for the patterns `source` names; nil when they are damaged, of
  /// another format version, or were compiled from other patterns.
  static func read(_ bytes: UnsafeRawBufferPointer, source: HyphenDictionarySource) -> CompiledHyphenDictionary? {
    guard bytes.count >= magic.count + 4 + 16 + 16 + 8 else { return nil }
    let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
    var tail = ByteReader(UnsafeRawBufferPointer(rebasing: bytes[(bytes.count - 8)...]))
    guard tail.uint64() == checksum(body) else { return nil }
    var reader = ByteReader(body)
    guard reader.bytes(magic.count).map(Array.init) == magic, reader.uint32() == version,
      reader.source() == source,
      let levels = reader.count(limit: maximumLevels), levels >= 1,
      let states = reader.count(limit: body.count), let transitions = reader.count(limit: body.count),
      let strings = reader.count(limit: body.count)
    else { return nil }
    var arena = Arena(levels: levels, states: states, transitions: transitions, strings: strings)
    for level in 0..<levels where !arena.readLevel(level, from: &reader) {
      arena.deallocate()
      return nil
    }
    guard reader.isAtEnd, arena.isFull else {
      arena.deallocate()
      return nil
    }
    return CompiledHyphenDictionary(arena: arena)
  }

  /// The four allocations a read dictionary lives in, and how much of each is filled.
  private struct Arena {
    let levels: UnsafeMutablePointer<HyphenDict>
    let levelCount: Int
    let states: UnsafeMutablePointer<HyphenState>
    let stateCount: Int
    let transitions: UnsafeMutablePointer<HyphenTrans>
    let transitionCount: Int
    let strings: UnsafeMutablePointer<CChar>
    let stringCount: Int
    var statesFilled = 0
    var transitionsFilled = 0
    var stringsFilled = 0

    init(levels: Int, states: Int, transitions: Int, strings: Int) {
      self.levels = .allocate(capacity: levels)
      self.levels.initialize(repeating: HyphenDict(), count: levels)
      levelCount = levels
      self.states = .allocate(capacity: max(1, states))
      stateCount = states
      self.transitions = .allocate(capacity: max(1, transitions))
      transitionCount = transitions
      self.strings = .allocate(capacity: max(1, strings))
      stringCount = strings
    }

    /// Every allocation exactly used up.
    var isFull: Bool {
      statesFilled == stateCount && transitionsFilled == transitionCount && stringsFilled == stringCount
    }

    func deallocate() {
      levels.deallocate()
      states.deallocate()
      transitions.deallocate()
      strings.deallocate()
    }

    /// Reads level `index` (linked to the next one); false when the bytes are damaged.
    mutating func readLevel(_ index: Int, from reader: inout ByteReader) -> Bool {
      let level = levels + index
      level.pointee.nextlevel = index + 1 < levelCount ? levels + index + 1 : nil
      guard let lhmin = reader.int8(), let rhmin = reader.int8(), let clhmin = reader.int8(),
        let crhmin = reader.int8(), let utf8 = reader.int32(), let cset = reader.bytes(20), cset.last == 0,
        let nohyphenCount = reader.int32(), nohyphenCount >= 0, let nohyphenLength = reader.int32()
      else { return false }
      level.pointee.lhmin = lhmin
      level.pointee.rhmin = rhmin
      level.pointee.clhmin = clhmin
      level.pointee.crhmin = crhmin
      level.pointee.utf8 = utf8
      withUnsafeMutableBytes(of: &level.pointee.cset) { $0.copyMemory(from: cset) }
      level.pointee.nohyphenl = nohyphenCount
      if nohyphenLength >= 0 {
        // `nohyphenl + 1` NUL-terminated strings: libhyphen walks that many.
        guard let raw = reader.bytes(Int(nohyphenLength)), raw.last == 0,
          POSIX.count(of: 0, in: raw) >= Int(nohyphenCount) + 1, let start = take(raw, terminate: false)
        else { return false }
        level.pointee.nohyphen = start
      }
      guard let count = reader.int32(), count >= 1, statesFilled + Int(count) <= stateCount else { return false }
      let first = states + statesFilled
      statesFilled += Int(count)
      for s in 0..<Int(count) {
        guard let match = readString(&reader), let repl = readString(&reader),
          let replindex = reader.int8(), let replcut = reader.int8(), let fallback = reader.int32(),
          (-1..<count).contains(fallback), let transitionsHere = reader.int32(), transitionsHere >= 0,
          transitionsFilled + Int(transitionsHere) <= transitionCount
        else { return false }
        // hnj_hyphen_hyphenate3 writes at `replindex` past a match's start: keep it in the match.
        if repl.pointer != nil, Int(replindex) > match.length { return false }
        let trans = transitions + transitionsFilled
        for t in 0..<Int(transitionsHere) {
          guard let ch = reader.int8(), let target = reader.int32(), (0..<count).contains(target) else {
            return false
          }
          (trans + t).initialize(to: HyphenTrans(ch: ch, new_state: target))
        }
        transitionsFilled += Int(transitionsHere)
        (first + s).initialize(
          to: HyphenState(
            match: match.pointer, repl: repl.pointer, replindex: replindex, replcut: replcut,
            fallback_state: fallback, num_trans: transitionsHere, trans: transitionsHere > 0 ? trans : nil))
      }
      level.pointee.num_states = count
      level.pointee.states = first
      return true
    }

    /// A length-prefixed string (-1: NULL), copied into the strings with a NUL after it.
    private mutating func readString(_ reader: inout ByteReader) -> (
      pointer: UnsafeMutablePointer<CChar>?, length: Int
    )? {
      guard let length = reader.int32(), length >= -1 else { return nil }
      guard length >= 0 else { return (nil, 0) }
      guard let raw = reader.bytes(Int(length)), let start = take(raw, terminate: true) else { return nil }
      return (start, strlen(start))
    }

    /// Copies `raw` (and a NUL when `terminate`) into the strings; nil when they would overflow.
    private mutating func take(_ raw: UnsafeRawBufferPointer, terminate: Bool) -> UnsafeMutablePointer<CChar>? {
      let needed = raw.count + (terminate ? 1 : 0)
      guard stringsFilled + needed <= stringCount else { return nil }
      let start = strings + stringsFilled
      if let base = raw.baseAddress, raw.count > 0 {
        UnsafeMutableRawPointer(start).copyMemory(from: base, byteCount: raw.count)
      }
      if terminate { start[raw.count] = 0 }
      stringsFilled += needed
      return start
    }
  }

  /// A 64-bit checksum of `bytes`, eight at a time (it catches damage, not tampering).
  static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var offset = 0
    while offset + 8 <= bytes.count {
      hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x0000_0100_0000_01b3
      hash ^= hash >> 29
      offset += 8
    }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01b3
      offset += 1
    }
    return hash
  }

  static func checksum(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { checksum($0) } }
}
