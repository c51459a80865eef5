/// One text, analysed once (breaks, hyphen points, shaped advances in font units), paginated many
/// times.
///
/// The analysis is independent of the page size and the text size: UAX #14 break opportunities
/// (libunibreak), segments between them shaped once per distinct segment with HarfBuzz at the
/// font's own scale, kerning across segment boundaries, and (on first use) grapheme-cluster and
/// libhyphen split points per distinct word. `paginate` is then arithmetic over cached widths.
/// Use one instance from one thread at a time.
///
/// Any text lays out, in time and memory linear in its length. Limits that keep it so: a segment
/// longer than `SegmentMeasurer.longestRun` (512) UTF-16 units is shaped in pieces cut between
/// grapheme clusters, without kerning or ligatures across a cut; a run of letters longer than
/// 4,095 UTF-8 bytes is not hyphenated; a word wider than the line is broken between grapheme
/// clusters (never inside one, so a line holding a single cluster wider than the page is the one
/// line that can be wider than its page; see `Line.width`).
public final class TextLayout {
  /// The text as UTF-16 code units (offsets everywhere are into this, like `NSRange`).
  let units: [UInt16]
  let font: Font
  /// Fonts for glyphs `font` lacks (nil: none, their `.notdef` advances count).
  let fallback: FontFallback?
  let hyphenator: Hyphenator?
  /// Every segment in text order; the last one of the text ends a paragraph.
  let segments: [Segment]
  /// Distinct segments with their widths and lazily computed split points.
  var words: WordTable
  /// Hyphenation points and the advances before them per distinct segment, computed on first use.
  var hyphens: HyphenTable
  /// The advance of the text set on one line (font units) and the number of paragraph and forced
  /// line ends: an estimate of the line count at a width, to size the line arrays once.
  let totalWidth: Int
  let forcedBreaks: Int
  /// The advance of the visible hyphen (U+2010, else `-`) in font units.
  let hyphenAdvance: Int
  let shaper: HarfBuzzShaper
  /// Glyph advances per distinct segment, shaped on first use (for breaking ties like Pango).
  var glyphCache: [Int32: (advances: [Int32], bodyCount: Int)] = [:]
  /// Paragraph directions and embedding levels (UAX #9, FriBidi).
  let bidi: BidiLevels
  /// Steps the analysis took to find grapheme-cluster boundaries (see `work`).
  let boundarySteps: Int
  /// Cluster boundaries looked at by the line loops so far (see `work`).
  var clusterSteps = 0

  /// Analyses `text`: breaks, segments and their shaped widths. Glyphs `font` lacks take their
  /// advances from `fallback` when it has them, else (with `systemFallback`) from the first font of
  /// fontconfig's sort for `font`'s family that covers them, as Pango does; else the `.notdef`
  /// advance counts. Without `hyphenator` there is no hyphenation.
  public convenience init(
    text: String, font: Font, fallback: Font?, systemFallback: Bool = true, hyphenator: Hyphenator?
  ) {
    self.init(
      text: text, font: font, fallback: fallback, systemFallback: systemFallback, hyphenator: hyphenator,
      workers: nil)
  }

