import CPoppler
import Platform

/// The poppler-glib and GLib functions the PDF reader calls, looked up in
/// `libpoppler-glib.so.8` (Debian's libpoppler-glib8, which brings GLib, GObject, poppler and
/// cairo) when the first PDF is opened, so no other command maps that stack. Each C
/// declaration, as `poppler/glib/poppler.h`, `glib/gbytes.h`, `glib/gerror.h`, `glib/gmem.h`
/// and `gobject/gobject.h` write it, is in the comment.
struct Poppler: LibraryFunctions, @unchecked Sendable {
  /// `PopplerDocument *poppler_document_new_from_bytes(GBytes *bytes, const char *password, GError **error)`
  let documentNewFromBytes:
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<hingesim_GError>?>?
    ) -> OpaquePointer?
  /// `int poppler_document_get_n_pages(PopplerDocument *document)`
  let documentGetNPages: @convention(c) (OpaquePointer?) -> Int32
  /// `PopplerPage *poppler_document_get_page(PopplerDocument *document, int index)`
  let documentGetPage: @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
  /// `void poppler_page_get_size(PopplerPage *page, double *width, double *height)`
  let pageGetSize: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
  /// `char *poppler_page_get_text(PopplerPage *page)`
  let pageGetText: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  /// `GQuark poppler_error_quark(void)`
  let errorQuark: @convention(c) () -> UInt32
  /// `GBytes *g_bytes_new(gconstpointer data, gsize size)`
  let bytesNew: @convention(c) (UnsafeRawPointer?, Int) -> OpaquePointer?
  /// `void g_bytes_unref(GBytes *bytes)`
  let bytesUnref: @convention(c) (OpaquePointer?) -> Void
  /// `void g_error_free(GError *error)`
  let errorFree: @convention(c) (UnsafeMutablePointer<hingesim_GError>?) -> Void
  /// `void g_free(gpointer mem)`
  let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
  /// `void g_object_unref(gpointer object)`
  let objectUnref: @convention(c) (OpaquePointer?) -> Void

  private init(_ library: DynamicLibrary) throws(LibraryUnavailable) {
    documentNewFromBytes = try library.function("poppler_document_new_from_bytes")
    documentGetNPages = try library.function("poppler_document_get_n_pages")
    documentGetPage = try library.function("poppler_document_get_page")
    pageGetSize = try library.function("poppler_page_get_size")
    pageGetText = try library.function("poppler_page_get_text")
    errorQuark = try library.function("poppler_error_quark")
    // GLib's functions, found through poppler-glib's dependencies.
    bytesNew = try library.function("g_bytes_new")
    bytesUnref = try library.function("g_bytes_unref")
    errorFree = try library.function("g_error_free")
    free = try library.function("g_free")
    objectUnref = try library.function("g_object_unref")
  }

  static let shared = Result { () throws(LibraryUnavailable) in
    try Poppler(DynamicLibrary.open("libpoppler-glib.so.8", package: "libpoppler-glib8"))
  }
}
