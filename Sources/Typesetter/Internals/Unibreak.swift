import CUnibreak
import Platform

/// The libunibreak functions `UnicodeLineBreaks` calls, looked up in `libunibreak.so.1`
/// (Debian's libunibreak1) when the first `Font` is loaded; `linebreak.h` declares each one as
/// named in its comment.
struct Unibreak: LibraryFunctions, @unchecked Sendable {
  /// `init_linebreak`
  let initLinebreak: @convention(c) () -> Void
  /// `set_linebreaks_utf16`
  let setLinebreaksUTF16:
    @convention(c) (UnsafePointer<utf16_t>?, Int, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?) -> Void

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    initLinebreak = try library.function("init_linebreak")
    setLinebreaksUTF16 = try library.function("set_linebreaks_utf16")
  }

  /// The lookup, and `init_linebreak` once (libunibreak's tables are filled before any text).
  static let shared = Result { () throws(LibraryUnavailable) in
    let functions = try Unibreak(DynamicLibrary.open("libunibreak.so.1", package: "libunibreak1"))
    functions.initLinebreak()
    return functions
  }
}
