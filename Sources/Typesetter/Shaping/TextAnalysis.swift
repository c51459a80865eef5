import CHarfBuzz

/// The width-independent analysis of a text: segments between UAX #14 break opportunities, their
/// shaped widths (one `hb_shape` per distinct segment) and the kerning across their boundaries.
struct TextAnalysis {
  var segments: [Segment] = []
  var words: WordTable
  /// The advance of the whole text set on one line (font units), for sizing line arrays.
  var totalWidth = 0
  /// Segments that end a paragraph or a line.
  var forcedBreaks = 0
  /// Steps taken to find grapheme-cluster boundaries (a work count; see `CharacterBoundaries`).
  var boundarySteps = 0

  /// Analyses `units` (the UTF-16 of `string`) whose UAX #9 embedding levels are `levels` (empty:
  /// all 0). Each segment is shaped in the direction of its body's level (`ShapingDirection`), and
  /// distinct segments are distinct in content and that direction.
  /// With `workers` threads (nil: `workers(for:)`) the break opportunities are found in two
  /// halves, and one thread scans while the others shape the distinct segments it has found
  /// (`shapeDistinctSegments`); the result is the same for any number.
  init(
    text string: String, units: [UInt16], levels: [UInt8], font: Font, fallback: FontFallback?,
    shaper: HarfBuzzShaper, workers: Int? = nil
  ) {
    let n = units.count
    words = WordTable(expected: 0)
    guard n > 0 else { return }
    let workers = workers ?? Self.workers(for: n)
    var breaks = [Int8](repeating: 0, count: n)
    units.withUnsafeBufferPointer { text in
      breaks.withUnsafeMutableBufferPointer {
        UnicodeLineBreaks.compute(text, into: $0.baseAddress!, workers: workers)
      }
    }
    // One thread scans the text into segments and distinct segments; the others shape the
    // distinct segments the scan has found so far, and the scanning thread joins them when done.
    let feed = ShapingFeed(capacity: n)
    var scan: SegmentScan?
    let shaped = units.withUnsafeBufferPointer { buffer in
      breaks.withUnsafeBufferPointer { brk in
        Self.shapeDistinctSegments(
          feed, text: buffer.baseAddress!, font: font, fallback: fallback, shaper: shaper,
          workers: workers
        ) {
          scan = SegmentScan(
            text: string, units: buffer, breaks: brk.baseAddress!, levels: levels, font: font,
            fallback: fallback, shaper: shaper, table: WordTable(expected: max(256, n / 40)),
            feed: feed)
        }
      }
    }
    guard scan != nil else { return }
    // Moved out of the scan, not copied: the segments are written below.
    swap(&segments, &scan!.segments)
    swap(&words, &scan!.words)
    forcedBreaks = scan!.forcedBreaks
    boundarySteps = scan!.boundarySteps
    scan = nil
    words.setShapes(shaped)
    for i in segments.indices where segments[i].word >= 0 {
      let word = Int(segments[i].word)
      segments[i].bodyWidth = words.bodyWidths[word]
      segments[i].fullWidth = words.fullWidths[word]
      totalWidth += Int(segments[i].kernBefore) + Int(segments[i].fullWidth)
    }
  }

  /// Whitespace that hangs past the line end (not counted when a line is checked for fit).
  @inline(__always)
  static func isHanging(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0x3000 || unit == 0x1680
      || (unit >= 0x2000 && unit <= 0x200A && unit != 0x2007)
  }

  /// The kerning between the code point before `at` and the one starting at `at`: the pair shaped
  /// together minus each shaped alone (in `measurer`'s direction). Cached per pair and direction.
  static func pairKern(
    _ text: UnsafePointer<UInt16>, at boundary: Int, end: Int, direction: ShapingDirection,
    cache: inout [UInt64: Int32],
    _ measurer: SegmentMeasurer
  ) -> Int32 {
    var before = 1
    if boundary >= 2, UTF16.isTrailSurrogate(text[boundary - 1]),
      UTF16.isLeadSurrogate(text[boundary - 2])
    {
      before = 2
    }
    var after = 1
    if end - boundary >= 2, UTF16.isLeadSurrogate(text[boundary]) { after = 2 }
    let a =
      before == 2
      ? UTF16Scalars.pair(text[boundary - 2], text[boundary - 1])
      : UInt32(text[boundary - 1])
    let b =
      after == 2
      ? UTF16Scalars.pair(text[boundary], text[boundary + 1])
      : UInt32(text[boundary])
    // Two regional indicators shaped together are a flag (one glyph), not a kerned pair: a break
    // between two flags has no kerning across it.
    if (0x1F1E6...0x1F1FF).contains(a) && (0x1F1E6...0x1F1FF).contains(b) { return 0 }
    let key = UInt64(direction.rawValue) << 56 | UInt64(a) << 32 | UInt64(b)
    if let kern = cache[key] { return kern }
    let pair = measurer.advance(text + boundary - before, count: before + after)
    let first = measurer.advance(text + boundary - before, count: before)
    let second = measurer.advance(text + boundary, count: after)
    let kern = Int32(clamping: pair - first - second)
    cache[key] = kern
    return kern
  }
}

