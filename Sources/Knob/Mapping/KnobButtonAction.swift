/// What pressing a knob's button does.
public enum KnobButtonAction: String, Sendable, Hashable, CaseIterable {
  /// Rotate the device to the next orientation (the default).
  case rotate
  /// Step to the next text size.
  case nextTextSize = "text-size"
  /// Turn to the next page.
  case turnNext = "turn"
  /// Open the notes, or close them when open.
  case toggleNotes = "notes"
  /// Show the library's sidebar, or hide it when shown.
  case toggleSidebar = "sidebar"
  /// Drag the first line on screen into the notes (opening them first when they are closed).
  case dragToNotes = "drag-to-notes"

  /// Parses `rotate`, `text-size` (or `textsize`, `next-text-size`), `turn` (or `turn-next`,
  /// `next`), `notes` (or `toggle-notes`), `sidebar` (or `toggle-sidebar`, `library`) and
  /// `drag-to-notes` (or `drag`).
  public init?(name: String) {
    switch name.lowercased() {
    case "rotate": self = .rotate
    case "text-size", "textsize", "next-text-size", "nexttextsize": self = .nextTextSize
    case "turn", "turn-next", "turnnext", "next": self = .turnNext
    case "notes", "toggle-notes", "togglenotes": self = .toggleNotes
    case "sidebar", "toggle-sidebar", "togglesidebar", "library": self = .toggleSidebar
    case "drag-to-notes", "dragtonotes", "drag": self = .dragToNotes
    default: return nil
    }
  }
}
