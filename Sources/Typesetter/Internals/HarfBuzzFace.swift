import CHarfBuzz

/// A HarfBuzz blob, face and font for one font file, at the face's own scale (font units).
///
/// HarfBuzz fonts are immutable once made and may be shaped with from several threads.
final class HarfBuzzFace: @unchecked Sendable {
  private let blob: OpaquePointer
  private let face: OpaquePointer
  /// The `hb_font_t`, scaled to units per em (HarfBuzz's default), so advances are font units.
  let font: OpaquePointer
  /// The face's units per em.
  let unitsPerEm: Int

  /// Loads the first face of a font file; nil when the file is missing or holds no glyphs.
  init?(path: String) {
    guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
    guard let face = hb_face_create(blob, 0), hb_face_get_glyph_count(face) > 0 else {
      hb_blob_destroy(blob)
      return nil
    }
    guard let font = hb_font_create(face) else {
      hb_face_destroy(face)
      hb_blob_destroy(blob)
      return nil
    }
    hb_font_make_immutable(font)
    self.blob = blob
    self.face = face
    self.font = font
    self.unitsPerEm = Int(hb_face_get_upem(face))
  }

  /// True when the font maps the scalar to a glyph.
  func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 && glyph != 0
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
    hb_blob_destroy(blob)
  }
}
