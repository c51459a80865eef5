/// How the reader arranges its pages.
public enum LayoutKind: String, Sendable, CaseIterable {
  /// One page.
  case single
  /// Two facing pages split at the fold.
  case spread
  /// One page above a horizontal fold; page turns below.
  case tabletop
}

/// Where notes appear.
public enum NotesPlacement: String, Sendable {
  /// On the trailing side of the fold.
  case trailing
  /// In a sheet over the page.
  case sheet
}

/// Whether a pagination came from the cache.
public enum CacheOutcome: String, Sendable {
  /// Laid out now.
  case miss
  /// Found in the cache.
  case hit
  /// Nothing to do (same key as shown).
  case skip
}

/// The reader paginated for a page size and text size.
public struct Paginated: Sendable, Equatable {
  /// Page width in points.
  public var pageWidth: Double
  /// Page height in points.
  public var pageHeight: Double
  /// Text size category.
  public var textSize: TextSize
  /// Pages.
  public var pageCount: Int
  /// Compute time in milliseconds (real, monotonic; 0 on a cache hit).
  public var ms: Double
  /// Cache outcome.
  public var cache: CacheOutcome
  /// UTF-16 units laid out.
  public var characters: Int

  /// Makes a paginated event.
  public init(
    pageWidth: Double, pageHeight: Double, textSize: TextSize, pageCount: Int, ms: Double,
    cache: CacheOutcome, characters: Int
  ) {
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.textSize = textSize
    self.pageCount = pageCount
    self.ms = ms
    self.cache = cache
    self.characters = characters
  }
}

/// What the reader shows.
public struct Shown: Sendable, Equatable {
  /// The place: a UTF-16 offset.
  public var offset: Int
  /// Visible page indices, 0-based.
  public var pages: [Int]
  /// Their UTF-16 ranges.
  public var ranges: [Range<Int>]
  /// Total pages.
  public var pageCount: Int
  /// Single, spread or tabletop.
  public var layout: LayoutKind
  /// Page frames in reader coordinates.
  public var frames: [Rect]
  /// Where notes go.
  public var notes: NotesPlacement
  /// The first words of the first visible page (for timelines).
  public var excerpt: String

  /// Makes a shown event.
  public init(
    offset: Int, pages: [Int], ranges: [Range<Int>], pageCount: Int, layout: LayoutKind,
    frames: [Rect], notes: NotesPlacement, excerpt: String
  ) {
    self.offset = offset
    self.pages = pages
    self.ranges = ranges
    self.pageCount = pageCount
    self.layout = layout
    self.frames = frames
    self.notes = notes
    self.excerpt = excerpt
  }
}

/// A reader rule was broken.
public struct Violation: Sendable, Equatable {
  /// The rule's name (`offset-visible`, `spread-even`, …).
  public var rule: String
  /// What was wrong, in words.
  public var message: String
  /// The type of the event that led to the state.
  public var cause: EventType
  /// The time of that event.
  public var causeTime: Double
  /// The state: the place when the rule broke.
  public var offset: Int
  /// The state: the visible pages (0-based) when the rule broke.
  public var pages: [Int]

  /// Makes a violation.
  public init(rule: String, message: String, cause: EventType, causeTime: Double, offset: Int = 0, pages: [Int] = []) {
    self.rule = rule
    self.message = message
    self.cause = cause
    self.causeTime = causeTime
    self.offset = offset
    self.pages = pages
  }
}

/// One settle cycle's timing (filled by the timing stage; see `Timing/`).
public struct TimingRecord: Sendable, Equatable {
  /// What caused the cycle.
  public var cause: SettleCause
  /// Time of the input that caused it.
  public var causeTime: Double
  /// First scene change of the burst (nil when the size did not change).
  public var firstSize: Double?
  /// Last scene change of the burst.
  public var lastSize: Double?
  /// Sizes in the burst.
  public var sizes: Int
  /// When the settle fired.
  public var settled: Double
  /// Pagination compute time (ms).
  public var paginationMs: Double
  /// Cache outcome.
  public var cache: CacheOutcome
  /// Pages.
  public var pageCount: Int
  /// UTF-16 units laid out.
  public var characters: Int
  /// When the page was shown.
  public var shown: Double

  /// Makes a timing record.
  public init(
    cause: SettleCause, causeTime: Double, firstSize: Double?, lastSize: Double?, sizes: Int,
    settled: Double, paginationMs: Double, cache: CacheOutcome, pageCount: Int, characters: Int,
    shown: Double
  ) {
    self.cause = cause
    self.causeTime = causeTime
    self.firstSize = firstSize
    self.lastSize = lastSize
    self.sizes = sizes
    self.settled = settled
    self.paginationMs = paginationMs
    self.cache = cache
    self.pageCount = pageCount
    self.characters = characters
    self.shown = shown
  }

  /// Last scene size → shown (the settle wait plus pagination), ms.
  public var lastSizeToShown: Double? { lastSize.map { Self.nanoseconds(shown - $0) } }
  /// Cause → shown, ms.
  public var causeToShown: Double { Self.nanoseconds(shown - causeTime) }
  /// Last scene size (or cause) → settle, ms.
  public var settleWait: Double { Self.nanoseconds(settled - (lastSize ?? causeTime)) }

  /// Differences of millisecond times, rounded to the nanosecond (no 500.0529999999999).
  static func nanoseconds(_ ms: Double) -> Double { (ms * 1_000_000).rounded() / 1_000_000 }
}
