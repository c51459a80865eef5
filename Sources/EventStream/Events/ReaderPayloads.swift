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
public enum NotesPlacement: String, Sendable, CaseIterable {
  /// On the trailing side of the fold.
  case trailing
  /// In a sheet over the page.
  case sheet
}

/// How a settle was answered: laid out, found in the cache, or not paginated.
public enum CacheOutcome: String, Sendable {
  /// Laid out now.
  case miss
  /// Found in the cache.
  case hit
  /// Nothing to repaginate: the settled page size and text size are the ones shown.
  case skip
  /// A later settle replaced this layout while the reader was busy, before it was paginated;
  /// it was never shown (timing records only).
  case superseded
  /// The run ended (`end`) before the reader answered this settle: it was never shown
  /// (timing records only).
  case interrupted
}

/// Why the reader answered a settle without paginating.
public enum SkipReason: String, Sendable, CaseIterable {
  /// The settled page size and text size are the ones on screen.
  case unchanged
  /// A later settle arrived while the reader was busy; only the latest is paginated.
  case superseded
  /// Only the text size changed and the document is fixed-layout (a PDF): its pages do not
  /// reflow, so the screen stays.
  case fixedLayout
}

/// The reader answered a settle without paginating it.
public struct Skipped: Sendable, Equatable {
  /// The time of the `settled` answered.
  public var settled: Double
  /// Why nothing was paginated.
  public var reason: SkipReason
  /// The settled layout's page width, points.
  public var pageWidth: Double
  /// The settled layout's page height, points.
  public var pageHeight: Double
  /// The settled layout's text size.
  public var textSize: TextSize

  /// Makes a skipped event.
  public init(settled: Double, reason: SkipReason, pageWidth: Double, pageHeight: Double, textSize: TextSize) {
    self.settled = settled
    self.reason = reason
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.textSize = textSize
  }
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
  /// Compute time charged, ms (by the cost model `computeClock` names).
  public var ms: Double
  /// Cache outcome: `miss` or `hit`.
  public var cache: CacheOutcome
  /// UTF-16 units laid out.
  public var characters: Int
  /// The time of the `settled` this pagination answers.
  public var settled: Double
  /// How long the settle waited for the busy reader before its pagination began, ms: the
  /// reader being busy with other work, and only that.
  public var queuedMs: Double
  /// How much later than the settle (and than the reader's being free) the pagination began,
  /// ms: a real reader's late start — the size's delivery to it and its own debounce timer
  /// firing after the settle. Always 0 for the reader model, whose settle is its debounce.
  public var lateStartMs: Double
  /// The cost model that charged `ms`: `thread-cpu` (host), `fixed:MS`, `device`, … .
  public var computeClock: String

  /// Makes a paginated event. `settled + queuedMs + lateStartMs + ms` is when it ended.
  public init(
    pageWidth: Double, pageHeight: Double, textSize: TextSize, pageCount: Int, ms: Double,
    cache: CacheOutcome, characters: Int, settled: Double, queuedMs: Double = 0, lateStartMs: Double = 0,
    computeClock: String = "fixed"
  ) {
    self.lateStartMs = lateStartMs
    self.pageWidth = pageWidth
    self.pageHeight = pageHeight
    self.textSize = textSize
    self.pageCount = pageCount
    self.ms = ms
    self.cache = cache
    self.characters = characters
    self.settled = settled
    self.queuedMs = queuedMs
    self.computeClock = computeClock
  }
}

/// What the reader shows.
public struct Shown: Sendable, Equatable {
  /// The place: a UTF-16 offset (a page index for a PDF, whose `ranges` are then `i..<i+1`).
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
  /// A fixed-layout (PDF) reader's scale of each visible page (frame width / page width);
  /// nil for text, and then not written.
  public var pageScales: [Double]?
  /// True when the layout was made with the notes open (written only when true).
  public var notesOpen: Bool
  /// The selected chapter's id (from the navigation stage), nil without one.
  public var chapter: Int?
  /// From this `shown` to the first frame painted with it, ms: measured by a real reader that
  /// reports it (the browser's `painted`, a double `requestAnimationFrame`); nil when nothing
  /// painted is measured (the reader model draws nothing).
  public var paintedMs: Double?

