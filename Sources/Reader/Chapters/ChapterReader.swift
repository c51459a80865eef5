import EventStream
import Simulator

/// The reader paginating one chapter at a time (the navigation guide's advice for long texts):
/// a text reader per chapter, over the chapter's text alone, made when the chapter is first
/// opened, all on the app's one main thread (`MainThread`). The place is (chapter, offset in
/// the whole text): events go to the selected chapter's reader with offsets made local, and
/// what it shows comes back with offsets in the whole text and the chapter's id, so `shown`
/// carries per-chapter page counts.
///
/// Opening a chapter is a layout change: the navigation stage re-settles (cause `chapter`), and
/// the new chapter's reader paginates for it — when the thread gets to it. A chapter opened
/// while a pagination is under way waits behind it like every other input (`queuedMs`), and a
/// settle still queued when a later one arrives is superseded, whichever chapter it was for.
///
/// ```swift
/// var reader = ChapterReader(library: library, document: text, profile: duo, model: .fixed(400))
/// // settled 200 → paginating chapter 1 until 600; navigation chapter 2 + settled (chapter) at 300
/// // → at 600: chapter 1 shown; chapter 2 paginated 600–1000 (queuedMs 300) → shown, chapter 2
/// ```
public struct ChapterReader: Stage {
  private var thread: MainThread<ChapterReading>

  /// Every chapter's paginations so far (what the live view reads the pages on screen from).
  public var caches: ChapterCaches { thread.work.caches }

  /// Makes the reader with the chapter holding `offset` open.
  /// - Parameters:
  ///   - model: what a pagination is charged.
  ///   - prepaginate: paginate the page sizes of every pose in the background, per chapter.
  ///   - direction: the order the pages run in.
  public init(
    library: Library, document: ReaderDocument, profile: Profile, offset: Int = 0, model: ComputeModel = .host,
    prepaginate: Bool = false, direction: ReadingDirection = .ltr, caches: ChapterCaches = ChapterCaches()
  ) {
    let settings = ReaderSettings(profile: profile, model: model, prepaginate: prepaginate, direction: direction)
    thread = MainThread(
      work: ChapterReading(library: library, document: document, settings: settings, offset: offset, caches: caches))
  }

  public var deadline: Double? { thread.deadline }

  public mutating func receive(_ event: Event, into output: inout [Event]) { thread.receive(event, into: &output) }

  public mutating func fire(at now: Double, into output: inout [Event]) { thread.fire(at: now, into: &output) }
}
