import EventStream

/// The notes: one model above the layout (DESIGN §6), so no fold, rotation or text size
/// loses a character. They are open or closed, and their text is replaced by `note` and grows
/// by Add to Notes; where they are shown follows from the page geometry.
///
/// ```swift
/// var notes = ReaderNotes()
/// notes.isOpen = true
/// _ = notes.append(quote: "It is a truth")   // "It is a truth"
/// _ = notes.append(quote: "universally")      // "It is a truth\nuniversally"
/// notes.shownAs(in: bookGeometry)        // .beside
/// ```
///
/// Adding is linear in what is added, not in the notes: the length and the hash grow with the
/// text (FNV-1a runs on), so 10,000 adds cost 10,000 quotes. The notes hold at most `maxLength`
/// UTF-16 units; an add past it changes nothing and says so.
struct ReaderNotes {
  /// The most UTF-16 units the notes hold (docs/limits.md): ten million, a thousand times a
  /// long chapter's worth of quotes.
  static let maxLength = 10_000_000

  /// The text.
  private(set) var text = ""
  /// True while the notes are open.
  var isOpen = false
  /// The text's length, UTF-16 units.
  private(set) var length = 0
  /// The hash of the text so far.
  private var running = ContentHash()

  /// The text's `ContentHash`.
  var hash: String { running.hex }

  /// Replaces the text (the user typed it).
  mutating func replace(with text: String) {
    self.text = text
    running = ContentHash()
    length = Self.add(text, to: &running)
  }

  /// Appends a quote on a line of its own; false (and nothing added) when the notes would
  /// grow past `maxLength`.
  mutating func append(quote: String) -> Bool {
    let separator = !text.isEmpty && !text.hasSuffix("\n") ? "\n" : ""
    var hash = running
    let added = Self.add(separator, to: &hash) + Self.add(quote, to: &hash)
    guard length + added <= Self.maxLength else { return false }
    text += separator
    text += quote
    running = hash
    length += added
    return true
  }

  /// Hashes `text`'s UTF-8 bytes in one pass over its contiguous storage and returns its length
  /// in UTF-16 units, counted from the same bytes (a lead byte is one unit, or two for a
  /// 4-byte sequence): no generic iteration, no breadcrumbs.
  private static func add(_ text: String, to hash: inout ContentHash) -> Int {
    var text = text
    return text.withUTF8 { bytes in
      hash.add(UnsafeRawBufferPointer(bytes))
      var units = 0
      for byte in bytes where byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
      return units
    }
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
