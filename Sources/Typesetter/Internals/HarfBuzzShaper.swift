import CHarfBuzz

/// One shaped glyph: the UTF-16 index (in the shaped run) its cluster starts at, its advance in
/// font units, and whether it is the font's `.notdef` (a missing glyph).
struct ShapedGlyph {
  var cluster: Int
  var advance: Int
  var isMissing: Bool
}

/// A reusable HarfBuzz buffer that shapes UTF-16 runs with one font (not thread-safe).
final class HarfBuzzShaper {
  private let hb = HarfBuzz.loaded
  private let buffer: OpaquePointer
  /// UTF-16 units shaped so far, and the most in one run: work counts that show the analysis
  /// linear (HarfBuzz's own cost per run is bounded once runs are; see `SegmentMeasurer`).
  private(set) var unitsShaped = 0
  private(set) var longestShaped = 0

  /// This shaper's own `hb_font_t` of each face it has shaped with (see `HarfBuzzFace.makeFont`).
  private var fonts: [UnsafeMutableRawPointer: OpaquePointer] = [:]

  /// Makes an empty shaping buffer (HarfBuzz is loaded: a `Font` exists).
  init() {
    buffer = hb.bufferCreate()!
  }

  /// This shaper's own shape plans, by face and segment properties (see `HarfBuzzFace.makePlan`).
  private var plans: [PlanKey: OpaquePointer] = [:]

  /// A face and the segment properties a plan is made for.
  private struct PlanKey: Hashable {
    var face: UnsafeMutableRawPointer
    var direction: UInt32
    var script: UInt32
    var language: UnsafeRawPointer?
  }

  deinit {
    hb.bufferDestroy(buffer)
    for plan in plans.values { hb.shapePlanDestroy(plan) }
    for font in fonts.values { hb.fontDestroy(font) }
  }

  /// Shapes the buffer (its segment properties set) with `face`: `hb_shape` with this shaper's
  /// own font and plan.
  private func shapeBuffer(_ face: HarfBuzzFace) {
    var properties = hb_segment_properties_t()
    hb.bufferGetSegmentProperties(buffer, &properties)
    let key = PlanKey(
      face: face.faceID, direction: properties.direction.rawValue, script: properties.script.rawValue,
      language: properties.language.map { UnsafeRawPointer($0) })
    if plans[key] == nil { plans[key] = face.makePlan(properties) }
    let font = font(face)
    guard let plan = plans[key], hb.shapePlanExecute(plan, font, buffer, nil, 0) != 0 else {
      hb.shape(font, buffer, nil, 0)
      return
    }
  }

  /// The font this shaper shapes `face` with (the face's shared one if HarfBuzz cannot make one).
  private func font(_ face: HarfBuzzFace) -> OpaquePointer {
    if let font = fonts[face.faceID] { return font }
    guard let font = face.makeFont() else { return face.font }
    fonts[face.faceID] = font
    return font
  }

  /// Adds another shaper's work counts to this one's (its runs count as shaped here).
  func addWork(of other: HarfBuzzShaper) {
    unitsShaped += other.unitsShaped
    longestShaped = max(longestShaped, other.longestShaped)
  }

