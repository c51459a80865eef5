import Synchronization

/// A distinct segment waiting to be shaped: its body's length and whether its body glyphs are
/// kept (see `SegmentMeasurer.widths`).
struct PendingShape {
  var bodyLength: Int32
  var record: Bool
}

/// What one chunk of distinct segments measured: widths per entry, body glyph ranges relative
/// to its own `glyphs`.
private struct ShapedPart {
  var bodyWidths: [Int32] = []
  var fullWidths: [Int32] = []
  var glyphRanges: [HyphenTable.Entry] = []
  var glyphs: [BodyGlyph] = []
}

extension TextAnalysis {
  /// Texts shorter than this many UTF-16 units are shaped by one thread (a second one costs
  /// more to start than it saves).
  static let parallelThreshold = 65_536

  /// Threads for a text of `count` UTF-16 units: up to 2 (the width-independent analysis of a
  /// novel), one per online processor.
  static func workers(for count: Int) -> Int {
    count < parallelThreshold ? 1 : min(2, Processors.online)
  }

  /// Distinct segments are shaped in chunks of this many, each taken by the next free thread.
  static let chunkSize = 512

  /// Shapes every distinct segment once (entries `0..<pending.count` of `words`, all pending):
  /// their widths and body glyphs. With more than one worker, each thread (with its own HarfBuzz
  /// buffer and font and its own fallback state) takes the next chunk of `chunkSize` entries
  /// until none is left, so a thread slowed by the machine does less; the chunks are merged in
  /// entry order, so the table is the same as one thread makes (HarfBuzz faces are immutable and
  /// shared).
  mutating func shapeDistinctSegments(
    _ pending: [PendingShape], text: UnsafePointer<UInt16>, font: Font, fallback: FontFallback?,
    shaper: HarfBuzzShaper, workers: Int
  ) {
    let count = pending.count
    guard count > 0 else { return }
    let starts = words.starts
    let lengths = words.lengths
    let directions = words.directions
    let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
    let threads = max(1, min(workers, chunks))
    var shapers = [shaper]
    var fallbacks = [fallback]
    for _ in 1..<threads {
      shapers.append(HarfBuzzShaper())
      fallbacks.append(fallback.map { FontFallback(primary: $0.primary, first: $0.first, system: $0.system) })
    }
    let usedBefore = fallback?.usedPaths.count ?? 0
    let queue = ChunkQueue(count: chunks)
    var results = [ShapedPart](repeating: ShapedPart(), count: chunks)
    results.withUnsafeMutableBufferPointer { slots in
      let (shapers, fallbacks) = (shapers, fallbacks)  // read-only from here on, by every thread
      Parallel.run(threads) { thread in
        let threadFallback = fallbacks[thread]
        var measurer = SegmentMeasurer(font: font, fallback: threadFallback, shaper: shapers[thread])
        while let chunk = queue.next() {
          let range = (chunk * Self.chunkSize)..<min(count, (chunk + 1) * Self.chunkSize)
          var result = ShapedPart()
          result.bodyWidths.reserveCapacity(range.count)
          result.fullWidths.reserveCapacity(range.count)
          result.glyphRanges.reserveCapacity(range.count)
          for e in range {
            threadFallback?.segmentEntry = e
            measurer.direction = directions[e].harfBuzz
            let first = Int32(result.glyphs.count)
            let (body, full, recorded) = measurer.widths(
              text + Int(starts[e]), count: Int(lengths[e]), bodyLength: Int(pending[e].bodyLength),
              record: pending[e].record, bodyGlyphs: &result.glyphs)
            result.bodyWidths.append(Int32(clamping: body))
            result.fullWidths.append(Int32(clamping: full))
            result.glyphRanges.append(
              recorded
                ? HyphenTable.Entry(first: first, count: Int32(result.glyphs.count) - first)
                : HyphenTable.Entry(first: -1, count: 0))
          }
          threadFallback?.segmentEntry = -1
          slots[chunk] = result
        }
      }
    }
    for (chunk, result) in results.enumerated() {
      let base = Int32(words.bodyGlyphs.count)
      for k in result.bodyWidths.indices {
        let e = chunk * Self.chunkSize + k
        words.bodyWidths[e] = result.bodyWidths[k]
        words.fullWidths[e] = result.fullWidths[k]
        var glyphs = result.glyphRanges[k]
        if glyphs.first >= 0 { glyphs.first += base }
        words.bodyGlyphRanges[e] = glyphs
      }
      words.bodyGlyphs += result.glyphs
    }
    for thread in 1..<threads { shaper.addWork(of: shapers[thread]) }
    fallback?.settleUsedPaths(keeping: usedBefore, others: fallbacks.dropFirst().compactMap { $0 })
  }
}

/// Hands out chunk numbers `0..<count`, each once, to whichever thread asks next.
private final class ChunkQueue: Sendable {
  private let taken = Atomic<Int>(0)
  private let count: Int

  init(count: Int) { self.count = count }

  /// The next chunk not yet taken, or nil when all are.
  func next() -> Int? {
    let chunk = taken.wrappingAdd(1, ordering: .relaxed).oldValue
    return chunk < count ? chunk : nil
  }
}
