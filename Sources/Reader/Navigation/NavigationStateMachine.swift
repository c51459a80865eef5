import EventStream

/// The navigation stage: the one selection owner of the split view (library beside or under
/// the reader). It sits between settle and the reader.
///
/// Inputs `openChapter`, `back` and `sidebar` and every `settled` (the horizontal size class
/// decides side by side or a stack) become a `navigation` event the reader follows: the
/// selected chapter, the sidebar's width (the profile's `pages.sidebarWidth` in regular width
/// when shown: 280 pt on the iPhone Duo) and, when a
/// chapter was just opened, where its place starts. Showing or hiding the sidebar in regular
/// width changes the reader's frame, so the stage re-settles the last layout with cause
/// `sidebar`. The stage is silent until the first navigation input, so streams without one are
/// unchanged. Every state it emits is checked (`NavigationInvariants`).
///
/// ```swift
/// var nav = NavigationStateMachine(library: Library(text: text), sidebarWidth: duo.pages.sidebarWidth)
/// // settled 669×787 regular, then `sidebar show` → navigation (sidebar 280 pt) + settled (cause sidebar)
/// ```
public struct NavigationStateMachine: Stage {
  /// What the user sees of the library.
  enum State: Equatable {
    /// No chapter is selected: the library alone (the stack's root when collapsed).
    case library
    /// A chapter is selected and is the detail (the stack's top when collapsed).
    case reading(chapter: Int)
  }

  /// The chapters.
  public let library: Library
  private(set) var state: State
  private var sidebar: SidebarMode = .hide
  private var lastSettled: Settled?
  private let draft: (length: Int, hash: String)
  private var engaged = false
  private var invariants: NavigationInvariants
  /// The sidebar's width when shown in regular width, points.
  private let shownSidebarWidth: Double
  /// True when the reader paginates one chapter at a time (`ChapterReader`): opening a chapter
  /// is then a layout change, re-settled with cause `chapter`.
  private let resettlesChapters: Bool

  /// Makes the stage with the chapter holding `offset` selected.
  /// - Parameters:
  ///   - draft: the notes draft carried through every move (opaque here: its length and hash).
  ///   - chapterPagination: the reader paginates one chapter at a time (`ChapterReader`).
  ///   - sidebarWidth: the sidebar's width when shown in regular width (`pages.sidebarWidth`).
  public init(
    library: Library, offset: Int = 0, draft: String = "", chapterPagination: Bool = false, sidebarWidth: Double
  ) {
    self.library = library
    shownSidebarWidth = sidebarWidth
    invariants = NavigationInvariants(sidebarWidth: sidebarWidth)
    resettlesChapters = chapterPagination
    state = .reading(chapter: library.chapter(containing: offset).id)
    self.draft = (draft.utf16.count, Self.hash(draft))
  }

  public var deadline: Double? { nil }

  public mutating func fire(at now: Double, into output: inout [Event]) {}

  public mutating func receive(_ event: Event, into output: inout [Event]) {
    switch event.kind {
    case .settled(let settled):
      switch settled.cycle.cause {
      case .sidebar, .chapter: return  // our own re-settle
      default: break
      }
      lastSettled = settled
      guard engaged else { return }
      emit(cause: event, into: &output)
    case .openChapter(let id):
      engaged = true
      guard let chapter = library.chapter(id) else {
        emit(cause: event, warning: "no chapter \(id) (the text has \(library.chapters.count))", into: &output)
        return
      }
      state = .reading(chapter: id)
      emit(cause: event, offset: chapter.range.lowerBound, into: &output)
      if resettlesChapters { resettle(cause: .chapter, at: event.time, into: &output) }
    case .back:
      engaged = true
      guard columns == .stack, case .reading = state else {
        emit(
          cause: event,
          warning: columns == .split
            ? "nothing to go back to: the library and the reader sit side by side"
            : "nothing to go back to: the library is the root", into: &output)
        return
      }
      state = .library
      emit(cause: event, into: &output)
    case .sidebar(let mode):
      engaged = true
      let before = sidebarWidth
      sidebar = mode
      emit(cause: event, into: &output)
      if sidebarWidth != before { resettle(cause: .sidebar, at: event.time, into: &output) }
    default: return
    }
  }

  /// Settles the last settled layout again, now, for a change only this stage sees.
  private func resettle(cause: SettleCause, at time: Double, into output: inout [Event]) {
    guard var settled = lastSettled else { return }
    settled.changed = true
    settled.sizes = 0
    settled.cycle = SettleCycle(
      cause: cause, causeTime: time, firstChange: time, lastChange: time, firstSize: nil, lastSize: nil)
    output.append(Event(time: time, .settled(settled)))
  }

  /// Side by side in regular width, a stack otherwise (and before the first settle).
  private var columns: NavigationColumns {
    lastSettled?.horizontalSizeClass == .regular ? .split : .stack
  }

  private var sidebarWidth: Double {
    Library.sidebarWidth(sidebar, sizeClass: lastSettled?.horizontalSizeClass, width: shownSidebarWidth)
  }

  /// The state as the reader and the stream see it.
  func current(offset: Int? = nil, warning: String? = nil) -> NavigationState {
    let chapter: Int? = if case .reading(let id) = state { id } else { nil }
    let columns = columns
    return NavigationState(
      chapter: chapter, chapterCount: library.chapters.count, sidebar: sidebar, columns: columns,
      top: chapter == nil ? .library : .reader, canGoBack: columns == .stack && chapter != nil,
      sidebarWidth: sidebarWidth, offset: offset, draftLength: draft.length, draftHash: draft.hash, warning: warning)
  }

  private mutating func emit(
    cause: Event, offset: Int? = nil, warning: String? = nil, into output: inout [Event]
  ) {
    let next = current(offset: offset, warning: warning)
    output.append(Event(time: cause.time, .navigation(next)))
    for (rule, message) in invariants.check(next, cause: cause.kind, library: library) {
      output.append(
        Event(
          time: cause.time,
          .violation(
            Violation(
              rule: rule, message: message, cause: cause.kind.type, causeTime: cause.time, offset: offset ?? 0))))
    }
  }

  /// FNV-1a 64 of the UTF-8, in hex.
  static func hash(_ text: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      h ^= UInt64(byte)
      h = h &* 0x100_0000_01b3
    }
    return String(h, radix: 16)
  }
}
