extension TextLayout {
  /// The split points of a segment's word (grapheme-cluster boundaries and hyphenation points),
  /// computed on first use and kept: they do not depend on the width or the text size.
  func splits(of segment: Segment) -> WordSplits {
    let word = Int(segment.word)
    if let cached = words.splits[segment.word] { return cached }
    let splits = computeSplits(
      word: word, start: Int(segment.start), bodyLength: Int(segment.bodyLength))
    words.splits[segment.word] = splits
    return splits
  }

  /// The glyph advances (font units) of a segment's content and how many belong to the body;
  /// shaped on first use and kept.
  func glyphAdvances(of segment: Segment) -> (advances: [Int32], bodyCount: Int) {
    if let cached = glyphCache[segment.word] { return cached }
    let measurer = measurer(for: Int(segment.word))
    let start = Int(segment.start)
    let length = Int(words.lengths[Int(segment.word)])
    let glyphs = units.withUnsafeBufferPointer {
      measurer.glyphAdvances($0.baseAddress! + start, count: length)
    }
    let result = (
      glyphs.map { Int32(clamping: $0.advance) },
      glyphs.filter { $0.cluster < Int(segment.bodyLength) }.count
    )
    glyphCache[segment.word] = result
    return result
  }

  /// A segment's hyphenation points in `table` (the segment has a word): on first use, computed
  /// and added. The same points and widths as `splits(of:)` gives, without shaping a word that has
  /// no hyphenation point.
  func hyphenEntry(of segment: Segment, in table: inout HyphenTable) -> HyphenTable.Entry {
    let word = Int(segment.word)
    let existing = table.entries[word]
    if existing.first >= 0 { return existing }
    let first = Int32(table.points.count)
    let start = Int(segment.start)
    let bodyLength = Int(segment.bodyLength)
    let end = start + bodyLength
    let ascii = units.withUnsafeBufferPointer { text in
      var k = start
      while k < end && text[k] < 0x80 { k += 1 }
      return k == end
    }
    if !ascii {
      // Grapheme clusters and Unicode letters: the general path, kept with the word's splits.
      let splits = splits(of: segment)
      for (offset, width) in zip(splits.hyphenOffsets, splits.hyphenWidths) {
        table.points.append(HyphenTable.Point(offset: offset, width: width))
      }
    } else if let hyphenator, bodyLength >= hyphenator.leftMin + hyphenator.rightMin {
      // As `computeSplits`; the body is shaped only when it has a point.
      let offsets = Self.asciiHyphenOffsets(units[start..<end], hyphenator: hyphenator)
      if !offsets.isEmpty {
        // The advance of the glyphs before the first one whose cluster starts at or after the
        // point: `computeSplits`'s cluster widths, which walk the body's glyphs in order.
        let glyphs = bodyGlyphs(word: word, start: start, bodyLength: bodyLength)
        var glyphIndex = 0
        var width = 0
        for offset in offsets {
          while glyphIndex < glyphs.count && glyphs[glyphIndex].cluster < Int(offset) {
            width += glyphs[glyphIndex].advance
            glyphIndex += 1
          }
          table.points.append(HyphenTable.Point(offset: offset, width: Int32(clamping: width)))
        }
      }
    }
    let entry = HyphenTable.Entry(first: first, count: Int32(table.points.count) - first)
    table.entries[word] = entry
    return entry
  }

  /// The glyphs of a word's body shaped alone: those the analysis kept when they are the same
  /// (see `HarfBuzzShaper.splitAdvance`), else shaped now.
  func bodyGlyphs(word: Int, start: Int, bodyLength: Int) -> [ShapedGlyph] {
    let kept = words.bodyGlyphRanges[word]
    if kept.first >= 0 {
      return words.bodyGlyphs[Int(kept.first)..<Int(kept.first + kept.count)].map {
        ShapedGlyph(cluster: Int($0.cluster), advance: Int($0.advance), isMissing: false)
      }
    }
    let measurer = measurer(for: word)
    return units.withUnsafeBufferPointer {
      measurer.glyphAdvances($0.baseAddress! + start, count: bodyLength)
    }
  }

  /// A measurer that shapes in the direction a distinct segment was shaped in.
  func measurer(for word: Int) -> SegmentMeasurer {
    var measurer = SegmentMeasurer(font: font, fallback: fallback, shaper: shaper)
    measurer.direction = words.directions[word].harfBuzz
    return measurer
  }

  private func computeSplits(word: Int, start: Int, bodyLength: Int) -> WordSplits {
    let glyphs = bodyGlyphs(word: word, start: start, bodyLength: bodyLength)
    let ascii = units[start..<(start + bodyLength)].allSatisfy { $0 < 0x80 }
    let body = ascii ? "" : String(decoding: units[start..<(start + bodyLength)], as: UTF16.self)
    // UTF-16 offset after each Character of the body (every unit, for ASCII).
    var characterEnds: [Int32] = []
    if ascii {
      characterEnds = (1...max(1, bodyLength)).map { Int32($0) }
      if bodyLength == 0 { characterEnds = [] }
    } else {
      var offset = 0
      for character in body {
        offset += character.utf16.count
        characterEnds.append(Int32(offset))
      }
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
    if ascii {
      for unitOffset in Self.asciiHyphenOffsets(units[start..<(start + bodyLength)], hyphenator: hyphenator) {
        splits.hyphenOffsets.append(unitOffset)
        splits.hyphenWidths.append(splits.width(before: unitOffset))
      }
      return splits
    }
    // Hyphenate the first run of letters long enough to hyphenate.
    let characters = Array(body)
    var next = 0
    while let letters = characters.run(from: next, where: { $0.isLetter }) {
      if letters.count >= hyphenator.leftMin + hyphenator.rightMin {
        for point in hyphenator.hyphenationPoints(in: String(characters[letters])) {
          let index = letters.lowerBound + point - 1  // the character before the hyphen
          let unitOffset = characterEnds[index]
          splits.hyphenOffsets.append(unitOffset)
          splits.hyphenWidths.append(splits.width(before: unitOffset))
        }
        break
      }
      next = letters.upperBound
    }
    return splits
  }

  /// The hyphenation points of an ASCII body, as UTF-16 offsets from its start: its first run of
  /// letters, lowercased, straight to libhyphen (the fast path; no grapheme clusters to find).
  static func asciiHyphenOffsets(_ body: ArraySlice<UInt16>, hyphenator: Hyphenator) -> [Int32] {
    guard let letters = body.run(from: body.startIndex, where: isASCIILetter),
      letters.count >= hyphenator.leftMin + hyphenator.rightMin,
      letters.count <= HyphenDictionary.maximumWordLength
    else { return [] }
    let bytes = body[letters].map { UInt8($0 | 0x20) }
    return hyphenator.dictionary.hyphenationPoints(
      utf8: bytes, leftMin: hyphenator.leftMin, rightMin: hyphenator.rightMin
    )
    .filter { $0 >= hyphenator.leftMin && bytes.count - $0 >= hyphenator.rightMin }
    .map { Int32(letters.lowerBound - body.startIndex + $0) }
  }

  @inline(__always)
  static func isASCIILetter(_ unit: UInt16) -> Bool {
    (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
  }
}
