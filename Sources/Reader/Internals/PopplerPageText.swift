import CPoppler

/// A PDF kept open with poppler-glib to read its pages' text on demand (the live view draws a
/// PDF page as its text). The document lives as long as this object.
///
/// C calls: `g_bytes_new` (copies the bytes), `poppler_document_new_from_bytes`,
/// `poppler_document_get_n_pages`, `poppler_document_get_page`, `poppler_page_get_text`,
/// `g_free`, `g_object_unref` (each page; the document in `deinit`), `g_bytes_unref`,
/// `g_error_free`.
final class PopplerPageText {
  private let document: OpaquePointer
  /// Pages in the document.
  let pageCount: Int

  /// Opens `bytes` as a PDF (no password); nil when poppler cannot.
  init?(bytes: [UInt8]) {
    let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(data) }
    var error: UnsafeMutablePointer<GError>?
    guard let opened = poppler_document_new_from_bytes(data, nil, &error) else {
      if let error { g_error_free(error) }
      return nil
    }
    document = opened
    pageCount = Int(max(0, poppler_document_get_n_pages(opened)))
  }

  deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

  /// The text poppler extracts from the 0-based page `index`, in its reading order; nil for a
  /// page that is not there.
  func text(page index: Int) -> String? {
    guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
      return nil
    }
    defer { g_object_unref(UnsafeMutableRawPointer(page)) }
    guard let raw = poppler_page_get_text(page) else { return "" }
    defer { g_free(raw) }
    return String(cString: raw)
  }
}