/// Whether UTF-16 offsets fall between two `Character`s (grapheme clusters), asked in ascending
/// order: linear in the text in all, however long its clusters or runs of regional indicators
/// (asking the string at each offset looks back to a cluster's start each time).
struct CharacterBoundaries {
  private let string: String
  /// A `Character` boundary at or before every offset asked so far, and its UTF-16 offset.
  private var index: String.Index
  private var offset = 0
  /// Units scanned back and `Character`s stepped over so far (a work count).
  private(set) var steps = 0

  init(_ string: String) {
    self.string = string
    index = string.startIndex
  }

  /// True when `target` (0 < target < the text's length, not less than any earlier target) falls
  /// between two `Character`s of the text whose UTF-16 units are `units`.
  mutating func isBoundary(_ target: Int, in units: UnsafeBufferPointer<UInt16>) -> Bool {
    if target <= offset { return target == offset }
    // Restart at the last offset after `offset` that is plainly a boundary: between two units
    // below U+0300 (no grapheme rule joins those but CR LF).
    var restart = target
    while restart > offset && !Self.isPlainBoundary(restart, units) { restart -= 1 }
    steps += target - restart + 1
    if restart > offset {
      index = string.utf16.index(index, offsetBy: restart - offset)
      offset = restart
    }
    while offset < target {
      let next = string.index(after: index)
      offset += string.utf16.distance(from: index, to: next)
      index = next
      steps += 1
    }
    return offset == target
  }

  /// Whether two adjacent UTF-16 units certainly have a grapheme-cluster boundary between them
  /// without asking the string (UAX #29): the second is Latin-1, Latin Extended, IPA or spacing
  /// modifier (U+0020–U+02FF) or general punctuation (U+2010–U+2027, U+2030–U+205E) — never
  /// Extend, ZWJ, SpacingMark, Hangul, a regional indicator or an Indic consonant — and the first
  /// is no surrogate, no ZWJ (an emoji ZWJ sequence joins `‼`) and outside U+0600–U+0DFF (where
  /// the Prepend characters are). The novel's curly quotes and dashes take this path.
  @inline(__always)
  static func isPlainBoundary(_ a: UInt16, _ b: UInt16) -> Bool {
    guard (0x20...0x2FF).contains(b) || (0x2010...0x2027).contains(b) || (0x2030...0x205E).contains(b)
    else { return false }
    return a != 0x200D && !(0xD800...0xDFFF).contains(a) && !(0x0600...0x0DFF).contains(a)
  }

  @inline(__always)
  private static func isPlainBoundary(_ i: Int, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
    units[i - 1] < 0x300 && units[i] < 0x300 && !(units[i - 1] == 0x0D && units[i] == 0x0A)
  }
}

/// Measures runs with the main font, taking advances for its missing glyphs from the fallback
/// fonts (`FontFallback`: each cluster from the first font that covers it, consecutive clusters of
/// one font and script shaped together in that script's direction).
///
/// A run longer than `longestRun` UTF-16 units (a "word" no language has: a long run of letters,
/// spaces glued to punctuation, no-break spaces, combining marks) is shaped in pieces of at most
/// that many units, cut between grapheme clusters (between code points inside a longer cluster).
/// Its widths are the sum of the pieces', without kerning or ligatures across a cut: shaping one
/// run costs HarfBuzz more than linear time on some (a base followed by many marks in DejaVu Sans
/// is quadratic), and so the whole analysis stays linear in the text.
struct SegmentMeasurer {
  let font: Font
  let fallback: FontFallback?
  let shaper: HarfBuzzShaper
  /// The direction every run is shaped in (its bidi level's), or nil: each run's own, from its
  /// script (HarfBuzz's guess).
  var direction: hb_direction_t? = nil

