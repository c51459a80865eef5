extension TextLayout {
  /// The split points of a segment's word (grapheme-cluster boundaries and hyphenation points),
  /// computed on first use and kept: they do not depend on the width or the text size.
  func splits(of segment: Segment) -> WordSplits {
    let word = Int(segment.word)
    if let cached = words.splits[word] { return cached }
    let splits = computeSplits(start: Int(segment.start), bodyLength: Int(segment.bodyLength))
    words.splits[word] = splits
    return splits
  }

  private func computeSplits(start: Int, bodyLength: Int) -> WordSplits {
    let measurer = SegmentMeasurer(font: font, fallback: fallback, shaper: shaper)
    let glyphs = units.withUnsafeBufferPointer {
      measurer.glyphAdvances($0.baseAddress! + start, count: bodyLength)
    }
    let body = String(decoding: units[start..<(start + bodyLength)], as: UTF16.self)
    // UTF-16 offset after each Character of the body.
    var characterEnds: [Int32] = []
    var offset = 0
    for character in body {
      offset += character.utf16.count
      characterEnds.append(Int32(offset))
    }
    var clusterOffsets: [Int32] = []
    var clusterWidths: [Int32] = []
    var glyphIndex = 0
    var width = 0
    for end in characterEnds.dropLast() {
      while glyphIndex < glyphs.count && glyphs[glyphIndex].cluster < Int(end) {
        width += glyphs[glyphIndex].advance
        glyphIndex += 1
      }
      clusterOffsets.append(end)
      clusterWidths.append(Int32(clamping: width))
    }
    var splits = WordSplits(
      clusterOffsets: clusterOffsets, clusterWidths: clusterWidths, hyphenOffsets: [],
      hyphenWidths: [])
    guard let hyphenator, bodyLength >= hyphenator.leftMin + hyphenator.rightMin else {
      return splits
    }
    // Hyphenate the first run of letters long enough to hyphenate.
    let characters = Array(body)
    var runStart = 0
    while runStart < characters.count {
      guard characters[runStart].isLetter else {
        runStart += 1
        continue
      }
      var runEnd = runStart
      while runEnd < characters.count && characters[runEnd].isLetter { runEnd += 1 }
      if runEnd - runStart >= hyphenator.leftMin + hyphenator.rightMin {
        let run = String(characters[runStart..<runEnd])
        for point in hyphenator.hyphenationPoints(in: run) {
          let index = runStart + point - 1  // the character before the hyphen
          let unitOffset = characterEnds[index]
          splits.hyphenOffsets.append(unitOffset)
          splits.hyphenWidths.append(splits.width(before: unitOffset))
        }
        break
      }
      runStart = runEnd
    }
    return splits
  }
}
