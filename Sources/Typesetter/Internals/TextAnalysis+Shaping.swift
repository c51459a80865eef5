/// A distinct segment waiting to be shaped: its body's length and whether its body glyphs are
/// kept (see `SegmentMeasurer.widths`).
struct PendingShape {
  var bodyLength: Int32
  var record: Bool
}

/// What one worker measured for a range of distinct segments: widths per entry, body glyph
/// ranges relative to its own `glyphs`.
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

  /// Shapes every distinct segment once (entries `0..<pending.count` of `words`, all pending):
  /// their widths and body glyphs. With more than one worker the entries are cut into
  /// contiguous ranges of about equal length, each shaped by its own thread with its own
  /// HarfBuzz buffer and fallback state; the ranges are merged in entry order, so the table is
  /// the same as one thread makes (HarfBuzz fonts are immutable and shared).
  mutating func shapeDistinctSegments(
    _ pending: [PendingShape], text: UnsafePointer<UInt16>, font: Font, fallback: FontFallback?,
    shaper: HarfBuzzShaper, workers: Int
  ) {
    let count = pending.count
    guard count > 0 else { return }
    let starts = words.starts
    let lengths = words.lengths
    let directions = words.directions
    // Contiguous ranges of about equal total length.
    let parts = max(1, min(workers, count))
    var bounds = [0]
    if parts > 1 {
      let total = lengths.reduce(0) { $0 + Int($1) }
      var sum = 0
      for e in 0..<count {
        sum += Int(lengths[e])
        if sum * parts >= total * bounds.count && bounds.count < parts && e + 1 < count {
          bounds.append(e + 1)
        }
      }
    }
    bounds.append(count)
    let ranges = (0..<(bounds.count - 1)).map { bounds[$0]..<bounds[$0 + 1] }
    var shapers = [shaper]
    var fallbacks = [fallback]
    for _ in 1..<max(1, ranges.count) {
      shapers.append(HarfBuzzShaper())
      fallbacks.append(fallback.map { FontFallback(primary: $0.primary, first: $0.first, system: $0.system) })
    }
    func shape(_ part: Int) -> ShapedPart {
      var result = ShapedPart()
      let range = ranges[part]
      result.bodyWidths.reserveCapacity(range.count)
      result.fullWidths.reserveCapacity(range.count)
      result.glyphRanges.reserveCapacity(range.count)
      var measurer = SegmentMeasurer(font: font, fallback: fallbacks[part], shaper: shapers[part])
      for e in range {
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
      return result
    }
    var results = [ShapedPart](repeating: ShapedPart(), count: ranges.count)
    results.withUnsafeMutableBufferPointer { slots in
      Parallel.run(ranges.count) { part in slots[part] = shape(part) }
    }
    for (part, result) in results.enumerated() {
      let base = Int32(words.bodyGlyphs.count)
      for (k, e) in ranges[part].enumerated() {
        words.bodyWidths[e] = result.bodyWidths[k]
        words.fullWidths[e] = result.fullWidths[k]
        var glyphs = result.glyphRanges[k]
        if glyphs.first >= 0 { glyphs.first += base }
        words.bodyGlyphRanges[e] = glyphs
      }
      words.bodyGlyphs += result.glyphs
      if part > 0 {
        shaper.addWork(of: shapers[part])
        if let fallback, let other = fallbacks[part] { fallback.adoptUsedPaths(of: other) }
      }
    }
  }
}
