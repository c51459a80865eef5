/// `notes open` or `notes close`: the user shows or hides the notes.
public enum NotesAction: String, Sendable, CaseIterable {
  case open, close
}

/// Where the notes are shown: in a sheet over the page, beside a single page in the leading
/// region (a spread pose: the page on the leading side of the fold, the notes on the trailing
/// side), or not at all (closed).
public enum NotesShownAs: String, Sendable, CaseIterable {
  case sheet, beside, hidden
}

/// What changed the notes, as a `notes` event says.
public enum NotesChange: String, Sendable, CaseIterable {
  /// `notes open`.
  case open
  /// `notes close`.
  case close
  /// `note "text"`: the text was replaced.
  case edit
  /// `addToNotes`: the selected text was appended (or, with no selection, nothing: `warning`).
  case add
  /// `dragToNotes`: the dragged text was dropped at the notes' end (or, with nothing to drag
  /// or no notes on screen, nothing: `warning`).
  case drag
  /// A layout change moved the open notes (a sheet became notes beside the page, or back).
  case moved
}

/// The notes as the reader holds them, after a change: open or not, where they are shown,
/// and the text's UTF-16 length and `ContentHash` (the text itself stays in the reader).
public struct NotesState: Sendable, Equatable {
  /// What changed them.
  public var change: NotesChange
  /// True while the notes are open.
  public var open: Bool
  /// Where they are shown.
  public var shownAs: NotesShownAs
  /// The text's length, UTF-16 units.
  public var length: Int
  /// The text's `ContentHash` (FNV-1a 64 of its UTF-8), 16 hex digits.
  public var hash: String
  /// Why a valid action did nothing (`addToNotes` with no selection), else nil.
  public var warning: String?

  /// Makes a notes state.
  public init(
    change: NotesChange, open: Bool, shownAs: NotesShownAs, length: Int, hash: String, warning: String? = nil
  ) {
    self.change = change
    self.open = open
    self.shownAs = shownAs
    self.length = length
    self.hash = hash
    self.warning = warning
  }
}

/// The reader's selection after a `select` or a layout change: the range kept, clipped to the
/// one page that holds its start.
public struct SelectionState: Sendable, Equatable {
  /// The selection kept: UTF-16 offset.
  public var offset: Int
  /// The selection kept: UTF-16 length.
  public var length: Int
  /// The length asked for (by `select`, or the selection before a layout change).
  public var requestedLength: Int
  /// The page (0-based) that holds it.
  public var page: Int
  /// True when the request ran past that page's end and was cut there.
  public var clipped: Bool
  /// The type of the event that led here: `select`, or `settled` for a re-clip.
  public var cause: EventType

  /// Makes a selection state.
  public init(offset: Int, length: Int, requestedLength: Int, page: Int, clipped: Bool, cause: EventType) {
    self.offset = offset
    self.length = length
    self.requestedLength = requestedLength
    self.page = page
    self.clipped = clipped
    self.cause = cause
  }
}
