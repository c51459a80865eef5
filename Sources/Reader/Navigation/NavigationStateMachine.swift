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
  enum Selection: Equatable {
    /// No chapter is selected: the library alone (the stack's root when collapsed).
    case library
    /// A chapter is selected and is the detail (the stack's top when collapsed).
    case reading(chapter: Int)
  }

  /// The stage's phase, with the data that exists in it. `layout` is the last layout the settle
  /// stage settled (nil before the first; the stage's own re-settles never replace it): its
  /// horizontal size class decides the columns, and a re-settle repeats it.
  enum State: Equatable {
    /// No navigation input yet: the stage follows the settles and says nothing, so a stream
    /// without navigation is unchanged. The chapter the reader opened at is selected, and the
    /// sidebar is hidden (only an input shows it).
    case silent(chapter: Int, layout: Settled?)
    /// From the first navigation input on: a navigation state for every settle and input.
    case engaged(Selection, sidebar: SidebarMode, layout: Settled?)
  }

  /// The chapters.
  public let library: Library
  private(set) var state: State
  private let draft: (length: Int, hash: String)
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
    state = .silent(chapter: library.chapter(containing: offset).id, layout: nil)
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
      switch state {
      case .silent(let chapter, _): state = .silent(chapter: chapter, layout: settled)
      case .engaged(let selection, let sidebar, _):
        state = .engaged(selection, sidebar: sidebar, layout: settled)
        emit(cause: event, into: &output)
      }
    case .openChapter(let id):
      guard let chapter = library.chapter(id) else {
        engage(selection, sidebar: sidebar)
        emit(cause: event, warning: "no chapter \(id) (the text has \(library.chapters.count))", into: &output)
        return
      }
      engage(.reading(chapter: id), sidebar: sidebar)
      emit(cause: event, offset: chapter.range.lowerBound, into: &output)
      if resettlesChapters { resettle(cause: .chapter, at: event.time, into: &output) }
    case .back:
      guard columns == .stack, case .reading = selection else {
        engage(selection, sidebar: sidebar)
        emit(
          cause: event,
          warning: columns == .split
            ? "nothing to go back to: the library and the reader sit side by side"
            : "nothing to go back to: the library is the root", into: &output)
        return
      }
      engage(.library, sidebar: sidebar)
      emit(cause: event, into: &output)
    case .sidebar(let mode):
      let before = sidebarWidth
      engage(selection, sidebar: mode)
      emit(cause: event, into: &output)
      if sidebarWidth != before { resettle(cause: .sidebar, at: event.time, into: &output) }
    default: return
    }
  }

  /// Engaged (from silent, on the first navigation input) with `selection` and `sidebar`; the
  /// layout stays.
  private mutating func engage(_ selection: Selection, sidebar: SidebarMode) {
    state = .engaged(selection, sidebar: sidebar, layout: layout)
  }

  private var selection: Selection {
    switch state {
    case .silent(let chapter, _): .reading(chapter: chapter)
    case .engaged(let selection, _, _): selection
    }
  }

  private var sidebar: SidebarMode {
    if case .engaged(_, let sidebar, _) = state { sidebar } else { .hide }
  }

  private var layout: Settled? {
    switch state {
    case .silent(_, let layout), .engaged(_, _, let layout): layout
    }
  }

  /// Settles the last settled layout again, now, for a change only this stage sees.
  private func resettle(cause: SettleCause, at time: Double, into output: inout [Event]) {
    guard var settled = layout else { return }
    settled.changed = true
    settled.sizes = 0
    settled.cycle = SettleCycle(
      cause: cause, causeTime: time, firstChange: time, lastChange: time, firstSize: nil, lastSize: nil)
    output.append(Event(time: time, .settled(settled)))
  }

  /// Side by side in regular width, a stack otherwise (and before the first settle).
  private var columns: NavigationColumns {
    layout?.horizontalSizeClass == .regular ? .split : .stack
  }

  private var sidebarWidth: Double {
    Library.sidebarWidth(sidebar, sizeClass: layout?.horizontalSizeClass, width: shownSidebarWidth)
  }

  /// The state as the reader and the stream see it.
  func current(offset: Int? = nil, warning: String? = nil) -> NavigationState {
    let chapter: Int? = if case .reading(let id) = selection { id } else { nil }
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
