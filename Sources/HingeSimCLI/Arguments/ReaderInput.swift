import Reader

/// What the reader shows: a text it reflows, or a PDF whose pages keep their layout (`--pdf`).
enum ReaderInput {
  case text(ReaderDocument)
  case pdf(FixedLayoutDocument)

  /// The text's length in UTF-16 units (what a `select` is checked against); nil for a PDF.
  var textLength: Int? {
    if case .text(let document) = self { return document.utf16Count }
    return nil
  }

  /// The text's chapter count (what an `open-chapter` is checked against); nil for a PDF.
  var chapterCount: Int? {
    if case .text(let document) = self { return document.library.chapters.count }
    return nil
  }
}
