import EventStream
import Simulator
import Typesetter

/// The reference reader's rules (DESIGN §6) with no clock: the place is a UTF-16 offset, a
/// settled layout is paginated and then shows the page (or even-started spread) holding the
/// place, only `turn` and `goto` move the place, and every shown state is checked.
///
/// Time does not pass here: each event is stamped with the time it is given. Which
/// pagination a settle needs is asked first (`layout(for:)`, `keepsScreen(for:)`), and the
/// pagination, once someone has laid it out, is handed back (`paginated`).
///
/// ```swift
/// var rules = ReaderRules(document: doc, insets: duo.pages, offset: 20_000)
/// let layout = rules.layout(for: open)         // 867×611 → a spread of 331.5×571 pages
/// if !rules.keepsScreen(for: layout) {
///   rules.paginated(pages, for: layout, ms: 5, cache: .miss, answer: a, cause: event, at: 205, into: &out)
/// }                                            // paginated, shown pages [22, 23]
/// ```
struct ReaderRules {
  /// Whether there is anything on screen.
  enum State {
    /// No layout has been paginated yet: a `goto` moves the place, a `turn` does nothing.
    case waitingForLayout
    /// A paginated layout is on screen.
    case showing(Screen)
  }

  /// What is on screen.
  struct Screen {
    var geometry: PageGeometry
    var textSize: TextSize
    var pagination: Pagination
    /// The first page on screen (a spread's lower-numbered one: left in `ltr`, right in `rtl`).
    var firstPage: Int
    /// True when the layout was settled with the notes open.
    var notesOpen: Bool
  }

  /// A settled layout to paginate: where the pages go, and the pagination they need.
  struct Layout {
    var geometry: PageGeometry
    var key: PageKey
    /// True when the settle had the notes open.
    var notesOpen: Bool
  }

  /// Which settle a pagination answers, for the `paginated` event.
  struct Answer {
    /// The settle's time.
    var settled: Double
    /// How long it waited for the busy thread, ms.
    var queuedMs: Double
    /// The cost model's name.
    var computeClock: String
  }

  let document: ReaderDocument
  let insets: Profile.PageInsets
  /// The order the pages run in: it places a spread's pages, never which pages are shown.
  let direction: ReadingDirection
  /// The place: a UTF-16 offset.
  private(set) var offset: Int
  private(set) var state: State = .waitingForLayout
  private var previousOffset: Int?
  var invariants = ReaderInvariants()
  /// The notes, above the layout: every layout change keeps them.
  var notes = ReaderNotes()
  /// Where the notes were last said to be shown (a `notes` event reports a move).
  var notesShownAs = NotesShownAs.hidden
  /// The selection, clipped to one page.
  var selection: ReaderSelection?
  /// A `select` that came before any layout: clipped once the first one is shown.
  var pendingSelect: (offset: Int, length: Int)?
  /// The sidebar as the navigation stage last asked for it.
  private(set) var sidebar: SidebarMode = .hide
  /// The selected chapter (from the navigation stage), carried into `shown`.
  private(set) var chapter: Int?

  /// Rules over a document, with the place at `offset` (clamped to the text), pages running in
  /// `direction`.
  init(document: ReaderDocument, insets: Profile.PageInsets, offset: Int, direction: ReadingDirection = .ltr) {
    self.document = document
    self.insets = insets
    self.direction = direction
    self.offset = min(max(0, offset), document.utf16Count)
  }

  /// The layout a settle asks for: where the pages go and the pagination they need.
  func layout(for s: Settled) -> Layout {
    let next = PageGeometry(settled: s, sidebar: sidebar, insets: insets, direction: direction)
    return Layout(
      geometry: next, key: PageKey(width: next.pageWidth, height: next.pageHeight, textSize: s.textSize),
      notesOpen: s.notesOpen)
  }

  /// True when showing `layout` would show exactly what is on screen — the same pagination
  /// (page size and text size), arrangement and page frames — so there is nothing to
  /// repaginate; the screen then keeps the new geometry (a fold that only turned active or
  /// flat). Whether the settle stage saw the key change does not matter: what counts is what
  /// is shown, which differs from the last settle's layout when that one was superseded.
  mutating func keepsScreen(for layout: Layout) -> Bool {
    guard case .showing(var screen) = state else { return false }
    let next = layout.geometry
    guard screen.textSize == layout.key.textSize, next.pageWidth == screen.geometry.pageWidth,
      next.pageHeight == screen.geometry.pageHeight, next.layout == screen.geometry.layout,
      next.frames == screen.geometry.frames, next.notes == screen.geometry.notes
    else { return false }
    screen.geometry = next
    screen.notesOpen = layout.notesOpen
    state = .showing(screen)
    return true
  }

