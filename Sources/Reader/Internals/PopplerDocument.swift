import CPoppler

/// A PDF opened with poppler-glib from bytes in memory, read for its page count and page
/// sizes and closed again: nothing of poppler outlives `init`.
///
/// C calls: `g_bytes_new` (copies the bytes), `poppler_document_new_from_bytes`,
/// `poppler_document_get_n_pages`, `poppler_document_get_page`, `poppler_page_get_size`,
/// `g_object_unref` (each page, the document), `g_bytes_unref`, `g_error_free`.
struct PopplerDocument {
  /// Each page's size in PDF points (1/72 in), rotation applied, in page order.
  let pageSizes: [(width: Double, height: Double)]

  /// Why poppler could not open the bytes.
  struct OpenFailure: Error {
    /// Poppler's message (`PDF document is damaged`, `Document is encrypted`, …).
    var message: String
    /// True for poppler's `POPPLER_ERROR_ENCRYPTED`.
    var encrypted: Bool
  }

  /// Opens `bytes` as a PDF (no password) and reads every page's size.
  init(bytes: [UInt8]) throws(OpenFailure) {
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    var error: UnsafeMutablePointer<GError>?
    guard let document = poppler_document_new_from_bytes(data, nil, &error) else {
      let message = error.map { String(cString: $0.pointee.message) } ?? "poppler could not open it"
      let encrypted =
        error.map {
          $0.pointee.domain == poppler_error_quark() && $0.pointee.code == Int32(POPPLER_ERROR_ENCRYPTED.rawValue)
        } ?? false
      if let error { g_error_free(error) }
      throw OpenFailure(message: message, encrypted: encrypted)
    }
    defer { g_object_unref(UnsafeMutableRawPointer(document)) }
    var sizes: [(width: Double, height: Double)] = []
    let count = Int(poppler_document_get_n_pages(document))
    sizes.reserveCapacity(max(0, count))
    for index in 0..<max(0, count) {
      guard let page = poppler_document_get_page(document, Int32(index)) else { continue }
      var width = 0.0
      var height = 0.0
      poppler_page_get_size(page, &width, &height)
      g_object_unref(UnsafeMutableRawPointer(page))
      sizes.append((width, height))
    }
    pageSizes = sizes
  }
}
