import EventStream
import Platform
import Reader
import Simulator
import Timing

/// The live view's page text: the reader's real line breaks, looked up in the reader's own
/// pagination cache for the page size and text size of the last `paginated` event — under
/// `--chapters`, the cache of the chapter the last `shown` names.
public final class ReaderPageText: PageTextProvider {
  private let cache: (_ chapter: Int?) -> PaginationCache?
  private var key: (width: Double, height: Double, textSize: TextSize)?
  private var chapter: Int?

  /// Reads from a text reader's cache.
  public init(cache: PaginationCache) { self.cache = { _ in cache } }

  /// Reads from the chapter reader's caches.
  public init(chapters: ChapterCaches) { cache = { $0.flatMap(chapters.cache(forChapter:)) } }

  /// Follows the stream: remembers which pagination is on screen.
  public func receive(_ event: Event) {
    switch event.kind {
    case .paginated(let p): key = (p.pageWidth, p.pageHeight, p.textSize)
    case .shown(let shown): chapter = shown.chapter
    default: break
    }
  }

  public func lines(page: Int) -> [String] {
    guard let key, let cache = cache(chapter),
      cache.contains(width: key.width, height: key.height, textSize: key.textSize)
    else { return [] }
    let pagination = cache.pagination(width: key.width, height: key.height, textSize: key.textSize).result
    guard page >= 0, page < pagination.pageCount else { return [] }
    return pagination.lines(onPage: page).map { line in
      var text = cache.document.text(in: line.range)
      while let last = text.last, last == "\n" || last == "\r" || last == " " { text.removeLast() }
      return line.hyphenated ? text + "-" : text
    }
  }
}