  /// As the public initialiser, with `workers` threads shaping the distinct segments (nil: 2 for
  /// a text of 16,384 UTF-16 units or more on a machine with 2 processors, else 1).
  init(
    text: String, font: Font, fallback: Font?, systemFallback: Bool, hyphenator: Hyphenator?,
    workers: Int?
  ) {
    let shaper = HarfBuzzShaper()
    let units = Self.utf16Units(of: text)
    let fallback =
      fallback != nil || systemFallback
      ? FontFallback(primary: font, first: fallback, system: systemFallback) : nil
    // Levels first: each segment is shaped in its level's direction.
    let bidi = BidiLevels(units: units, paragraphEnds: BidiLevels.paragraphEnds(of: units))
    let analysis = TextAnalysis(
      text: text, units: units, levels: bidi.levels, font: font, fallback: fallback, shaper: shaper,
      workers: workers)
    self.units = units
    self.font = font
    self.fallback = fallback
    self.hyphenator = hyphenator
    self.shaper = shaper
    var segments = analysis.segments
    self.words = analysis.words
    self.hyphens = HyphenTable(wordCount: analysis.words.count)
    self.totalWidth = analysis.totalWidth
    self.forcedBreaks = analysis.forcedBreaks
    self.boundarySteps = analysis.boundarySteps
    self.bidi = bidi
    if !bidi.levels.isEmpty && fallback != nil {
      Self.separateSpacesAtLevelChanges(&segments, units: units, levels: bidi.levels, font: font, shaper: shaper)
    }
    self.segments = segments
    let hyphen: [UInt16] = font.face.hasGlyph("\u{2010}") ? [0x2010] : [0x2D]
    self.hyphenAdvance = hyphen.withUnsafeBufferPointer {
      shaper.advance($0.baseAddress!, count: 1, face: font.face)
    }
  }

  /// The trailing spaces of a segment whose level differs from its body's end (a space between a
  /// Hebrew word and an English one in an English paragraph) start a new bidi run, so Pango sets
  /// them in the font, not in the body's fallback font: their width is the font's there.
  static func separateSpacesAtLevelChanges(
    _ segments: inout [Segment], units: [UInt16], levels: [UInt8], font: Font, shaper: HarfBuzzShaper
  ) {
    units.withUnsafeBufferPointer { text in
      for i in segments.indices {
        let s = segments[i]
        let bodyEnd = Int(s.start + s.bodyLength)
        guard s.bodyLength > 0, bodyEnd < Int(s.end),
          TextAnalysis.isHanging(text[bodyEnd]), levels[bodyEnd - 1] != levels[bodyEnd],
          text[bodyEnd - 1] >= 0x300
        else { continue }
        var end = bodyEnd
        while end < Int(s.end) && TextAnalysis.isHanging(text[end]) { end += 1 }
        let spaces = shaper.advance(text.baseAddress! + bodyEnd, count: end - bodyEnd, face: font.face)
        segments[i].fullWidth = s.bodyWidth + Int32(clamping: spaces)
      }
    }
  }