  /// The longest run shaped at once, in UTF-16 units.
  static let longestRun = 512

  /// The body and full (body + trailing spaces) widths of a segment's content. With `record`,
  /// appends the body's glyphs to `bodyGlyphs` when they are what shaping the body alone gives
  /// (`recorded`; see `HarfBuzzShaper.splitAdvance`).
  func widths(
    _ units: UnsafePointer<UInt16>, count: Int, bodyLength: Int, record: Bool,
    bodyGlyphs: inout [BodyGlyph]
  ) -> (body: Int, full: Int, recorded: Bool) {
    // Whether the content, shaped at once, has glyphs the font lacks (not asked for long runs).
    var missing = false
    if count <= Self.longestRun {
      let fast = shaper.splitAdvance(
        units, count: count, split: bodyLength, face: font.face, direction: direction, record: record,
        head: &bodyGlyphs)
      guard fast.missing || Self.hasEmojiVariation(units, count: count), fallback != nil else {
        return (fast.head, fast.total, fast.separable)
      }
      missing = true
    }
    // The body alone, as its split points measure it (`TextLayout.bodyGlyphs`); the spaces after
    // it as shaped after it (in the fallback font when the body ends in one, as Pango sets them).
    let body = advance(units, count: bodyLength)
    var spaces = 0
    if bodyLength < count {
      if missing {
        for glyph in glyphAdvances(units, count: count) where glyph.cluster >= bodyLength {
          spaces += glyph.advance
        }
      } else {
        spaces = advance(units + bodyLength, count: count - bodyLength)
      }
    }
    return (body, body + spaces, false)
  }

  /// The total advance of a run (with fallback advances for missing glyphs): the sum of
  /// `glyphAdvances`, without making the glyph array unless a glyph is missing.
  func advance(_ units: UnsafePointer<UInt16>, count: Int) -> Int {
    var sum = 0
    var start = 0
    while start < count {
      let end = count > Self.longestRun ? Self.pieceEnd(units, from: start, count: count) : count
      let (total, missing) = shaper.shape(
        units + start, count: end - start, face: font.face, direction: direction
      ) { n, glyph in
        var total = 0
        var missing = false
        for k in 0..<n {
          let g = glyph(k)
          total += g.advance
          missing = missing || g.isMissing
        }
        return (total, missing)
      }
      if (missing || Self.hasEmojiVariation(units + start, count: end - start)) && fallback != nil {
        sum += pieceGlyphs(units + start, count: end - start).reduce(0) { $0 + $1.advance }
      } else {
        sum += total
      }
      start = end
    }
    return sum
  }

  /// Glyph clusters and advances in font units of the main font, in logical order (clusters
  /// ascending); each run of missing glyphs is shaped with the fallback font (scaled to the main
  /// font's units per em) when the fallback has every glyph of it, and keeps the `.notdef` advances
  /// otherwise. A run longer than `longestRun` is shaped in pieces.
  func glyphAdvances(_ units: UnsafePointer<UInt16>, count: Int) -> [ShapedGlyph] {
    guard count > Self.longestRun else { return pieceGlyphs(units, count: count) }
    var glyphs: [ShapedGlyph] = []
    glyphs.reserveCapacity(count)
    var start = 0
    while start < count {
      let end = Self.pieceEnd(units, from: start, count: count)
      for var glyph in pieceGlyphs(units + start, count: end - start) {
        glyph.cluster += start
        glyphs.append(glyph)
      }
      start = end
    }
    return glyphs
  }

