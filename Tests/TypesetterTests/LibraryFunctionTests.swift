import CFontconfig
import CFribidi
import CHarfBuzz
import CHyphen
import CUnibreak
import TestSupport
import Testing

@testable import Typesetter

/// Every function the typesetter looks up at run time is the library's function of that name,
/// with the type its header declares: each table entry is compared with the function this
/// test binary links (`Package.swift` links the libraries into the tests only), and the
/// comparison compiles only when the entry's type is the header's.
@Suite struct LibraryFunctionTests {
  @Test func harfBuzz() throws {
    let hb = try HarfBuzz.load()
    var wrong = LinkedFunctions()
    wrong.check("hb_blob_create_from_file_or_fail", hb.blobCreateFromFileOrFail, hb_blob_create_from_file_or_fail)
    wrong.check("hb_blob_destroy", hb.blobDestroy, hb_blob_destroy)
    wrong.check("hb_face_create", hb.faceCreate, hb_face_create)
    wrong.check("hb_face_destroy", hb.faceDestroy, hb_face_destroy)
    wrong.check("hb_face_get_glyph_count", hb.faceGetGlyphCount, hb_face_get_glyph_count)
    wrong.check("hb_face_get_upem", hb.faceGetUpem, hb_face_get_upem)
    wrong.check("hb_font_create", hb.fontCreate, hb_font_create)
    wrong.check("hb_font_destroy", hb.fontDestroy, hb_font_destroy)
    wrong.check("hb_font_make_immutable", hb.fontMakeImmutable, hb_font_make_immutable)
    wrong.check("hb_font_get_nominal_glyph", hb.fontGetNominalGlyph, hb_font_get_nominal_glyph)
    wrong.check("hb_language_from_string", hb.languageFromString, hb_language_from_string)
    wrong.check("hb_ot_name_get_utf8", hb.otNameGetUTF8, hb_ot_name_get_utf8)
    wrong.check("hb_buffer_create", hb.bufferCreate, hb_buffer_create)
    wrong.check("hb_buffer_destroy", hb.bufferDestroy, hb_buffer_destroy)
    wrong.check("hb_buffer_clear_contents", hb.bufferClearContents, hb_buffer_clear_contents)
    wrong.check("hb_buffer_add_utf16", hb.bufferAddUTF16, hb_buffer_add_utf16)
    wrong.check("hb_buffer_set_script", hb.bufferSetScript, hb_buffer_set_script)
    wrong.check("hb_buffer_set_direction", hb.bufferSetDirection, hb_buffer_set_direction)
    wrong.check("hb_buffer_get_direction", hb.bufferGetDirection, hb_buffer_get_direction)
    wrong.check(
      "hb_buffer_guess_segment_properties", hb.bufferGuessSegmentProperties, hb_buffer_guess_segment_properties)
    wrong.check("hb_buffer_get_segment_properties", hb.bufferGetSegmentProperties, hb_buffer_get_segment_properties)
    wrong.check("hb_buffer_get_glyph_infos", hb.bufferGetGlyphInfos, hb_buffer_get_glyph_infos)
    wrong.check("hb_buffer_get_glyph_positions", hb.bufferGetGlyphPositions, hb_buffer_get_glyph_positions)
    wrong.check("hb_shape", hb.shape, hb_shape)
    wrong.check("hb_shape_plan_create", hb.shapePlanCreate, hb_shape_plan_create)
    wrong.check("hb_shape_plan_destroy", hb.shapePlanDestroy, hb_shape_plan_destroy)
    wrong.check("hb_shape_plan_execute", hb.shapePlanExecute, hb_shape_plan_execute)
    wrong.check(
      "hb_script_get_horizontal_direction", hb.scriptGetHorizontalDirection, hb_script_get_horizontal_direction)
    wrong.check("hb_unicode_funcs_get_default", hb.unicodeFuncsGetDefault, hb_unicode_funcs_get_default)
    wrong.check("hb_unicode_script", hb.unicodeScript, hb_unicode_script)
    #expect(wrong.names == [])
  }

  @Test func friBidi() throws {
    let fribidi = try FriBidi.load()
    var wrong = LinkedFunctions()
    wrong.check("fribidi_get_bidi_type", fribidi.getBidiType, fribidi_get_bidi_type)
    wrong.check("fribidi_get_bidi_types", fribidi.getBidiTypes, fribidi_get_bidi_types)
    wrong.check("fribidi_get_bracket_types", fribidi.getBracketTypes, fribidi_get_bracket_types)
    wrong.check(
      "fribidi_get_par_embedding_levels_ex", fribidi.getParEmbeddingLevelsEx, fribidi_get_par_embedding_levels_ex)
    #expect(wrong.names == [])
  }

  @Test func unibreak() throws {
    let unibreak = try Unibreak.load()
    var wrong = LinkedFunctions()
    wrong.check("init_linebreak", unibreak.initLinebreak, init_linebreak)
    wrong.check("set_linebreaks_utf16", unibreak.setLinebreaksUTF16, set_linebreaks_utf16)
    #expect(wrong.names == [])
  }

  @Test func fontconfig() throws {
    let fc = try Fontconfig.load()
    var wrong = LinkedFunctions()
    wrong.check("FcConfigGetCurrent", fc.configGetCurrent, FcConfigGetCurrent)
    wrong.check("FcPatternCreate", fc.patternCreate, FcPatternCreate)
    wrong.check("FcPatternDestroy", fc.patternDestroy, FcPatternDestroy)
    wrong.check("FcPatternAddString", fc.patternAddString, FcPatternAddString)
    wrong.check("FcConfigSubstitute", fc.configSubstitute, FcConfigSubstitute)
    wrong.check("FcDefaultSubstitute", fc.defaultSubstitute, FcDefaultSubstitute)
    wrong.check("FcFontSort", fc.fontSort, FcFontSort)
    wrong.check("FcFontSetDestroy", fc.fontSetDestroy, FcFontSetDestroy)
    wrong.check("FcPatternGetString", fc.patternGetString, FcPatternGetString)
    wrong.check("FcPatternGetInteger", fc.patternGetInteger, FcPatternGetInteger)
    wrong.check("FcPatternGetCharSet", fc.patternGetCharSet, FcPatternGetCharSet)
    wrong.check("FcPatternGetBool", fc.patternGetBool, FcPatternGetBool)
    wrong.check("FcCharSetHasChar", fc.charSetHasChar, FcCharSetHasChar)
    #expect(wrong.names == [])
  }

  @Test func hyphen() throws {
    let hyphen = try Hyphen.load()
    var wrong = LinkedFunctions()
    wrong.check("hnj_hyphen_load_file", hyphen.loadFile, hnj_hyphen_load_file)
    wrong.check("hnj_hyphen_free", hyphen.free, hnj_hyphen_free)
    wrong.check("hnj_hyphen_hyphenate3", hyphen.hyphenate3, hnj_hyphen_hyphenate3)
    #expect(wrong.names == [])
  }
}
