import CFribidi
import Platform

/// The GNU FriBidi functions `BidiLevels` calls, looked up in `libfribidi.so.0` (Debian's
/// libfribidi0) when the first `Font` is loaded; `fribidi.h` declares each one as named in its
/// comment.
struct FriBidi: LibraryFunctions, @unchecked Sendable {
  /// `fribidi_get_bidi_type`
  let getBidiType: @convention(c) (FriBidiChar) -> FriBidiCharType
  /// `fribidi_get_bidi_types`
  let getBidiTypes:
    @convention(c) (UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafeMutablePointer<FriBidiCharType>?) -> Void
  /// `fribidi_get_bracket_types`
  let getBracketTypes:
    @convention(c) (
      UnsafePointer<FriBidiChar>?, FriBidiStrIndex, UnsafePointer<FriBidiCharType>?,
      UnsafeMutablePointer<FriBidiBracketType>?
    ) -> Void
  /// `fribidi_get_par_embedding_levels_ex`
  let getParEmbeddingLevelsEx:
    @convention(c) (
      UnsafePointer<FriBidiCharType>?, UnsafePointer<FriBidiBracketType>?, FriBidiStrIndex,
      UnsafeMutablePointer<FriBidiParType>?, UnsafeMutablePointer<FriBidiLevel>?
    ) -> FriBidiLevel

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    getBidiType = try library.function("fribidi_get_bidi_type")
    getBidiTypes = try library.function("fribidi_get_bidi_types")
    getBracketTypes = try library.function("fribidi_get_bracket_types")
    getParEmbeddingLevelsEx = try library.function("fribidi_get_par_embedding_levels_ex")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try FriBidi(DynamicLibrary.open("libfribidi.so.0", package: "libfribidi0"))
  }
}
