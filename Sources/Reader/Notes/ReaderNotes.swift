import EventStream

/// The notes: one model above the layout (DESIGN §6), so no fold, rotation or text size
/// loses a character. They are open or closed, and their text is replaced by `note` and grows
/// by Add to Notes; where they are shown follows from the page geometry.
///
/// ```swift
/// var notes = ReaderNotes()
/// notes.isOpen = true
/// notes.append(quote: "It is a truth")   // "It is a truth"
/// notes.append(quote: "universally")      // "It is a truth\nuniversally"
/// notes.shownAs(in: bookGeometry)        // .beside
/// ```
struct ReaderNotes {
  /// The text.
  private(set) var text = ""
  /// True while the notes are open.
  var isOpen = false

  /// The text's length, UTF-16 units.
  var length: Int { text.utf16.count }
  /// The text's `ContentHash`.
  var hash: String { ContentHash.of(text.utf8) }

  /// Replaces the text (the user typed it).
  mutating func replace(with text: String) { self.text = text }

  /// Appends a quote on a line of its own.
  mutating func append(quote: String) {
    if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
    text += quote
  }

  /// Where the notes are shown over a geometry: beside the page when the layout has a
  /// trailing region for them (a fold with a page on each side), in a sheet otherwise.
  func shownAs(in geometry: PageGeometry?) -> NotesShownAs {
    guard isOpen else { return .hidden }
    return geometry?.notesRegion != nil ? .beside : .sheet
  }

  /// The `notes` event's payload for a change.
  func state(_ change: NotesChange, shownAs: NotesShownAs, warning: String? = nil) -> NotesState {
    NotesState(change: change, open: isOpen, shownAs: shownAs, length: length, hash: hash, warning: warning)
  }
}
