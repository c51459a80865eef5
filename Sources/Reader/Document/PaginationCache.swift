import EventStream
import Platform
import Simulator
import Typesetter

/// One reader's paginations of a document, cached by page size and text size.
public final class PaginationCache {
  /// The document paginated.
  public let document: ReaderDocument
  private var entries: [PageKey: Pagination] = [:]

  /// An empty cache over a document.
  public init(document: ReaderDocument) { self.document = document }

  /// True when this page size and text size are already paginated.
  public func contains(width: Double, height: Double, textSize: TextSize) -> Bool {
    entries[PageKey(width: width, height: height, textSize: textSize)] != nil
  }

  /// The pagination for a page size and text size, from the cache or laid out now.
  public func pagination(width: Double, height: Double, textSize: TextSize) -> (result: Pagination, hit: Bool) {
    let key = PageKey(width: width, height: height, textSize: textSize)
    if let hit = entries[key] { return (hit, true) }
    let pagination = document.layout.paginate(width: width, height: height, style: document.style(for: textSize))
    entries[key] = pagination
    return (pagination, false)
  }
}
