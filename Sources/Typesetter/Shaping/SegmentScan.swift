/// A text cut into segments at its UAX #14 break opportunities (never inside a grapheme
/// cluster), with its table of distinct segments and the kerning where two segments join on a
/// line; each new distinct segment goes to the shaping threads through a `ShapingFeed`.
struct SegmentScan {
  var segments: [Segment] = []
  var words: WordTable
  /// Segments that end a paragraph or a line.
  var forcedBreaks = 0
  /// Steps taken to find grapheme-cluster boundaries (a work count; see `CharacterBoundaries`).
  var boundarySteps = 0

  /// Scans `units` (the UTF-16 of `string`), whose break actions are `brk` and UAX #9 levels
  /// `levels` (empty: all 0), into the empty `table`. Kerning pairs are shaped with
  /// `shaper` (this thread's) and `font`, `fallback`.
  init(
    text string: String, units buffer: UnsafeBufferPointer<UInt16>, breaks brk: UnsafePointer<Int8>,
    levels: [UInt8], font: Font, fallback: FontFallback?, shaper: HarfBuzzShaper, table: WordTable,
    feed: ShapingFeed
  ) {
    words = table
    segments.reserveCapacity(buffer.count / 5 + 1)
    var measurer = SegmentMeasurer(font: font, fallback: fallback, shaper: shaper)
    var pairKerns: [UInt64: Int32] = [:]
    var characters = CharacterBoundaries(string)
    let text = buffer.baseAddress!
    let n = buffer.count
    var segmentStart = 0
    var previousJoins = false  // the previous segment ends in a body glyph on the same line
    for i in 0..<n {
      let b = brk[i]
      let last = i == n - 1
      guard b == UnicodeLineBreaks.allowed || b == UnicodeLineBreaks.mandatory || last else {
        continue
      }
      // libunibreak 1.1 predates emoji sequences: never break inside a grapheme cluster.
      if b == UnicodeLineBreaks.allowed && !last && (text[i] >= 0x300 || text[i + 1] >= 0x300)
        && !CharacterBoundaries.isPlainBoundary(text[i], text[i + 1])
        && !characters.isBoundary(i + 1, in: buffer)
      {
        continue
      }
      let end = i + 1
      var contentEnd = end
      var flags: UInt8 = 0
      if b == UnicodeLineBreaks.mandatory || last {
        switch text[i] {
        case 0x0A:
          contentEnd = i > segmentStart && text[i - 1] == 0x0D ? i - 1 : i
          flags = Segment.endsParagraph
        case 0x0D, 0x2029:
          contentEnd = i
          flags = Segment.endsParagraph
        case 0x0B, 0x0C, 0x85, 0x2028:
          contentEnd = i
          flags = Segment.endsLine
        default: break
        }
        if last { flags = Segment.endsParagraph }
      }
      var bodyEnd = contentEnd
      while bodyEnd > segmentStart && TextAnalysis.isHanging(text[bodyEnd - 1]) { bodyEnd -= 1 }
      let length = contentEnd - segmentStart
      var word: Int32 = -1
      let direction = ShapingDirection(
        levels: levels, segmentStart..<(bodyEnd > segmentStart ? bodyEnd : contentEnd), in: text)
      measurer.direction = direction.harfBuzz
      if length > 0 {
        let hash = WordTable.hash(text + segmentStart, length)
        let (entry, slot) = words.find(
          hash: hash, start: segmentStart, length: length, direction: direction, in: text)
        if entry >= 0 {
          word = entry
        } else {
          // Keep the body's glyphs for its split points (see `TextLayout.bodyGlyphs`) when
          // its scripts' shapers use no context outside the run (Latin, Greek, Cyrillic,
          // Armenian; general punctuation).
          var record = bodyEnd - segmentStart >= 2
          var k = segmentStart
          while record && k < bodyEnd {
            record = text[k] < 0x590 || (text[k] >= 0x2000 && text[k] < 0x2070)
            k += 1
          }
          // Shaped by the shaping threads as the scan goes on (`ShapingFeed`).
          word = words.append(
            slot: slot, hash: hash, start: segmentStart, length: length, direction: direction)
          feed.append(
            ShapingFeed.Job(
              start: Int32(segmentStart), length: Int32(length),
              bodyLength: Int32(bodyEnd - segmentStart), direction: direction, record: record))
        }
      }
      var kern: Int32 = 0
      if previousJoins && bodyEnd > segmentStart {
        kern = TextAnalysis.pairKern(
          text, at: segmentStart, end: bodyEnd, direction: direction, cache: &pairKerns, measurer)
      }
      segments.append(
        Segment(
          start: Int32(segmentStart), end: Int32(end),
          bodyLength: Int32(bodyEnd - segmentStart),
          word: word, bodyWidth: 0, fullWidth: 0, kernBefore: kern, flags: flags))
      previousJoins = flags == 0 && bodyEnd == contentEnd && bodyEnd > segmentStart
      if flags != 0 { forcedBreaks += 1 }
      segmentStart = end
    }
    boundarySteps = characters.steps
  }
}