  /// Where the piece of a long run that starts at `start` (a cut made by this function, or 0)
  /// ends: the last grapheme-cluster boundary at most `longestRun` units on, else the last
  /// code-point boundary there.
  static func pieceEnd(_ units: UnsafePointer<UInt16>, from start: Int, count: Int) -> Int {
    let limit = start + longestRun
    guard limit < count else { return count }
    // Between two units below U+0300 is a boundary (but CR LF): the common case, found fast.
    var end = limit
    while end > start
      && !(units[end - 1] < 0x300 && units[end] < 0x300 && !(units[end - 1] == 0x0D && units[end] == 0x0A))
    {
      end -= 1
    }
    if end > start { return end }
    // The last Character start after `start` and at most `limit`; the window runs two units past
    // `limit` so that the code point starting there is whole.
    let window = String(
      decoding: UnsafeBufferPointer(start: units + start, count: min(count, limit + 2) - start),
      as: UTF16.self)
    var offset = 0
    for character in window {
      if offset > 0 { end = start + offset }
      offset += character.utf16.count
      if offset > longestRun { break }
    }
    if end > start { return end }
    // One cluster longer than a piece: cut between code points.
    return UTF16.isTrailSurrogate(units[limit]) ? limit - 1 : limit
  }

  /// The glyphs of one piece (see `glyphAdvances`).
  private func pieceGlyphs(_ units: UnsafePointer<UInt16>, count: Int) -> [ShapedGlyph] {
    var glyphs = shaper.shape(units, count: count, face: font.face, direction: direction) { n, glyph in
      (0..<n).map { glyph($0) }
    }
    guard let fallback else { return glyphs }
    // A character with VS16 (❤️) asks for emoji presentation: it goes to the fallback (a color
    // font) even where the font has the character, as in Pango.
    if fallback.system && Self.hasEmojiVariation(units, count: count) {
      var c = 0
      while c < glyphs.count {
        var e = c + 1
        while e < glyphs.count && glyphs[e].cluster == glyphs[c].cluster { e += 1 }
        let from = glyphs[c].cluster
        let to = e < glyphs.count ? glyphs[e].cluster : count
        if to > from && Self.hasEmojiVariation(units + from, count: to - from) {
          for k in c..<e { glyphs[k].isMissing = true }
        }
        c = e
      }
    }
    guard glyphs.contains(where: { $0.isMissing }) else { return glyphs }
    // A joiner or variation selector after a missing glyph goes with it: the fallback font shapes
    // the whole sequence (👨‍👩‍👧 is one glyph in an emoji font). So do the trailing spaces after
    // one, as Pango sets a space in the font before it (a space after a Hebrew word is DejaVu
    // Sans's) — but not after an emoji, whose run Pango itemises apart.
    let trailing = Self.trailingStart(units, count: count)
    // A cluster with a missing glyph goes to the fallback whole (HarfBuzz makes 👨‍👩‍👧 one cluster
    // of three `.notdef`s and two joiners).
    var c = 0
    while c < glyphs.count {
      var e = c + 1
      while e < glyphs.count && glyphs[e].cluster == glyphs[c].cluster { e += 1 }
      if e - c > 1 && glyphs[c..<e].contains(where: { $0.isMissing }) {
        for k in c..<e { glyphs[k].isMissing = true }
      }
      c = e
    }
    for k in glyphs.indices.dropFirst() where glyphs[k - 1].isMissing && !glyphs[k].isMissing {
      let c = glyphs[k].cluster
      if c < count && Self.keepsFont(units, at: c, count: count, trailing: trailing) {
        glyphs[k].isMissing = true
      }
    }
    var next = 0
    while let missing = glyphs.run(from: next, where: { $0.isMissing }) {
      let (i, j) = (missing.lowerBound, missing.upperBound)
      let runEnd = j < glyphs.count ? glyphs[j].cluster : count
      // The run's clusters, grouped by font and script: each group is shaped with its font.
      var groupStart = i
      var groupFont = FontFallback.none
      var groupScript = HB_SCRIPT_COMMON
      var k = i
      while k < j {
        let from = glyphs[k].cluster
        var end = k + 1
        while end < j && glyphs[end].cluster == from { end += 1 }
        let to = end < j ? glyphs[end].cluster : runEnd
        guard to > from else {
          k = end
          continue
        }
        let id =
          groupFont != FontFallback.none && k > i
            && Self.keepsFont(units, at: from, count: count, trailing: trailing)
          ? groupFont : fallback.fontID(for: units + from, count: to - from)
        let script = Self.script(units + from, count: to - from)
        let scriptBreaks =
          !FontFallback.isNeutral(script) && !FontFallback.isNeutral(groupScript)
          && script != groupScript
        if k > groupStart && (id != groupFont || scriptBreaks) {
          substitute(&glyphs, groupStart..<k, end: from, units: units, font: groupFont, script: groupScript)
          groupStart = k
          groupScript = HB_SCRIPT_COMMON
        }
        groupFont = id
        if FontFallback.isNeutral(groupScript) { groupScript = script }
        k = end
      }
      if k > groupStart {
        substitute(&glyphs, groupStart..<k, end: runEnd, units: units, font: groupFont, script: groupScript)
      }
      next = j
    }
    return glyphs
  }

