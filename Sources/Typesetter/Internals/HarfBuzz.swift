import CHarfBuzz
import Platform

/// The HarfBuzz functions the typesetter calls, looked up in `libharfbuzz.so.0` (Debian's
/// libharfbuzz0b) when the first `Font` is loaded; `hb.h` declares each one as named in its
/// comment. Commands that lay out no text never map HarfBuzz (nor FreeType and GLib under it).
struct HarfBuzz: LibraryFunctions, @unchecked Sendable {
  /// `hb_blob_create_from_file_or_fail`
  let blobCreateFromFileOrFail: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
  /// `hb_blob_destroy`
  let blobDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `hb_face_create`
  let faceCreate: @convention(c) (OpaquePointer?, UInt32) -> OpaquePointer?
  /// `hb_face_destroy`
  let faceDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `hb_face_get_glyph_count`
  let faceGetGlyphCount: @convention(c) (OpaquePointer?) -> UInt32
  /// `hb_face_get_upem`
  let faceGetUpem: @convention(c) (OpaquePointer?) -> UInt32
  /// `hb_font_create`
  let fontCreate: @convention(c) (OpaquePointer?) -> OpaquePointer?
  /// `hb_font_destroy`
  let fontDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `hb_font_make_immutable`
  let fontMakeImmutable: @convention(c) (OpaquePointer?) -> Void
  /// `hb_font_get_nominal_glyph`
  let fontGetNominalGlyph:
    @convention(c) (OpaquePointer?, hb_codepoint_t, UnsafeMutablePointer<hb_codepoint_t>?) -> hb_bool_t
  /// `hb_language_from_string`
  let languageFromString: @convention(c) (UnsafePointer<CChar>?, Int32) -> hb_language_t?
  /// `hb_ot_name_get_utf8`
  let otNameGetUTF8:
    @convention(c) (
      OpaquePointer?, hb_ot_name_id_t, hb_language_t?, UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<CChar>?
    ) -> UInt32
  /// `hb_buffer_create`
  let bufferCreate: @convention(c) () -> OpaquePointer?
  /// `hb_buffer_destroy`
  let bufferDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `hb_buffer_clear_contents`
  let bufferClearContents: @convention(c) (OpaquePointer?) -> Void
  /// `hb_buffer_add_utf16`
  let bufferAddUTF16: @convention(c) (OpaquePointer?, UnsafePointer<UInt16>?, Int32, UInt32, Int32) -> Void
  /// `hb_buffer_set_script`
  let bufferSetScript: @convention(c) (OpaquePointer?, hb_script_t) -> Void
  /// `hb_buffer_set_direction`
  let bufferSetDirection: @convention(c) (OpaquePointer?, hb_direction_t) -> Void
  /// `hb_buffer_get_direction`
  let bufferGetDirection: @convention(c) (OpaquePointer?) -> hb_direction_t
  /// `hb_buffer_guess_segment_properties`
  let bufferGuessSegmentProperties: @convention(c) (OpaquePointer?) -> Void
  /// `hb_buffer_get_segment_properties`
  let bufferGetSegmentProperties:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<hb_segment_properties_t>?) -> Void
  /// `hb_buffer_get_glyph_infos`
  let bufferGetGlyphInfos:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_info_t>?
  /// `hb_buffer_get_glyph_positions`
  let bufferGetGlyphPositions:
    @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutablePointer<hb_glyph_position_t>?
  /// `hb_shape`
  let shape: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> Void
  /// `hb_shape_plan_create`
  let shapePlanCreate:
    @convention(c) (
      OpaquePointer?, UnsafePointer<hb_segment_properties_t>?, UnsafePointer<hb_feature_t>?, UInt32,
      UnsafePointer<UnsafePointer<CChar>?>?
    ) -> OpaquePointer?
  /// `hb_shape_plan_destroy`
  let shapePlanDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `hb_shape_plan_execute`
  let shapePlanExecute:
    @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<hb_feature_t>?, UInt32) -> hb_bool_t
  /// `hb_script_get_horizontal_direction`
  let scriptGetHorizontalDirection: @convention(c) (hb_script_t) -> hb_direction_t
  /// `hb_unicode_funcs_get_default`
  let unicodeFuncsGetDefault: @convention(c) () -> OpaquePointer?
  /// `hb_unicode_script`
  let unicodeScript: @convention(c) (OpaquePointer?, hb_codepoint_t) -> hb_script_t

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    blobCreateFromFileOrFail = try library.function("hb_blob_create_from_file_or_fail")
    blobDestroy = try library.function("hb_blob_destroy")
    faceCreate = try library.function("hb_face_create")
    faceDestroy = try library.function("hb_face_destroy")
    faceGetGlyphCount = try library.function("hb_face_get_glyph_count")
    faceGetUpem = try library.function("hb_face_get_upem")
    fontCreate = try library.function("hb_font_create")
    fontDestroy = try library.function("hb_font_destroy")
    fontMakeImmutable = try library.function("hb_font_make_immutable")
    fontGetNominalGlyph = try library.function("hb_font_get_nominal_glyph")
    languageFromString = try library.function("hb_language_from_string")
    otNameGetUTF8 = try library.function("hb_ot_name_get_utf8")
    bufferCreate = try library.function("hb_buffer_create")
    bufferDestroy = try library.function("hb_buffer_destroy")
    bufferClearContents = try library.function("hb_buffer_clear_contents")
    bufferAddUTF16 = try library.function("hb_buffer_add_utf16")
    bufferSetScript = try library.function("hb_buffer_set_script")
    bufferSetDirection = try library.function("hb_buffer_set_direction")
    bufferGetDirection = try library.function("hb_buffer_get_direction")
    bufferGuessSegmentProperties = try library.function("hb_buffer_guess_segment_properties")
    bufferGetSegmentProperties = try library.function("hb_buffer_get_segment_properties")
    bufferGetGlyphInfos = try library.function("hb_buffer_get_glyph_infos")
    bufferGetGlyphPositions = try library.function("hb_buffer_get_glyph_positions")
    shape = try library.function("hb_shape")
    shapePlanCreate = try library.function("hb_shape_plan_create")
    shapePlanDestroy = try library.function("hb_shape_plan_destroy")
    shapePlanExecute = try library.function("hb_shape_plan_execute")
    scriptGetHorizontalDirection = try library.function("hb_script_get_horizontal_direction")
    unicodeFuncsGetDefault = try library.function("hb_unicode_funcs_get_default")
    unicodeScript = try library.function("hb_unicode_script")
  }

  /// The one lookup, made on first use (a `static let` is initialised once, thread-safely).
  static let shared = Result { () throws(LibraryUnavailable) in
    try HarfBuzz(DynamicLibrary.open("libharfbuzz.so.0", package: "libharfbuzz0b"))
  }
}
