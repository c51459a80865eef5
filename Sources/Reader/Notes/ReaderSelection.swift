import Typesetter

/// A selection clipped to one page: two pages are two text views (DESIGN §6), so a selection
/// never runs across a page edge or the fold. It is kept by offsets; each new pagination
/// clips it again to the page holding its start.
///
/// ```swift
/// let s = ReaderSelection.clipped(offset: 700, length: 200, textLength: 5000, in: pages)
/// // page 0 is 0..<771: s.range 700..<771, s.page 0, s.clipped true
/// ```
struct ReaderSelection: Equatable {
  /// The selected UTF-16 range, inside `page`.
  var range: Range<Int>
  /// The page that holds it.
  var page: Int
  /// The length asked for.
  var requestedLength: Int

  /// True when the request ran past the page's end.
  var clipped: Bool { range.count < requestedLength }

  /// `length` units from `offset` (clamped to the text) cut at the end of the page that holds
  /// `offset`; nil for an empty selection.
  static func clipped(offset: Int, length: Int, textLength: Int, in pagination: Pagination) -> ReaderSelection? {
    let start = min(max(0, offset), textLength)
    let end = min(textLength, start + max(0, length))
    guard end > start, let page = pagination.page(containing: start) else { return nil }
    let pageEnd = pagination.pageRange(page).upperBound
    return ReaderSelection(range: start..<min(end, pageEnd), page: page, requestedLength: length)
  }
}
