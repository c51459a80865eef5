import CFontconfig
import Platform

/// The fontconfig functions `FontconfigSort` calls, looked up in `libfontconfig.so.1` (Debian's
/// libfontconfig1) when the first `Font` is loaded; `fontconfig/fontconfig.h` declares each one
/// as named in its comment. Opening the library reads no configuration: fontconfig reads its
/// configuration and caches only when a text first needs a fallback font (`FcConfigGetCurrent`).
struct Fontconfig: LibraryFunctions, @unchecked Sendable {
  /// `FcConfigGetCurrent`
  let configGetCurrent: @convention(c) () -> OpaquePointer?
  /// `FcPatternCreate`
  let patternCreate: @convention(c) () -> OpaquePointer?
  /// `FcPatternDestroy`
  let patternDestroy: @convention(c) (OpaquePointer?) -> Void
  /// `FcPatternAddString`
  let patternAddString: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<FcChar8>?) -> FcBool
  /// `FcConfigSubstitute`
  let configSubstitute: @convention(c) (OpaquePointer?, OpaquePointer?, FcMatchKind) -> FcBool
  /// `FcDefaultSubstitute`
  let defaultSubstitute: @convention(c) (OpaquePointer?) -> Void
  /// `FcFontSort`
  let fontSort:
    @convention(c) (
      OpaquePointer?, OpaquePointer?, FcBool, UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<FcResult>?
    ) -> UnsafeMutablePointer<FcFontSet>?
  /// `FcFontSetDestroy`
  let fontSetDestroy: @convention(c) (UnsafeMutablePointer<FcFontSet>?) -> Void
  /// `FcPatternGetString`
  let patternGetString:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<UnsafeMutablePointer<FcChar8>?>?
    ) -> FcResult
  /// `FcPatternGetInteger`
  let patternGetInteger:
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?) -> FcResult
  /// `FcPatternGetCharSet`
  let patternGetCharSet:
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> FcResult
  /// `FcPatternGetBool`
  let patternGetBool:
    @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<FcBool>?) -> FcResult
  /// `FcCharSetHasChar`
  let charSetHasChar: @convention(c) (OpaquePointer?, FcChar32) -> FcBool

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    configGetCurrent = try library.function("FcConfigGetCurrent")
    patternCreate = try library.function("FcPatternCreate")
    patternDestroy = try library.function("FcPatternDestroy")
    patternAddString = try library.function("FcPatternAddString")
    configSubstitute = try library.function("FcConfigSubstitute")
    defaultSubstitute = try library.function("FcDefaultSubstitute")
    fontSort = try library.function("FcFontSort")
    fontSetDestroy = try library.function("FcFontSetDestroy")
    patternGetString = try library.function("FcPatternGetString")
    patternGetInteger = try library.function("FcPatternGetInteger")
    patternGetCharSet = try library.function("FcPatternGetCharSet")
    patternGetBool = try library.function("FcPatternGetBool")
    charSetHasChar = try library.function("FcCharSetHasChar")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try Fontconfig(DynamicLibrary.open("libfontconfig.so.1", package: "libfontconfig1"))
  }
}