  /// The text's UTF-16 code units (`Array(text.utf16)`), transcoded straight from its UTF-8
  /// storage (a Swift string's UTF-8 is always valid).
  static func utf16Units(of text: String) -> [UInt16] {
    let units = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16] in
      let n = bytes.count
      // The exact unit count (one per scalar, two for four-byte scalars), so the array is
      // allocated once at its size.
      var count = 0
      for b in bytes { count += b & 0xC0 != 0x80 ? (b >= 0xF0 ? 2 : 1) : 0 }
      return [UInt16](unsafeUninitializedCapacity: count) { out, initialized in
        var i = 0
        var o = 0
        while i < n {
          let b = bytes[i]
          if b < 0x80 {
            out[o] = UInt16(b)
            i += 1
            o += 1
          } else if b < 0xE0 {
            out[o] = UInt16(b & 0x1F) << 6 | UInt16(bytes[i + 1] & 0x3F)
            i += 2
            o += 1
          } else if b < 0xF0 {
            out[o] =
              UInt16(b & 0x0F) << 12 | UInt16(bytes[i + 1] & 0x3F) << 6
              | UInt16(bytes[i + 2] & 0x3F)
            i += 3
            o += 1
          } else {
            let scalar =
              UInt32(b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
              | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
            let v = scalar - 0x10000
            out[o] = UInt16(0xD800 + (v >> 10))
            out[o + 1] = UInt16(0xDC00 + (v & 0x3FF))
            i += 4
            o += 2
          }
        }
        initialized = o
      }
    }
    return units ?? Array(text.utf16)
  }

  /// Work counts, for tests that the layout is linear in its text whatever the text: UTF-16 units
  /// shaped and the longest run shaped at once, grapheme-boundary steps of the analysis, and
  /// cluster boundaries the line loops looked at.
  var work: (unitsShaped: Int, longestShaped: Int, boundarySteps: Int, clusterSteps: Int) {
    (shaper.unitsShaped, shaper.longestShaped, boundarySteps, clusterSteps)
  }

  /// The files of the fonts fontconfig supplied for glyphs neither the font nor the explicit
  /// fallback has, in the order first used (empty when none was needed).
  public var systemFallbackFonts: [String] { fallback?.usedPaths ?? [] }

  /// The text's base direction: that of its first paragraph with a strong character (UAX #9 P2–P3,
  /// as FriBidi finds it); left to right when no paragraph has one. The reader orders pages by it.
  public var baseDirection: TextDirection {
    let first = bidi.paragraphRightToLeft.first { $0 != nil } ?? nil
    return first == true ? .rightToLeft : .leftToRight
  }

  /// The direction of the paragraph holding a UTF-16 offset (from its first strong character;
  /// left to right when it has none).
  public func paragraphDirection(at offset: Int) -> TextDirection {
    guard !bidi.paragraphStarts.isEmpty else { return .leftToRight }
    return bidi.paragraphRightToLeft[bidi.paragraph(at: offset)] == true ? .rightToLeft : .leftToRight
  }

  /// The UAX #9 embedding level of the UTF-16 unit at `offset` (even: left to right, odd: right
  /// to left; 0 outside the text).
  public func embeddingLevel(at offset: Int) -> Int {
    guard offset >= 0 && offset < units.count, !bidi.levels.isEmpty else { return 0 }
    return Int(bidi.levels[offset])
  }

  /// The length of the text in UTF-16 code units.
  public var utf16Count: Int { units.count }

  /// The number of segments (text between break opportunities) found by the analysis.
  public var segmentCount: Int { segments.count }

  /// The number of distinct segments, each shaped once.
  public var distinctSegmentCount: Int { words.count }

  /// The text of a UTF-16 range (clamped to the text; a split surrogate pair becomes U+FFFD).
  public func text(in range: Range<Int>) -> String {
    let lower = min(max(0, range.lowerBound), units.count)
    let upper = min(max(lower, range.upperBound), units.count)
    return units.withUnsafeBufferPointer { Self.string(utf16: UnsafeBufferPointer(rebasing: $0[lower..<upper])) }
  }

  /// The string of UTF-16 units, transcoded straight to UTF-8: `String(decoding: units, as:
  /// UTF16.self)`, each unpaired surrogate a U+FFFD as there, in a fortieth of its instructions
  /// (that initialiser takes its generic path for UTF-16: 47,000 instructions for a page's first
  /// 60 units).
  static func string(utf16 units: UnsafeBufferPointer<UInt16>) -> String {
    String(
      unsafeUninitializedCapacity: units.count * 3,
      initializingUTF8With: { out in
        var o = 0
        var i = 0
        while i < units.count {
          let u = units[i]
          var scalar = UInt32(u)
          i += 1
          if UTF16.isLeadSurrogate(u), i < units.count, UTF16.isTrailSurrogate(units[i]) {
            scalar = UTF16Scalars.pair(u, units[i])
            i += 1
          } else if UTF16.isLeadSurrogate(u) || UTF16.isTrailSurrogate(u) {
            scalar = 0xFFFD
          }
          if scalar < 0x80 {
            out[o] = UInt8(scalar)
            o += 1
          } else if scalar < 0x800 {
            out[o] = UInt8(0xC0 | scalar >> 6)
            out[o + 1] = UInt8(0x80 | scalar & 0x3F)
            o += 2
          } else if scalar < 0x10000 {
            out[o] = UInt8(0xE0 | scalar >> 12)
            out[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[o + 2] = UInt8(0x80 | scalar & 0x3F)
            o += 3
          } else {
            out[o] = UInt8(0xF0 | scalar >> 18)
            out[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[o + 3] = UInt8(0x80 | scalar & 0x3F)
            o += 4
          }
        }
        return o
      })
  }
}
