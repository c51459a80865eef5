import EventStream
import Simulator

/// The chapter reader's work on its main thread: a text reader (`TextReading`) per chapter,
/// over the chapter's text alone, made when the chapter is first opened and kept as it was left
/// (its pages, place and notes) when another opens. Events go to the open chapter's reader with
/// offsets made local; what it produces comes back with offsets in the whole text and the
/// chapter's id. A `navigation` that selects another chapter switches readers when the thread
/// gets to it — after whatever was queued before it — so the chapter's settle, right behind it,
/// is paginated by the new chapter's reader, on the one thread.
struct ChapterReading: MainThreadWork {
  /// A chapter and its reader.
  struct Open {
    var chapter: Library.Chapter
    var reader: TextReading
  }

  /// The chapters.
  let library: Library
  /// The whole text, whose parts the chapters' readers read.
  let document: ReaderDocument
  let settings: ReaderSettings
  /// Every chapter's pagination cache, shared with whoever shows its pages (the live view).
  let caches: ChapterCaches
  /// The chapter on screen.
  private(set) var open: Open
  /// The readers of the chapters opened before, as they were left.
  private var shelved: [Int: TextReading] = [:]

  /// The chapter holding `offset` open, its reader's place there; nil when that chapter's text
  /// cannot be laid out (its fonts would not load).
  init(library: Library, document: ReaderDocument, settings: ReaderSettings, offset: Int, caches: ChapterCaches) {
    self.library = library
    self.document = document
    self.settings = settings
    self.caches = caches
    let chapter = library.chapter(containing: offset)
    let cache = caches.cache(for: chapter, of: document)
    open = Open(
      chapter: chapter, reader: TextReading(cache: cache, settings: settings, offset: offset - chapter.range.lowerBound)
    )
  }

  func handles(_ kind: EventKind) -> Bool { open.reader.handles(kind) }

  mutating func saw(_ event: Event) { open.reader.saw(event) }

  mutating func handle(_ event: Event, now: Double, into output: inout [Event]) -> MainThreadJob? {
    var event = event
    let range = open.chapter.range
    switch event.kind {
    case .navigation(var navigation):
      if let id = navigation.chapter, id != open.chapter.id, let next = library.chapter(id) { switchTo(next, at: now) }
      navigation.offset = navigation.offset.map { $0 - open.chapter.range.lowerBound }
      event.kind = .navigation(navigation)
    case .goto(let offset):
      event.kind = .goto(offset: Self.clamped(offset, to: range) - range.lowerBound)
    case .select(let offset, let length):
      event.kind = .select(offset: Self.clamped(offset, to: range) - range.lowerBound, length: length)
    default: break
    }
    var produced: [Event] = []
    let job = open.reader.handle(event, now: now, into: &produced)
    output.append(contentsOf: produced.map(globalized))
    return job.map { MainThreadJob(events: $0.events.map(globalized), done: $0.done) }
  }

  mutating func supersede(_ event: Event, now: Double, into output: inout [Event]) {
    open.reader.supersede(event, now: now, into: &output)
  }

  /// Opens `next`: its reader as it was left, or a new one at its start; a chapter whose text
  /// cannot be laid out leaves the current one open.
  private mutating func switchTo(_ next: Library.Chapter, at now: Double) {
    var reader: TextReading
    if let kept = shelved.removeValue(forKey: next.id) {
      reader = kept
    } else {
      reader = TextReading(cache: caches.cache(for: next, of: document), settings: settings, offset: 0)
    }
    reader.saw(Event(time: now, .openChapter(id: next.id)))  // a new one opens its text now
    shelved[open.chapter.id] = open.reader
    open = Open(chapter: next, reader: reader)
  }

  private static func clamped(_ offset: Int, to range: Range<Int>) -> Int {
    min(max(offset, range.lowerBound), range.upperBound)
  }

  /// A chapter reader's event with its offsets in the whole text and the chapter's id.
  private func globalized(_ event: Event) -> Event {
    let start = open.chapter.range.lowerBound
    var event = event
    switch event.kind {
    case .shown(var shown):
      shown.offset += start
      shown.ranges = shown.ranges.map { ($0.lowerBound + start)..<($0.upperBound + start) }
      shown.chapter = open.chapter.id
      event.kind = .shown(shown)
    case .violation(var violation):
      violation.offset += start
      event.kind = .violation(violation)
    case .selection(var selection):
      selection.offset += start
      event.kind = .selection(selection)
    default: break
    }
    return event
  }
}

/// The pagination cache of each chapter opened so far, each over the chapter's text alone:
/// the chapter reader paginates into them, and the live view reads the pages on screen from
/// them (`shown.chapter` names the chapter).
public final class ChapterCaches {
  private var caches: [Int: PaginationCache] = [:]

  /// No chapter opened yet.
  public init() {}

  /// The chapter's cache, if it was opened.
  public func cache(forChapter id: Int) -> PaginationCache? { caches[id] }

  /// The cache of `chapter` of `document`, made (its text analysed) the first time.
  func cache(for chapter: Library.Chapter, of document: ReaderDocument) -> PaginationCache {
    if let cache = caches[chapter.id] { return cache }
    let cache = PaginationCache(document: document.part(chapter.range))
    caches[chapter.id] = cache
    return cache
  }
}
