import EventStream

/// The reader paginating one chapter at a time (the navigation guide's advice for long texts):
/// a `ReaderStateMachine` per chapter, over the chapter's text alone, made when the chapter is
/// first opened. The place is (chapter, offset in the whole text): events go to the selected
/// chapter's reader with offsets made local, and what it shows comes back with offsets in the
/// whole text and the chapter's id, so `shown` carries per-chapter page counts.
///
/// Opening a chapter is a layout change: the navigation stage re-settles (cause `chapter`), and
/// the new chapter's reader paginates for it. Whatever the old chapter's reader had pending is
/// flushed first, so every settle keeps its one answer.
///
/// ```swift
/// var reader = ChapterReader(library: library, offset: 0) { range, offset in
///   ReaderStateMachine(document: try? document.part(range), …)
/// }
/// // navigation chapter 2 → settled (chapter) → paginated (chapter 2's pages) → shown, chapter 2
/// ```
public struct ChapterReader: Stage {
  /// Which chapter's reader gets the events.
  enum State {
    /// The chapter selected (or last selected: `back` leaves its reader on screen).
    case reading(chapter: Int)
  }

  /// Makes the reader of a chapter's range, its place at a local offset; nil when the chapter
  /// cannot be laid out (its fonts would not load: the whole text's did).
  public typealias MakeReader = (_ range: Range<Int>, _ localOffset: Int) -> ReaderStateMachine?

  /// The chapters.
  public let library: Library
  private let makeReader: MakeReader
  private var readers: [Int: ReaderStateMachine] = [:]
  private(set) var state: State

  /// Makes the reader with the chapter holding `offset` open.
  public init(library: Library, offset: Int, makeReader: @escaping MakeReader) {
    self.library = library
    self.makeReader = makeReader
    let chapter = library.chapter(containing: offset)
    state = .reading(chapter: chapter.id)
    readers[chapter.id] = makeReader(chapter.range, offset - chapter.range.lowerBound)
  }

  private var chapter: Library.Chapter {
    guard case .reading(let id) = state, let chapter = library.chapter(id) else { return library.chapters[0] }
    return chapter
  }

  public var deadline: Double? { readers[chapter.id]?.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    var event = event
    switch event.kind {
    case .navigation(var navigation):
      if let id = navigation.chapter, id != chapter.id, let next = library.chapter(id) {
        open(next, at: event.time, into: &output)
      }
      navigation.offset = navigation.offset.map { $0 - chapter.range.lowerBound }
      event.kind = .navigation(navigation)
    case .goto(let offset):
      let range = chapter.range
      event.kind = .goto(offset: min(max(offset, range.lowerBound), range.upperBound) - range.lowerBound)
    default: break
    }
    let id = chapter.id
    var produced: [Event] = []
    readers[id]?.receive(event, into: &produced)
    output.append(contentsOf: produced.map { globalized($0) })
  }

  public mutating func fire(at now: Double, into output: inout [Event]) {
    var produced: [Event] = []
    readers[chapter.id]?.fire(at: now, into: &produced)
    output.append(contentsOf: produced.map { globalized($0) })
  }

  public mutating func flush(at now: Double, into output: inout [Event]) {
    var produced: [Event] = []
    readers[chapter.id]?.flush(at: now, into: &produced)
    output.append(contentsOf: produced.map { globalized($0) })
  }

  /// Switches to `next`, flushing what the current chapter's reader has pending.
  private mutating func open(_ next: Library.Chapter, at now: Double, into output: inout [Event]) {
    flush(at: now, into: &output)
    if readers[next.id] == nil { readers[next.id] = makeReader(next.range, 0) }
    guard readers[next.id] != nil else { return }
    state = .reading(chapter: next.id)
  }

  /// A chapter reader's event with its offsets in the whole text.
  private func globalized(_ event: Event) -> Event {
    let start = chapter.range.lowerBound
    var event = event
    switch event.kind {
    case .shown(var shown):
      shown.offset += start
      shown.ranges = shown.ranges.map { ($0.lowerBound + start)..<($0.upperBound + start) }
      shown.chapter = chapter.id
      event.kind = .shown(shown)
    case .violation(var violation):
      violation.offset += start
      event.kind = .violation(violation)
    default: break
    }
    return event
  }
}