  /// Makes a shown event.
  public init(
    offset: Int, pages: [Int], ranges: [Range<Int>], pageCount: Int, layout: LayoutKind,
    frames: [Rect], notes: NotesPlacement, excerpt: String, pageScales: [Double]? = nil, notesOpen: Bool = false,
    chapter: Int? = nil, paintedMs: Double? = nil
  ) {
    self.paintedMs = paintedMs
    self.chapter = chapter
    self.notesOpen = notesOpen
    self.offset = offset
    self.pages = pages
    self.ranges = ranges
    self.pageCount = pageCount
    self.layout = layout
    self.frames = frames
    self.notes = notes
    self.excerpt = excerpt
    self.pageScales = pageScales
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

/// One settle cycle's timing record (filled by the timing stage; see `Timing/`): the cycle as
/// the settle stage decided it, and the reader's answer.
///
/// Every duration is exact to the microsecond (`StreamTime`), and each name says what it
/// spans: `settleWait` is `lastChange → settled` (the debounce's quiet window, whatever changed
/// the layout last), `lastSizeToShown` is `lastSize → shown`, `causeToShown` is
/// `causeTime → shown`, and
/// `shown = settled + queuedMs + lateStartMs + paginationMs + paginatedToShownMs` — for the
/// reader model (whose late start and paginated → shown gap are 0), for an app's log and for a
/// browser alike. `paintedMs` comes after `shown`: the first frame painted with it.
public struct TimingRecord: Sendable, Equatable {
  /// The cycle: its cause and when the layout changed (the settle stage's, from `settled`).
  public var cycle: SettleCycle
  /// Sizes in the burst.
  public var sizes: Int
  /// When the settle fired.
  public var settled: Double
  /// How long the settle waited for the busy reader before its pagination began, ms (for a
  /// record that was never shown: how long it had waited when it was given up). The reader
  /// being busy, and only that.
  public var queuedMs: Double
  /// A real reader's late start, ms: its pagination began this much after the settle and
  /// after it was free — the layout's delivery to it and its own debounce timer firing after
  /// the settle's. 0 for the reader model (its settle is its debounce; nothing is delivered).
  public var lateStartMs: Double
  /// Pagination compute time (ms), as the cost model charged it.
  public var paginationMs: Double
  /// From the pagination's end to the `shown` that put it on screen, ms (a web page builds its
  /// page elements in between). 0 for the reader model, which shows as it finishes.
  public var paginatedToShownMs: Double
  /// From `shown` to the first frame painted with it, ms, where a real reader measured it
  /// (the browser under `--clock real`); nil otherwise — the reader model paints nothing.
  public var paintedMs: Double?
  /// The cost model (`thread-cpu`, `fixed:MS`, `device`, …); empty when no reader answered.
  public var computeClock: String
  /// How the settle was answered: `miss`, `hit`, `skip` (nothing to repaginate),
  /// `superseded` (replaced before it was paginated) or `interrupted` (the run ended first).
  public var cache: CacheOutcome
  /// Pages of the layout shown (0 when never shown).
  public var pageCount: Int
  /// UTF-16 units laid out.
  public var characters: Int
  /// When the layout was shown (for `skip`, when the reader answered); nil when it never was.
  public var shown: Double?

  /// Makes a timing record.
  public init(
    cycle: SettleCycle, sizes: Int, settled: Double, queuedMs: Double = 0, lateStartMs: Double = 0,
    paginationMs: Double, paginatedToShownMs: Double = 0, paintedMs: Double? = nil, computeClock: String = "",
    cache: CacheOutcome, pageCount: Int, characters: Int, shown: Double?
  ) {
    self.lateStartMs = lateStartMs
    self.paginatedToShownMs = paginatedToShownMs
    self.paintedMs = paintedMs
    self.cycle = cycle
    self.sizes = sizes
    self.settled = settled
    self.queuedMs = queuedMs
    self.paginationMs = paginationMs
    self.computeClock = computeClock
    self.cache = cache
    self.pageCount = pageCount
    self.characters = characters
    self.shown = shown
  }

  /// What caused the cycle.
  public var cause: SettleCause { cycle.cause }
  /// Time of the input that caused it.
  public var causeTime: Double { cycle.causeTime }
  /// The cycle's first layout change (a scene size, a new text size, a new fold frame, the notes).
  public var firstChange: Double { cycle.firstChange }
  /// The cycle's last layout change: the settle came the quiet window after it.
  public var lastChange: Double { cycle.lastChange }
  /// First scene size of the cycle (nil when the size did not change).
  public var firstSize: Double? { cycle.firstSize }
  /// Last scene size of the cycle.
  public var lastSize: Double? { cycle.lastSize }

  /// True when the layout was replaced before it was paginated (no latency to measure).
  public var isSuperseded: Bool { cache == .superseded }
  /// True when the run ended before the reader answered the settle (no latency to measure).
  public var isInterrupted: Bool { cache == .interrupted }
  /// Last scene size → shown (the settle wait, queueing and pagination), ms.
  public var lastSizeToShown: Double? {
    guard let shown, let lastSize else { return nil }
    return StreamTime.elapsed(from: lastSize, to: shown)
  }
  /// Last scene size → the first frame painted with the layout, ms: nil without a size, when
  /// never shown, or when nothing painted was measured.
  public var lastSizeToPainted: Double? {
    guard let lastSizeToShown, let paintedMs else { return nil }
    return StreamTime.adding(paintedMs, to: lastSizeToShown)
  }
  /// Cause → shown, ms; nil when never shown.
  public var causeToShown: Double? { shown.map { StreamTime.elapsed(from: causeTime, to: $0) } }
  /// Last layout change → settle, ms: the quiet window (`SettleCycle.wait(settledAt:)`).
  public var settleWait: Double { cycle.wait(settledAt: settled) }
}