  /// Whether a run holds VARIATION SELECTOR-16 (emoji presentation).
  @inline(__always)
  static func hasEmojiVariation(_ units: UnsafePointer<UInt16>, count: Int) -> Bool {
    for k in 0..<count where units[k] == 0xFE0F { return true }
    return false
  }

  /// Where a run's trailing hanging spaces and line terminators start (its count when none).
  static func trailingStart(_ units: UnsafePointer<UInt16>, count: Int) -> Int {
    var k = count
    while k > 0 {
      let u = units[k - 1]
      guard
        TextAnalysis.isHanging(u) || u == 0x0A || u == 0x0D || u == 0x0B || u == 0x0C || u == 0x85
          || u == 0x2028 || u == 0x2029
      else { break }
      k -= 1
    }
    return k
  }

  /// Whether the character at `c` keeps the font of the one before it instead of choosing one:
  /// a default-ignorable code point (joiner, variation selector), or a trailing space of the
  /// run (nothing but hanging spaces and line terminators after it) that does not follow an
  /// emoji.
  /// `trailing` is where the run's trailing spaces and terminators start (`trailingStart`).
  static func keepsFont(_ units: UnsafePointer<UInt16>, at c: Int, count: Int, trailing: Int) -> Bool {
    if FontFallback.isIgnorable(UTF16Scalars.scalar(units, at: c, count: count)) { return true }
    guard c >= trailing else { return false }
    // The code point before, skipping ignorables (at most a few: a long run keeps the space's
    // font decision bounded).
    var k = c
    var steps = 0
    while k > 0 && steps < 8 {
      k -= 1
      if UTF16.isTrailSurrogate(units[k]) && k > 0 && UTF16.isLeadSurrogate(units[k - 1]) { k -= 1 }
      let previous = UTF16Scalars.scalar(units, at: k, count: count)
      if previous == 0xFE0F { return false }  // after an emoji presentation sequence
      if !FontFallback.isIgnorable(previous) { return !FontFallback.isEmoji(previous) }
      steps += 1
    }
    return false
  }

  /// The first script of a cluster that is not Common or Inherited (else Common).
  private static func script(_ units: UnsafePointer<UInt16>, count: Int) -> hb_script_t {
    for (_, c) in UTF16Scalars(units, 0..<count) {
      let script = FontFallback.script(c)
      if !FontFallback.isNeutral(script) { return script }
    }
    return HB_SCRIPT_COMMON
  }

  /// Replaces the advances of the missing glyphs `range` (whose clusters run up to `end`) with
  /// those of the same units shaped with fallback font `id` (none: they keep `.notdef`).
  private func substitute(
    _ glyphs: inout [ShapedGlyph], _ range: Range<Int>, end to: Int, units: UnsafePointer<UInt16>,
    font id: Int32, script: hb_script_t
  ) {
    guard id != FontFallback.none, let fallback, let substituteFont = fallback.font(id) else { return }
    let (i, j) = (range.lowerBound, range.upperBound)
    let from = glyphs[i].cluster
    guard to > from else { return }
    let substitutes = shaper.shape(
      units + from, count: to - from, face: substituteFont.face,
      script: FontFallback.isNeutral(script) ? nil : script, direction: direction
    ) { n, glyph in (0..<n).map { glyph($0) } }
    // Each fallback advance goes to the missing glyph of its cluster (so the width before every
    // cluster is right), scaled and rounded as running sums: the run's total is its fallback
    // total rounded once.
    let scale = Double(font.unitsPerEm) / Double(substituteFont.unitsPerEm)
    for k in i..<j { glyphs[k].advance = 0 }
    var target = i
    var sum = 0
    var assigned = 0
    for substitute in substitutes {
      while target + 1 < j && glyphs[target + 1].cluster <= from + substitute.cluster {
        target += 1
      }
      sum += substitute.advance
      let scaled = Int((Double(sum) * scale).rounded())
      glyphs[target].advance += scaled - assigned
      assigned = scaled
    }
  }
}
