import CHarfBuzz

/// A HarfBuzz blob, face and font for one font file, at the face's own scale (font units).
///
/// HarfBuzz fonts are immutable once made and may be shaped with from several threads.
final class HarfBuzzFace: @unchecked Sendable {
  private let hb: HarfBuzz
  private let blob: OpaquePointer
  private let face: OpaquePointer
  /// The `hb_font_t`, scaled to units per em (HarfBuzz's default), so advances are font units.
  let font: OpaquePointer
  /// The face's units per em.
  let unitsPerEm: Int

  /// Loads face `index` of a font file with `hb`; nil when the file is missing or the face holds
  /// no glyphs.
  init?(path: String, index: Int = 0, hb: HarfBuzz) {
    guard let blob = hb.blobCreateFromFileOrFail(path) else { return nil }
    guard let face = hb.faceCreate(blob, UInt32(clamping: index)), hb.faceGetGlyphCount(face) > 0
    else {
      hb.blobDestroy(blob)
      return nil
    }
    guard let font = hb.fontCreate(face) else {
      hb.faceDestroy(face)
      hb.blobDestroy(blob)
      return nil
    }
    hb.fontMakeImmutable(font)
    self.hb = hb
    self.blob = blob
    self.face = face
    self.font = font
    self.unitsPerEm = Int(hb.faceGetUpem(face))
  }

  /// A new `hb_font_t` of this face at the same scale (`hb_font_create`), for one thread's
  /// shaping: HarfBuzz's advance cache lives in the font and is taken by one shaping at a time,
  /// so two threads shaping with one font keep rebuilding it. The caller destroys it.
  ///
  /// `hb_font_create` references the face, so `faceID` names this face for as long as such a
  /// font lives.
  func makeFont() -> OpaquePointer? {
    guard let font = hb.fontCreate(face) else { return nil }
    hb.fontMakeImmutable(font)
    return font
  }

  /// The `hb_face_t`'s address: the face's identity (see `makeFont`).
  var faceID: UnsafeMutableRawPointer { UnsafeMutableRawPointer(face) }

  /// A new shape plan for this face and a buffer's segment properties, default features
  /// (`hb_shape_plan_create`), for one thread's shaping: `hb_shape` takes the face's cached plan
  /// and adds and drops a reference to it on every call, a counter both threads would write. The
  /// caller destroys it.
  func makePlan(_ properties: hb_segment_properties_t) -> OpaquePointer? {
    var properties = properties
    return hb.shapePlanCreate(face, &properties, nil, 0, nil)
  }

  /// True when the font maps the scalar to a glyph.
  func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
    var glyph: hb_codepoint_t = 0
    return hb.fontGetNominalGlyph(font, scalar.value, &glyph) != 0 && glyph != 0
  }

  /// The family name from the font's `name` table (typographic family, else font family; English
  /// if there is an English name); nil when it has none.
  var familyName: String? {
    for id in [hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY), hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY)] {
      for language in [hb.languageFromString("en", -1), nil] {
        var size: UInt32 = 0
        let length = hb.otNameGetUTF8(face, id, language, &size, nil)
        guard length > 0 else { continue }
        var bytes = [CChar](repeating: 0, count: Int(length) + 1)
        size = length + 1
        _ = hb.otNameGetUTF8(face, id, language, &size, &bytes)
        return String(decoding: bytes.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
    return nil
  }

  deinit {
    hb.fontDestroy(font)
    hb.faceDestroy(face)
    hb.blobDestroy(blob)
  }
}
