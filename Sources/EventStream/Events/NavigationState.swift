/// The sidebar input: show the library beside the reader, or hide it.
public enum SidebarMode: String, Sendable, CaseIterable {
  case show, hide
}

/// How the split view's columns stand: side by side (regular width) or collapsed into a stack
/// (compact width).
public enum NavigationColumns: String, Sendable, CaseIterable {
  case split, stack
}

/// What the collapsed stack shows on top (in `split` the reader is the detail column).
public enum NavigationTop: String, Sendable, CaseIterable {
  case library, reader
}

/// The navigation stage's state after an input or a settle (`"type":"navigation"`).
///
/// The navigation stage is the one selection owner: the reader learns the selected chapter,
/// the sidebar's width and where a newly opened chapter starts only from this event.
public struct NavigationState: Sendable, Equatable {
  /// The selected chapter's 1-based id, nil when none is (the library alone).
  public var chapter: Int?
  /// How many chapters the library lists.
  public var chapterCount: Int
  /// The sidebar as asked for (it shows only in regular width).
  public var sidebar: SidebarMode
  /// Side by side or stacked, from the settled horizontal size class.
  public var columns: NavigationColumns
  /// The stack's top (the library when no chapter is selected).
  public var top: NavigationTop
  /// True when a `back` would pop the stack to the library.
  public var canGoBack: Bool
  /// The width the sidebar takes from the reader's frame, points (0 when hidden or compact).
  public var sidebarWidth: Double
  /// Where the reader's place moves (a chapter just opened), nil to leave it.
  public var offset: Int?
  /// The notes draft, as an opaque length (UTF-16 units) and content hash.
  public var draftLength: Int
  /// The draft's hash (FNV-1a 64 of its UTF-8, hex).
  public var draftHash: String
  /// Why an input did nothing (`back` at the root, an unknown chapter id in a JSONL stream).
  public var warning: String?

  /// Makes a navigation state.
  public init(
    chapter: Int?, chapterCount: Int, sidebar: SidebarMode, columns: NavigationColumns, top: NavigationTop,
    canGoBack: Bool, sidebarWidth: Double, offset: Int? = nil, draftLength: Int = 0, draftHash: String = "",
    warning: String? = nil
  ) {
    self.chapter = chapter
    self.chapterCount = chapterCount
    self.sidebar = sidebar
    self.columns = columns
    self.top = top
    self.canGoBack = canGoBack
    self.sidebarWidth = sidebarWidth
    self.offset = offset
    self.draftLength = draftLength
    self.draftHash = draftHash
    self.warning = warning
  }
}
