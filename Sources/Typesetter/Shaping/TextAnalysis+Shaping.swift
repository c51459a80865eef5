/// The widths and body glyphs of distinct segments (a chunk of them, or all of a text's), by
/// entry (see `WordTable`).
struct ShapedWords {
  var bodyWidths: [Int32] = []
  var fullWidths: [Int32] = []
  /// Each entry's body glyphs in `glyphs` (`first` -1: not kept).
  var glyphRanges: [HyphenTable.Entry] = []
  var glyphs: [BodyGlyph] = []

  /// Appends the entries that follow these, their glyph ranges moved past these glyphs.
  mutating func append(_ next: ShapedWords) {
    let base = Int32(glyphs.count)
    bodyWidths += next.bodyWidths
    fullWidths += next.fullWidths
    for var range in next.glyphRanges {
      if range.first >= 0 { range.first += base }
      glyphRanges.append(range)
    }
    glyphs += next.glyphs
  }
}

extension TextAnalysis {
  /// Texts shorter than this many UTF-16 units are analysed by one thread (their analysis takes
  /// a few milliseconds; a second thread costs about 0.1 ms to start and join, and halves the
  /// 44,494-unit excerpt's cold time from about 20 to 11–18 ms).
  static let parallelThreshold = 16_384

  /// Threads for a text of `count` UTF-16 units: up to 2 (the width-independent analysis of a
  /// novel), one per online processor.
  static func workers(for count: Int) -> Int {
    count < parallelThreshold ? 1 : min(2, Processors.online)
  }

  /// Runs `scan` (which fills `feed`) on the first of `workers` threads, and shapes every
  /// distinct segment of the feed once: each thread (with its own HarfBuzz buffer, font and
  /// plans and its own fallback state) takes the next chunk of the feed as soon as the scan has
  /// published it, and the scanning thread joins them when its scan is done. Chunks are merged
  /// in entry order, so the widths and glyphs are the ones one thread makes (HarfBuzz faces are
  /// immutable and shared); fallback fonts are listed in the order of the segments that first
  /// needed them, after those the scan needed.
  static func shapeDistinctSegments(
    _ feed: ShapingFeed, text: UnsafePointer<UInt16>, font: Font, fallback: FontFallback?,
    shaper: HarfBuzzShaper, workers: Int, scan: () -> Void
  ) -> ShapedWords {
    let threads = max(1, workers)
    var shapers = [shaper]
    var fallbacks = [fallback]
    for _ in 1..<threads {
      shapers.append(HarfBuzzShaper())
      fallbacks.append(fallback.map { FontFallback(primary: $0.primary, first: $0.first, system: $0.system) })
    }
    // A slot per possible chunk; each is written by the thread that shaped it.
    var chunks = [ShapedWords?](repeating: nil, count: feed.maximumChunks)
    chunks.withUnsafeMutableBufferPointer { slots in
      let (shapers, fallbacks) = (shapers, fallbacks)  // read-only from here on, by every thread
      // The threads wait for each other's chunks: each on its own thread, not `Parallel.run`.
      Parallel.runTogether(threads) { thread in
        if thread == 0 {
          scan()
          feed.finish()
        }
        let threadFallback = fallbacks[thread]
        var measurer = SegmentMeasurer(font: font, fallback: threadFallback, shaper: shapers[thread])
        while let range = feed.nextChunk() {
          var chunk = ShapedWords()
          chunk.bodyWidths.reserveCapacity(range.count)
          chunk.fullWidths.reserveCapacity(range.count)
          chunk.glyphRanges.reserveCapacity(range.count)
          for e in range {
            let job = feed.job(e)
            threadFallback?.segmentEntry = e
            measurer.direction = job.direction.harfBuzz
            let first = Int32(chunk.glyphs.count)
            let (body, full, recorded) = measurer.widths(
              text + Int(job.start), count: Int(job.length), bodyLength: Int(job.bodyLength),
              record: job.record, bodyGlyphs: &chunk.glyphs)
            chunk.bodyWidths.append(Int32(clamping: body))
            chunk.fullWidths.append(Int32(clamping: full))
            chunk.glyphRanges.append(
              recorded
                ? HyphenTable.Entry(first: first, count: Int32(chunk.glyphs.count) - first)
                : HyphenTable.Entry(first: -1, count: 0))
          }
          threadFallback?.segmentEntry = -1
          slots[range.lowerBound / ShapingFeed.chunkSize] = chunk
        }
      }
    }
    var shaped = ShapedWords()
    for case let chunk? in chunks { shaped.append(chunk) }
    for thread in 1..<threads { shaper.addWork(of: shapers[thread]) }
    fallback?.settleUsedPaths(others: fallbacks.dropFirst().compactMap { $0 })
    return shaped
  }
}
