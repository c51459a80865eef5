import EventStream
import Simulator

/// The fixed-layout reader's rules with no clock: the place is a page index; a settled size
/// is laid out as page frames (`FixedPageLayout`) and shows the page holding the place — or
/// the spread, pages 0–1, 2–3, … — and only `turn` and `goto` move the place. Text size is not
/// part of the layout: a settle that changes only the text size shows nothing new.
///
/// ```swift
/// var rules = FixedLayoutStateMachine(document: pdf, insets: duo.pages, place: 0)
/// let request = rules.request(for: openWide)   // a spread: two slots meeting at the fold
/// rules.laidOut(layout, for: request, …)       // paginated, shown pages [0, 1]
/// ```
struct FixedLayoutStateMachine {
  /// Whether there is anything on screen.
  enum State {
    /// Nothing laid out yet: a `goto` moves the place, a `turn` does nothing.
    case waitingForLayout
    /// Page frames are on screen.
    case showing(Screen)
  }

  /// What is on screen.
  struct Screen {
    var layout: FixedPageLayout
    var request: Request
    /// The first page on screen.
    var firstPage: Int
  }

  /// A settled size to lay out: the page geometry it gives and the key of its frames.
  struct Request {
    var geometry: PageGeometry
    var key: FixedPageLayout.Key
    var readerWidth: Double
    var textSize: TextSize
    /// The settle it was made for.
    var settled: Settled
  }

  let document: FixedLayoutDocument
  let insets: Profile.PageInsets
  let direction: ReadingDirection
  /// The place: a page index, 0-based.
  private(set) var place: Int
  private(set) var state: State = .waitingForLayout

  /// Rules over a document with the place at page `place` (clamped to the document).
  init(document: FixedLayoutDocument, insets: Profile.PageInsets, place: Int, direction: ReadingDirection = .ltr) {
    self.document = document
    // A PDF page is a fixed page, not a text column: the text's maximum width does not narrow it.
    var insets = insets
    insets.maximumTextWidth = nil
    self.insets = insets
    self.direction = direction
    self.place = Self.clamped(place, count: document.pageCount)
  }

  /// What a settle asks for: the text reader's page geometry (folds, insets, size class) and
  /// the slots the pages are scaled into.
  func request(for s: Settled) -> Request {
    let geometry = PageGeometry(
      width: s.width, height: s.height, division: s.division, insets: insets, direction: direction,
      horizontalSizeClass: s.horizontalSizeClass)
    return Request(
      geometry: geometry, key: FixedPageLayout.key(for: geometry), readerWidth: s.width, textSize: s.textSize,
      settled: s)
  }

  /// What a `regions` change asks for when the fold on screen only turned active or flat (same
  /// frame) and the arrangement stays (a spread stays a spread): the same settled size with the
  /// fold's new state; nil for any other change — a tabletop fold turning flat is the phone
  /// closing or opening flat, and the settle after it lays the pages out.
  func request(forFold division: Division?) -> Request? {
    guard case .showing(let screen) = state, let division, let shown = screen.request.settled.division,
      shown.frame == division.frame, shown.isActive != division.isActive
    else { return nil }
    var settled = screen.request.settled
    settled.division = division
    let next = request(for: settled)
    return next.key.layout == screen.layout.key.layout ? next : nil
  }

  /// The fold on screen turned active or flat: shows the pages in `layout`'s frames (a spread
  /// steps back from an active fold; its pages meet at a flat fold's centre), or only keeps
  /// the new fold when the frames are the same.
  mutating func refolded(
    _ layout: FixedPageLayout, for request: Request, cause: Event, at time: Double, into output: inout [Event]
  ) {
    guard case .showing(var screen) = state else { return }
    let moved = screen.layout.key != layout.key
    screen.layout = layout
    screen.request = request
    state = .showing(screen)
    if moved { show(screen, cause: cause, at: time, into: &output) }
  }

