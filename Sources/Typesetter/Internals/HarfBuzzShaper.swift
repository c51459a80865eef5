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
  private let buffer: OpaquePointer

  /// Makes an empty shaping buffer.
  init() {
    buffer = hb_buffer_create()
  }

  deinit { hb_buffer_destroy(buffer) }

  /// Shapes `count` UTF-16 units at `units` with `face` (script and direction guessed, default
  /// features) and passes the glyphs to `body` in logical order.
  func shape<R>(
    _ units: UnsafePointer<UInt16>, count: Int, face: HarfBuzzFace,
    _ body: (_ count: Int, _ glyphAt: (Int) -> ShapedGlyph) -> R
  ) -> R {
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, units, Int32(count), 0, Int32(count))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(face.font, buffer, nil, 0)
    var length: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &length)!
    let positions = hb_buffer_get_glyph_positions(buffer, &length)!
    return body(Int(length)) { index in
      ShapedGlyph(
        cluster: Int(infos[index].cluster), advance: Int(positions[index].x_advance),
        isMissing: infos[index].codepoint == 0)
    }
  }

  /// The total advance of a run in font units (missing glyphs count their `.notdef` advance).
  func advance(_ units: UnsafePointer<UInt16>, count: Int, face: HarfBuzzFace) -> Int {
    shape(units, count: count, face: face) { n, glyph in
      var sum = 0
      for i in 0..<n { sum += glyph(i).advance }
      return sum
    }
  }

  /// Sums the advances of one run split at `split` (UTF-16 index): the advance of the glyphs whose
  /// cluster starts before it and the total, plus whether any glyph is missing.
  func splitAdvance(
    _ units: UnsafePointer<UInt16>, count: Int, split: Int, face: HarfBuzzFace
  ) -> (head: Int, total: Int, missing: Bool) {
    hb_buffer_clear_contents(buffer)
    hb_buffer_add_utf16(buffer, units, Int32(count), 0, Int32(count))
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(face.font, buffer, nil, 0)
    var length: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &length)!
    let positions = hb_buffer_get_glyph_positions(buffer, &length)!
    var head = 0
    var total = 0
    var missing = false
    for i in 0..<Int(length) {
      let advance = Int(positions[i].x_advance)
      total += advance
      if Int(infos[i].cluster) < split { head += advance }
      if infos[i].codepoint == 0 { missing = true }
    }
    return (head, total, missing)
  }
}
