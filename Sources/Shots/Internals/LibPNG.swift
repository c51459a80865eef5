import CPNG
import Platform

/// The functions of libpng's simplified API that `PNGImage` calls, looked up in
/// `libpng16.so.16` (Debian's libpng16-16) when the first PNG is read or written; `png.h`
/// declares each one as named in its comment. The simplified API keeps libpng's `setjmp` /
/// `longjmp` error path inside the library: a failed call returns 0 with the reason in
/// `png_image.message`, so no C error handler ever jumps over a Swift frame.
struct LibPNG: LibraryFunctions, @unchecked Sendable {
  /// `png_image_begin_read_from_memory`: the signature, IHDR and the chunks up to the first
  /// IDAT, into `png_image` (width, height, format); nothing of the pixels yet.
  let beginReadFromMemory: @convention(c) (UnsafeMutablePointer<png_image>?, UnsafeRawPointer?, Int) -> Int32
  /// `png_image_finish_read`: the pixels into a caller's buffer in the format asked for, then
  /// frees what libpng held.
  let finishRead:
    @convention(c) (
      UnsafeMutablePointer<png_image>?, UnsafePointer<png_color>?, UnsafeMutableRawPointer?, Int32,
      UnsafeMutableRawPointer?
    ) -> Int32
  /// `png_image_free`: frees what a read that is abandoned holds (after a failed begin or
  /// before finish).
  let free: @convention(c) (UnsafeMutablePointer<png_image>?) -> Void
  /// `png_image_write_to_memory`: a whole PNG from a pixel buffer (called once with no memory
  /// to learn the size, then to write).
  let writeToMemory:
    @convention(c) (
      UnsafeMutablePointer<png_image>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<png_alloc_size_t>?, Int32,
      UnsafeRawPointer?, Int32, UnsafeRawPointer?
    ) -> Int32

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    beginReadFromMemory = try library.function("png_image_begin_read_from_memory")
    finishRead = try library.function("png_image_finish_read")
    free = try library.function("png_image_free")
    writeToMemory = try library.function("png_image_write_to_memory")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try LibPNG(DynamicLibrary.open("libpng16.so.16", package: "libpng16-16"))
  }
}