  /// Nil when `request` needs new frames; otherwise why the screen stays — `unchanged`, or
  /// `fixedLayout` when only the text size changed (a PDF does not reflow) — and the screen
  /// keeps the new fold and text size.
  mutating func keepsScreen(for request: Request) -> SkipReason? {
    guard case .showing(var screen) = state, screen.layout.key == request.key else { return nil }
    let reason: SkipReason = screen.request.textSize == request.textSize ? .unchanged : .fixedLayout
    screen.request = request
    state = .showing(screen)
    return reason
  }

  /// The frames `request` needed are laid out: shows the page (or spread) holding the place,
  /// with `paginated`, `shown` and any `violation` stamped at `time`.
  mutating func laidOut(
    _ layout: FixedPageLayout, for request: Request, paginated: Paginated, cause: Event, at time: Double,
    into output: inout [Event]
  ) {
    let screen = Screen(
      layout: layout, request: request, firstPage: FixedPageLayout.firstPage(for: place, layout: layout.key.layout))
    state = .showing(screen)
    output.append(Event(time: time, .paginated(paginated)))
    show(screen, cause: cause, at: time, into: &output)
  }

  /// A `turn`: moves by a page or a spread; the place becomes the first page on screen. At
  /// either end, or with nothing on screen, nothing happens.
  mutating func turned(_ turn: TurnDirection, cause: Event, at time: Double, into output: inout [Event]) {
    guard case .showing(var screen) = state else { return }
    let step = screen.layout.key.layout == .spread ? 2 : 1
    let target = turn == .next ? screen.firstPage + step : screen.firstPage - step
    guard target >= 0, target < document.pageCount else { return }
    screen.firstPage = target
    place = target
    state = .showing(screen)
    show(screen, cause: cause, at: time, into: &output)
  }

  /// A `goto`: its number is a page index here (clamped to the document); shows that page.
  mutating func wentTo(_ page: Int, cause: Event, at time: Double, into output: inout [Event]) {
    place = Self.clamped(page, count: document.pageCount)
    guard case .showing(var screen) = state else { return }
    screen.firstPage = FixedPageLayout.firstPage(for: place, layout: screen.layout.key.layout)
    state = .showing(screen)
    show(screen, cause: cause, at: time, into: &output)
  }

  private static func clamped(_ page: Int, count: Int) -> Int { min(max(0, page), max(0, count - 1)) }

  /// Emits `shown` for the screen and a `violation` for every rule it breaks.
  private func show(_ screen: Screen, cause: Event, at time: Double, into output: inout [Event]) {
    let layout = screen.layout
    let perScreen = layout.key.layout == .spread ? 2 : 1
    let pages = Array(screen.firstPage..<min(screen.firstPage + perScreen, document.pageCount))
    let frames = pages.map { layout.frames[$0] }
    let first = pages.first ?? 0
    let size = document.pageSizes[first]
    let excerpt =
      "PDF page \(first + 1): \(NumberFormat.shortest(size.width, places: 2))×\(NumberFormat.shortest(size.height, places: 2)) pt at \(NumberFormat.shortest(layout.scales[first], places: 3))×"
    output.append(
      Event(
        time: time,
        .shown(
          Shown(
            offset: place, pages: pages, ranges: pages.map { $0..<($0 + 1) }, pageCount: document.pageCount,
            layout: layout.key.layout, frames: frames, notes: layout.key.notes, excerpt: excerpt,
            pageScales: pages.map { layout.scales[$0] }))))
    let snapshot = FixedLayoutInvariants.Snapshot(
      place: place, pages: pages, frames: frames, layout: layout.key.layout, readerWidth: screen.request.readerWidth,
      division: screen.request.geometry.division, direction: direction, scales: pages.map { layout.scales[$0] })
    for (rule, message) in FixedLayoutInvariants.check(snapshot) {
      output.append(
        Event(
          time: time,
          .violation(
            Violation(
              rule: rule, message: message, cause: cause.kind.type, causeTime: cause.time, offset: place,
              pages: pages))))
    }
  }
}
