/// The distinct segments of one text, keyed by their UTF-16 content, with their shaped widths
/// and, computed on first use, their grapheme-cluster and hyphenation data.
struct WordTable {
  private var slots: [Int32]
  private var mask: Int
  /// Hash of each entry's content.
  private(set) var hashes: [UInt64] = []
  /// Offset of each entry's first occurrence in the text.
  private(set) var starts: [Int32] = []
  /// Content length (body and trailing spaces) of each entry.
  private(set) var lengths: [Int32] = []
  /// The direction each entry was shaped in (part of its key).
  private(set) var directions: [ShapingDirection] = []
  /// Body width (font units) of each entry (set by `setShapes` once every entry is shaped).
  var bodyWidths: [Int32] = []
  /// Body plus trailing-space width (font units) of each entry.
  var fullWidths: [Int32] = []
  /// By entry, once computed (few are: over-wide words, non-ASCII hyphenation): where the body may
  /// be split and the body width before each split.
  var splits: [Int32: WordSplits] = [:]
  /// Per entry: its body's glyphs in `bodyGlyphs` as shaped in the segment, when they are exactly
  /// what shaping the body alone gives (and the body's scripts are simple); `first` is -1
  /// otherwise.
  var bodyGlyphRanges: [HyphenTable.Entry] = []
  /// The recorded body glyphs of all entries.
  var bodyGlyphs: [BodyGlyph] = []

  /// An empty table sized for about `expected` entries.
  init(expected: Int) {
    var capacity = 1024
    while capacity < expected * 2 { capacity <<= 1 }
    slots = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
    hashes.reserveCapacity(expected)
    starts.reserveCapacity(expected)
    lengths.reserveCapacity(expected)
    directions.reserveCapacity(expected)
  }

  /// The number of entries.
  var count: Int { starts.count }

  /// Hashes UTF-16 content.
  @inline(__always)
  static func hash(_ units: UnsafePointer<UInt16>, _ count: Int) -> UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(count)
    for i in 0..<count { h = (h ^ UInt64(units[i])) &* 0x100_0000_01b3 }
    return h ^ (h >> 29)
  }

  /// The entry with this content, or -1 after reserving a slot for a new one (call `append`).
  @inline(__always)
  mutating func find(
    hash: UInt64, start: Int, length: Int, direction: ShapingDirection, in text: UnsafePointer<UInt16>
  ) -> (entry: Int32, slot: Int) {
    var slot = Int(truncatingIfNeeded: hash) & mask
    while true {
      let entry = slots[slot]
      if entry < 0 { return (-1, slot) }
      let e = Int(entry)
      if hashes[e] == hash && Int(lengths[e]) == length && directions[e] == direction {
        let other = text + Int(starts[e])
        let mine = text + start
        var same = true
        for i in 0..<length where other[i] != mine[i] {
          same = false
          break
        }
        if same { return (entry, slot) }
      }
      slot = (slot + 1) & mask
    }
  }

  /// Adds an entry in the slot `find` returned; returns its index.
  mutating func append(
    slot: Int, hash: UInt64, start: Int, length: Int, direction: ShapingDirection
  ) -> Int32 {
    let entry = Int32(starts.count)
    slots[slot] = entry
    hashes.append(hash)
    starts.append(Int32(start))
    lengths.append(Int32(length))
    directions.append(direction)
    if starts.count * 2 > slots.count { grow() }
    return entry
  }

  /// Sets every entry's widths and body glyphs (`shaped` has one of each per entry).
  mutating func setShapes(_ shaped: ShapedWords) {
    precondition(shaped.bodyWidths.count == count, "one shape per distinct segment")
    bodyWidths = shaped.bodyWidths
    fullWidths = shaped.fullWidths
    bodyGlyphRanges = shaped.glyphRanges
    bodyGlyphs = shaped.glyphs
  }

  private mutating func grow() {
    let capacity = slots.count * 2
    slots = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
    for e in 0..<hashes.count {
      var slot = Int(truncatingIfNeeded: hashes[e]) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(e)
    }
  }
}

/// Where a word's body may be split, in UTF-16 units from its start, and its width before each
/// split (font units): every grapheme-cluster boundary, and the hyphenation points among them.
struct WordSplits {
  /// Grapheme-cluster boundaries inside the body (ascending, excluding 0 and the body end).
  var clusterOffsets: [Int32]
  /// Body width before each cluster boundary.
  var clusterWidths: [Int32]
  /// Hyphenation points (ascending) and the body width before each; empty without a hyphenator.
  var hyphenOffsets: [Int32]
  /// Body width before each hyphenation point (the hyphen itself not included).
  var hyphenWidths: [Int32]

  /// The index of the first cluster boundary after `offset` (`clusterOffsets.count` for none), by
  /// binary search: a word split over many lines is not scanned from its start for each line.
  func firstCluster(after offset: Int32) -> Int {
    var low = 0
    var high = clusterOffsets.count
    while low < high {
      let mid = (low + high) / 2
      if clusterOffsets[mid] <= offset { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The body width before `offset` (a cluster boundary, or 0).
  func width(before offset: Int32) -> Int32 {
    guard offset > 0 else { return 0 }
    var low = 0
    var high = clusterOffsets.count
    while low < high {
      let mid = (low + high) / 2
      if clusterOffsets[mid] < offset { low = mid + 1 } else { high = mid }
    }
    return low < clusterOffsets.count ? clusterWidths[low] : clusterWidths.last ?? 0
  }
}