  /// Shapes `count` UTF-16 units into the buffer (script and direction guessed, default features)
  /// and returns its glyph infos and positions, valid until the next shaping.
  /// With `script`, the run is shaped in that script and its horizontal direction; with
  /// `direction`, in that direction (a bidi level's, which overrides the script's).
  private func run(
    _ units: UnsafePointer<UInt16>, count: Int, face: HarfBuzzFace, script: hb_script_t? = nil,
    direction: hb_direction_t? = nil
  ) -> (
    UnsafeMutablePointer<hb_glyph_info_t>, UnsafeMutablePointer<hb_glyph_position_t>, UInt32
  ) {
    unitsShaped += count
    longestShaped = max(longestShaped, count)
    hb.bufferClearContents(buffer)
    hb.bufferAddUTF16(buffer, units, Int32(count), 0, Int32(count))
    if let script {
      hb.bufferSetScript(buffer, script)
      let direction = hb.scriptGetHorizontalDirection(script)
      hb.bufferSetDirection(buffer, direction == HB_DIRECTION_RTL ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    }
    if let direction { hb.bufferSetDirection(buffer, direction) }
    hb.bufferGuessSegmentProperties(buffer)
    shapeBuffer(face)
    var length: UInt32 = 0
    let infos = hb.bufferGetGlyphInfos(buffer, &length)!
    let positions = hb.bufferGetGlyphPositions(buffer, &length)!
    return (infos, positions, length)
  }

  /// Shapes `count` UTF-16 units at `units` with `face` (script and direction guessed, default
  /// features, or `script` and `direction` as given) and passes the glyphs to `body` in logical
  /// order: clusters ascending, also for a right-to-left run (which HarfBuzz gives in visual
  /// order).
  func shape<R>(
    _ units: UnsafePointer<UInt16>, count: Int, face: HarfBuzzFace, script: hb_script_t? = nil,
    direction: hb_direction_t? = nil, _ body: (_ count: Int, _ glyphAt: (Int) -> ShapedGlyph) -> R
  ) -> R {
    let (infos, positions, length) = run(
      units, count: count, face: face, script: script, direction: direction)
    let direction = hb.bufferGetDirection(buffer)
    let last = Int(length) - 1
    let backward = direction == HB_DIRECTION_RTL || direction == HB_DIRECTION_BTT
    return body(Int(length)) { logical in
      let index = backward ? last - logical : logical
      return ShapedGlyph(
        cluster: Int(infos[index].cluster), advance: Int(positions[index].x_advance),
        isMissing: infos[index].codepoint == 0)
    }
  }

  /// The total advance of a run in font units (missing glyphs count their `.notdef` advance).
  func advance(
    _ units: UnsafePointer<UInt16>, count: Int, face: HarfBuzzFace, direction: hb_direction_t? = nil
  ) -> Int {
    shape(units, count: count, face: face, direction: direction) { n, glyph in
      var sum = 0
      for i in 0..<n { sum += glyph(i).advance }
      return sum
    }
  }

  /// Sums the advances of one run split at `split` (UTF-16 index): the advance of the glyphs whose
  /// cluster starts before it and the total, plus whether any glyph is missing.
  ///
  /// With `record`, when the run is shaped left to right, no glyph is missing and shaping the
  /// units before `split` alone gives exactly the glyphs whose cluster starts before it (nothing
  /// follows the split, or HarfBuzz's unsafe-to-break flag is clear on the first glyph after it),
  /// those glyphs' clusters and advances are appended to `head` and `separable` is true.
  func splitAdvance(
    _ units: UnsafePointer<UInt16>, count: Int, split: Int, face: HarfBuzzFace,
    direction: hb_direction_t? = nil, record: Bool, head headGlyphs: inout [BodyGlyph]
  ) -> (head: Int, total: Int, missing: Bool, separable: Bool) {
    let (infos, positions, length) = run(units, count: count, face: face, direction: direction)
    var head = 0
    var total = 0
    var missing = false
    var headCount = 0  // glyphs before the first one whose cluster starts at or after the split
    var ordered = true  // no glyph of the head follows a glyph of the tail
    for i in 0..<Int(length) {
      let advance = Int(positions[i].x_advance)
      total += advance
      if Int(infos[i].cluster) < split {
        head += advance
        if headCount == i { headCount += 1 } else { ordered = false }
      }
      if infos[i].codepoint == 0 { missing = true }
    }
    guard record, !missing, ordered, hb.bufferGetDirection(buffer) == HB_DIRECTION_LTR else {
      return (head, total, missing, false)
    }
    let safe =
      headCount < Int(length)
      ? infos[headCount].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue == 0 : split == count
    guard safe else { return (head, total, missing, false) }
    for i in 0..<headCount {
      headGlyphs.append(
        BodyGlyph(
          cluster: Int32(infos[i].cluster), advance: Int32(clamping: positions[i].x_advance)))
    }
    return (head, total, missing, true)
  }
}

/// A glyph of a segment's body as shaped in the segment: its cluster (UTF-16 index) and advance.
struct BodyGlyph {
  var cluster: Int32
  var advance: Int32
}
