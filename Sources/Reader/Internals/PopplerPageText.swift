import CPoppler

/// A PDF kept open with poppler-glib to read its pages' text on demand (the live view draws a
/// PDF page as its text). The document lives as long as this object.
///
/// C calls (through `Poppler`): `g_bytes_new` (copies the bytes),
/// `poppler_document_new_from_bytes`, `poppler_document_get_n_pages`,
/// `poppler_document_get_page`, `poppler_page_get_text`, `g_free`, `g_object_unref` (each page;
/// the document in `deinit`), `g_bytes_unref`, `g_error_free`.
final class PopplerPageText {
  private let poppler: Poppler
  private let document: OpaquePointer
  /// Pages in the document.
  let pageCount: Int

  /// Opens `bytes` as a PDF (no password); nil when poppler cannot, or is not installed.
  init?(bytes: [UInt8]) {
    guard let poppler = try? Poppler.load() else { return nil }
    let data = bytes.withUnsafeBytes { poppler.bytesNew($0.baseAddress, $0.count) }
    defer { poppler.bytesUnref(data) }
    var error: UnsafeMutablePointer<hingesim_GError>?
    guard let opened = poppler.documentNewFromBytes(data, nil, &error) else {
      if let error { poppler.errorFree(error) }
      return nil
    }
    self.poppler = poppler
    document = opened
    pageCount = Int(max(0, poppler.documentGetNPages(opened)))
  }

  deinit { poppler.objectUnref(document) }

  /// The text poppler extracts from the 0-based page `index`, in its reading order; nil for a
  /// page that is not there.
  func text(page index: Int) -> String? {
    guard index >= 0, index < pageCount, let page = poppler.documentGetPage(document, Int32(index)) else {
      return nil
    }
    defer { poppler.objectUnref(page) }
    guard let raw = poppler.pageGetText(page) else { return "" }
    defer { poppler.free(raw) }
    return String(cString: raw)
  }
}
