import EventStream

/// The navigation rules `check` enforces on every state the navigation stage emits, judged
/// against the state before it.
///
/// - `selection-stays-detail`: a layout change (`settled`, `sidebar`) never changes the
///   selected chapter.
/// - `back-available`: collapsed into a stack with the reader on top, `back` is available.
/// - `no-stale-selection`: opening a chapter selects exactly it, puts the reader on top and
///   moves the place to its start.
/// - `draft-survives`: the notes draft (length and hash) never changes across a layout change.
/// - `sidebar-width`: the reader gives up the profile's sidebar width (the design kit's 280 pt
///   on the iPhone Duo) exactly when the sidebar is shown beside it (regular width), else
///   nothing.
struct NavigationInvariants {
  private var previous: NavigationState?
  /// The sidebar's width when shown beside the reader, points (`pages.sidebarWidth`).
  let sidebarWidth: Double

  init(sidebarWidth: Double) { self.sidebarWidth = sidebarWidth }

  /// The rules `next` breaks, as (rule, message).
  mutating func check(_ next: NavigationState, cause: EventKind, library: Library) -> [(String, String)] {
    defer { previous = next }
    var broken: [(String, String)] = []
    let layoutChange: Bool =
      switch cause {
      case .settled, .sidebar: true
      default: false
      }
    if layoutChange, let previous, previous.chapter != next.chapter {
      broken.append(
        (
          "selection-stays-detail",
          "the selected chapter went from \(Self.name(previous.chapter)) to \(Self.name(next.chapter)) on a layout change"
        ))
    }
    if next.columns == .stack, next.top == .reader, !next.canGoBack {
      broken.append(("back-available", "the reader is on top of the collapsed stack but back is not available"))
    }
    if case .openChapter(let id) = cause, next.warning == nil {
      let start = library.chapter(id)?.range.lowerBound
      if next.chapter != id || next.top != .reader || next.offset != start {
        broken.append(
          (
            "no-stale-selection",
            "opened chapter \(id) but the selection is \(Self.name(next.chapter)), \(next.top.rawValue) on top, place \(next.offset.map(String.init) ?? "kept")"
          ))
      }
    }
    if layoutChange, let previous, previous.draftLength != next.draftLength || previous.draftHash != next.draftHash {
      broken.append(("draft-survives", "the notes draft changed on a layout change"))
    }
    let width = next.sidebar == .show && next.columns == .split ? sidebarWidth : 0
    if next.sidebarWidth != width {
      broken.append(
        (
          "sidebar-width",
          "the sidebar takes \(NumberFormat.shortest(next.sidebarWidth)) pt, expected \(NumberFormat.shortest(width))"
        ))
    }
    return broken
  }

  private static func name(_ chapter: Int?) -> String { chapter.map { "chapter \($0)" } ?? "none" }
}
