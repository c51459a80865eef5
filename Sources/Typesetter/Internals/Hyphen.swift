import CHyphen
import Platform

#if canImport(Glibc)
  import Glibc
#endif

/// The libhyphen functions `HyphenDictionary` calls, looked up in `libhyphen.so.0` (Debian's
/// libhyphen0) when the first `Hyphenator` is made; `hyphen.h` declares each one as named in
/// its comment.
struct Hyphen: LibraryFunctions, @unchecked Sendable {
  /// `hnj_hyphen_load_file`
  let loadFile: @convention(c) (UnsafeMutablePointer<FILE>?) -> UnsafeMutablePointer<HyphenDict>?
  /// `hnj_hyphen_free`
  let free: @convention(c) (UnsafeMutablePointer<HyphenDict>?) -> Void
  /// `hnj_hyphen_hyphenate3`
  let hyphenate3:
    @convention(c) (
      UnsafeMutablePointer<HyphenDict>?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<CChar>?,
      UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?,
      UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?, UnsafeMutablePointer<UnsafeMutablePointer<Int32>?>?,
      Int32, Int32, Int32, Int32
    ) -> Int32

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    loadFile = try library.function("hnj_hyphen_load_file")
    free = try library.function("hnj_hyphen_free")
    hyphenate3 = try library.function("hnj_hyphen_hyphenate3")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try Hyphen(DynamicLibrary.open("libhyphen.so.0", package: "libhyphen0"))
  }

  /// libhyphen's dictionary of the patterns in `bytes` (a `hyph_*.dic` file's contents), read
  /// through `fmemopen` as `hnj_hyphen_load` reads the file; nil when glibc cannot open them.
  func parse(_ bytes: [UInt8]) -> UnsafeMutablePointer<HyphenDict>? {
    // fmemopen refuses an empty buffer; an empty line is read as an empty file is.
    var bytes = bytes.isEmpty ? [0x0A] : bytes
    return bytes.withUnsafeMutableBytes { raw -> UnsafeMutablePointer<HyphenDict>? in
      guard let file = fmemopen(raw.baseAddress, raw.count, "r") else { return nil }
      defer { fclose(file) }
      return loadFile(file)
    }
  }
}
