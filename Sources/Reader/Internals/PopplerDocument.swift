import CPoppler
import Platform

/// A PDF opened with poppler-glib from bytes in memory, read for its page count and page
/// sizes and closed again: nothing of poppler outlives `init`.
///
/// C calls (through `Poppler`): `g_bytes_new` (copies the bytes),
/// `poppler_document_new_from_bytes`, `poppler_document_get_n_pages`,
/// `poppler_document_get_page`, `poppler_page_get_size`, `g_object_unref` (each page, the
/// document), `g_bytes_unref`, `g_error_free`.
struct PopplerDocument {
  /// Each page's size in PDF points (1/72 in), rotation applied, in page order.
  let pageSizes: [(width: Double, height: Double)]

  /// Why poppler could not open the bytes.
  enum OpenFailure: Error {
    /// Poppler's message (`PDF document is damaged`, `Document is encrypted`, …); `encrypted`
    /// for poppler's `POPPLER_ERROR_ENCRYPTED`.
    case refused(message: String, encrypted: Bool)
    /// poppler-glib is not installed or cannot be loaded.
    case libraryUnavailable(LibraryUnavailable)
  }

  /// Opens `bytes` as a PDF (no password) and reads every page's size.
  init(bytes: [UInt8]) throws(OpenFailure) {
    let poppler: Poppler
    do { poppler = try Poppler.load() } catch { throw .libraryUnavailable(error) }
    let data = bytes.withUnsafeBytes { poppler.bytesNew($0.baseAddress, $0.count) }
    defer { poppler.bytesUnref(data) }
    var error: UnsafeMutablePointer<hingesim_GError>?
    guard let document = poppler.documentNewFromBytes(data, nil, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "poppler could not open it"
      let encrypted =
        error.map {
          $0.pointee.domain == poppler.errorQuark() && $0.pointee.code == hingesim_poppler_error_encrypted
        } ?? false
      if let error { poppler.errorFree(error) }
      throw .refused(message: message, encrypted: encrypted)
    }
    defer { poppler.objectUnref(document) }
    var sizes: [(width: Double, height: Double)] = []
    let count = Int(poppler.documentGetNPages(document))
    sizes.reserveCapacity(max(0, count))
    for index in 0..<max(0, count) {
      guard let page = poppler.documentGetPage(document, Int32(index)) else { continue }
      var width = 0.0
      var height = 0.0
      poppler.pageGetSize(page, &width, &height)
      poppler.objectUnref(page)
      sizes.append((width, height))
    }
    pageSizes = sizes
  }
}