  /// The pagination a settle needed is laid out (or found): shows the page holding the place,
  /// with `paginated`, `shown` and any `violation` stamped at `time`.
  /// - Parameters:
  ///   - ms: the compute time it was charged.
  ///   - cache: whether it was laid out now or found.
  ///   - answer: the settle it answers.
  ///   - cause: the `settled` event.
  mutating func paginated(
    _ pagination: Pagination, for layout: Layout, ms: Double, cache: CacheOutcome, answer: Answer, cause: Event,
    at time: Double, into output: inout [Event]
  ) {
    let geometry = layout.geometry
    let firstPage = Self.first(for: pagination.page(containing: offset) ?? 0, in: geometry)
    let screen = Screen(
      geometry: geometry, textSize: layout.key.textSize, pagination: pagination, firstPage: firstPage,
      notesOpen: layout.notesOpen)
    state = .showing(screen)
    let reclipped = reclipSelection(in: pagination)
    output.append(
      Event(
        time: time,
        .paginated(
          Paginated(
            pageWidth: layout.key.width, pageHeight: layout.key.height, textSize: layout.key.textSize,
            pageCount: pagination.pageCount, ms: ms, cache: cache,
            characters: cache == .miss ? pagination.charactersLaidOut : 0, settled: answer.settled,
            queuedMs: answer.queuedMs, computeClock: answer.computeClock))))
    show(screen, cause: cause, at: time, into: &output)
    if reclipped { emitSelection(cause: cause.kind.type, at: time, into: &output) }
    notesMaybeMoved(over: geometry, at: time, into: &output)
  }

  /// A `turn`: moves by a page or a spread and re-anchors the place to the first character on
  /// screen; at either end, or with nothing on screen, nothing happens.
  mutating func turned(_ direction: TurnDirection, cause: Event, at time: Double, into output: inout [Event]) {
    guard case .showing(var screen) = state else { return }
    let pagination = screen.pagination
    let step = screen.geometry.pagesPerScreen
    let target = direction == .next ? screen.firstPage + step : screen.firstPage - step
    guard target >= 0, target < pagination.pageCount else { return }  // at an end: nothing to turn
    screen.firstPage = target
    offset = pagination.pageRange(target).lowerBound  // re-anchor to the first character on screen
    state = .showing(screen)
    show(screen, cause: cause, at: time, into: &output)
  }

  /// A `goto`: moves the place (clamped to the text) and shows the page holding it.
  mutating func wentTo(_ target: Int, cause: Event, at time: Double, into output: inout [Event]) {
    offset = min(max(0, target), document.utf16Count)
    guard case .showing(var screen) = state else { return }
    screen.firstPage = Self.first(for: screen.pagination.page(containing: offset) ?? 0, in: screen.geometry)
    state = .showing(screen)
    show(screen, cause: cause, at: time, into: &output)
  }

  /// A `navigation` state: follows the sidebar and the selected chapter, and moves the place
  /// to where a chapter just opened starts (showing it when something is on screen).
  mutating func navigated(_ navigation: NavigationState, cause: Event, at time: Double, into output: inout [Event]) {
    sidebar = navigation.sidebar
    chapter = navigation.chapter
    if let target = navigation.offset { wentTo(target, cause: cause, at: time, into: &output) }
  }

  /// The first page on screen for the page holding the place (even in a spread).
  private static func first(for page: Int, in geometry: PageGeometry) -> Int {
    geometry.layout == .spread ? page - page % 2 : page
  }

  /// Emits `shown` for the screen, and a `violation` for every rule it breaks.
  mutating func show(_ screen: Screen, cause: Event, at time: Double, into output: inout [Event]) {
    let pagination = screen.pagination
    let geometry = screen.geometry
    let firstPage = screen.firstPage
    let pages = (firstPage..<min(firstPage + geometry.pagesPerScreen, pagination.pageCount)).map { $0 }
    let ranges = pages.map { pagination.pageRange($0) }
    let shown = Shown(
      offset: offset, pages: pages, ranges: ranges, pageCount: pagination.pageCount, layout: geometry.layout,
      frames: Array(geometry.frames.prefix(max(1, pages.count))), notes: geometry.notes,
      excerpt: ranges.first.map { document.excerpt($0) } ?? "", notesOpen: screen.notesOpen, chapter: chapter)
    output.append(Event(time: time, .shown(shown)))
    let snapshot = ReaderSnapshot(
      offset: offset, previousOffset: previousOffset, pages: pages,
      pageRanges: (0..<pagination.pageCount).map { pagination.pageRange($0) }, textLength: document.utf16Count,
      geometry: geometry, direction: direction, visibleLines: pages.map { pagination.lines(onPage: $0) },
      style: pagination.style,
      cause: cause.kind.type.rawValue, breaksFingerprint: pagination.pageStarts.hashValue,
      key:
        "\(NumberFormat.shortest(geometry.pageWidth))×\(NumberFormat.shortest(geometry.pageHeight)) \(screen.textSize.rawValue)",
      notesOpen: screen.notesOpen, notesHash: notes.hash, selection: selection?.range,
      hingeChange: ReaderSnapshot.hingeChange(of: cause)
    )
    for (rule, message) in invariants.check(snapshot) {
      output.append(
        Event(
          time: time,
          .violation(
            Violation(
              rule: rule, message: message, cause: cause.kind.type, causeTime: cause.time,
              offset: offset, pages: pages))))
    }
    previousOffset = offset
  }
}
