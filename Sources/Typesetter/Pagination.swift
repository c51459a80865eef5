/// The pages of one text at one page size and style: page and line starts in UTF-16 code units.
///
/// When complete, the pages partition `0..<utf16Count` exactly. A pagination made `through:` an
/// offset holds the pages up to the one containing it (`isComplete` false); continue it with
/// `TextLayout.continuePagination(_:)`.
public struct Pagination: Sendable {
  /// Pages laid out (all of them when `isComplete`).
  public var pageCount: Int { pageStarts.count }
  /// False when paginated `through:` an offset and stopped early.
  public internal(set) var isComplete: Bool
  /// UTF-16 units laid out: the start of the first page not laid out, or the text length.
  public internal(set) var charactersLaidOut: Int
  /// The UTF-16 offset where each page starts (the first is 0).
  public internal(set) var pageStarts: [Int]
  /// The UTF-16 offset where each line laid out starts.
  public internal(set) var lineStarts: [Int]
  /// The page size and style this pagination was made for.
  public let width: Double
  /// The page height in points.
  public let height: Double
  /// The style.
  public let style: TextStyle

  var pageFirstLines: [Int] = []
  var lineWidths: [Int32] = []
  var lineFlags: [UInt8] = []
  let pointsPerUnit: Double
  /// Where to resume: the segment and the offset inside it of the next page's first line.
  var resumeSegment = 0
  var resumePartial: Int32 = 0

  static let endsParagraph: UInt8 = 1
  static let hyphenated: UInt8 = 2

  init(width: Double, height: Double, style: TextStyle, pointsPerUnit: Double) {
    self.isComplete = false
    self.charactersLaidOut = 0
    self.pageStarts = []
    self.lineStarts = []
    self.width = width
    self.height = height
    self.style = style
    self.pointsPerUnit = pointsPerUnit
  }

  /// The UTF-16 range of a page; pages are adjacent and (when complete) cover the text.
  public func pageRange(_ page: Int) -> Range<Int> {
    precondition(
      page >= 0 && page < pageStarts.count, "page \(page) out of 0..<\(pageStarts.count)")
    let end = page + 1 < pageStarts.count ? pageStarts[page + 1] : charactersLaidOut
    return pageStarts[page]..<end
  }

  /// The page holding a UTF-16 offset; the text's end belongs to the last page. Nil for an offset
  /// outside the text or beyond what was laid out.
  public func page(containing offset: Int) -> Int? {
    guard offset >= 0, !pageStarts.isEmpty else { return nil }
    if offset >= charactersLaidOut {
      return isComplete && offset == charactersLaidOut ? pageStarts.count - 1 : nil
    }
    var low = 0
    var high = pageStarts.count
    while low < high {
      let mid = (low + high) / 2
      if pageStarts[mid] <= offset { low = mid + 1 } else { high = mid }
    }
    return low - 1
  }

  /// The number of lines on a page.
  public func lineCount(onPage page: Int) -> Int {
    let end = page + 1 < pageFirstLines.count ? pageFirstLines[page + 1] : lineStarts.count
    return end - pageFirstLines[page]
  }

  /// The lines of a page, in order.
  public func lines(onPage page: Int) -> [Line] {
    precondition(
      page >= 0 && page < pageStarts.count, "page \(page) out of 0..<\(pageStarts.count)")
    let first = pageFirstLines[page]
    let end = page + 1 < pageFirstLines.count ? pageFirstLines[page + 1] : lineStarts.count
    return (first..<end).map { line in
      let upper = line + 1 < lineStarts.count ? lineStarts[line + 1] : charactersLaidOut
      return Line(
        range: lineStarts[line]..<upper, width: Double(lineWidths[line]) * pointsPerUnit,
        endsParagraph: lineFlags[line] & Self.endsParagraph != 0,
        hyphenated: lineFlags[line] & Self.hyphenated != 0)
    }
  }
}
