import EventStream
import Typesetter

/// Notes and selection: `notes open|close`, `note`, `select`, `addToNotes` and `dragToNotes`,
/// and what a new
/// pagination does to them (the notes are kept whole; the selection is clipped again to the
/// page that holds its start). None of these moves the place or shows another page.
extension ReaderRules {
  /// `notes open|close`: the notes show (as a sheet, or beside the page once the layout for
  /// them has settled in a spread pose) or hide.
  mutating func notesToggled(_ action: NotesAction, at time: Double, into output: inout [Event]) {
    notes.isOpen = action == .open
    emitNotes(action == .open ? .open : .close, at: time, into: &output)
  }

  /// `note "text"`: the notes text is replaced.
  mutating func noteEdited(_ text: String, at time: Double, into output: inout [Event]) {
    notes.replace(with: text)
    invariants.notesEdited(to: notes.hash)
    emitNotes(.edit, at: time, into: &output)
  }

  /// `select OFFSET LENGTH`: clipped to the page holding `OFFSET`; before any layout it waits
  /// for the first one. A length of 0 clears the selection.
  mutating func selected(offset: Int, length: Int, at time: Double, into output: inout [Event]) {
    guard case .showing(let screen) = state else {
      pendingSelect = (offset, length)
      return
    }
    selection = ReaderSelection.clipped(
      offset: offset, length: length, textLength: document.utf16Count, in: screen.pagination)
    emitSelection(cause: .select, at: time, into: &output, requested: (offset, length))
  }

  /// `addToNotes`: appends the selected text to the notes; with nothing selected it does
  /// nothing and the `notes` event says why.
  mutating func addedToNotes(at time: Double, into output: inout [Event]) {
    guard let selection else {
      emitNotes(.add, at: time, into: &output, warning: "no selection: nothing added")
      return
    }
    appendToNotes(selection.range, as: .add, at: time, into: &output)
  }

  /// Appends the text of `range` to the notes, or — when it would pass their limit — changes
  /// nothing and says so in the `notes` event (a user can keep tapping or dragging).
  private mutating func appendToNotes(
    _ range: Range<Int>, as action: NotesChange, at time: Double, into output: inout [Event]
  ) {
    guard notes.append(quote: document.text(in: range)) else {
      emitNotes(
        action, at: time, into: &output,
        warning:
          "notes full: \(range.count) units would pass the notes' limit of \(ReaderNotes.maxLength); nothing \(action == .drag ? "dragged" : "added")"
      )
      return
    }
    invariants.notesEdited(to: notes.hash)
    emitNotes(action, at: time, into: &output)
  }

  /// `dragToNotes`: drags a passage into the notes on screen and drops it at their end — the
  /// selection, clipped to one page as Add to Notes takes it, or the first line on screen, which
  /// lies in one page. With the notes closed there is nowhere to drop it, and with nothing to
  /// drag nothing is dragged: the `notes` event says why.
  mutating func draggedToNotes(_ passage: DragPassage, at time: Double, into output: inout [Event]) {
    guard notes.isOpen else {
      emitNotes(.drag, at: time, into: &output, warning: "the notes are closed: nowhere to drop, nothing dragged")
      return
    }
    let range: Range<Int>?
    switch passage {
    case .selection: range = selection?.range
    case .firstLine:
      if case .showing(let screen) = state {
        range = screen.pagination.lines(onPage: screen.firstPage).first?.range
      } else {
        range = nil
      }
    }
    guard let range, !range.isEmpty else {
      let what = passage == .selection ? "no selection" : "no page on screen"
      emitNotes(.drag, at: time, into: &output, warning: "\(what): nothing dragged")
      return
    }
    appendToNotes(range, as: .drag, at: time, into: &output)
  }

  /// Clips the selection (or a `select` that waited for a layout) to a new pagination; true
  /// when there is one to report.
  mutating func reclipSelection(in pagination: Pagination) -> Bool {
    if let (offset, length) = pendingSelect {
      pendingSelect = nil
      selection = ReaderSelection.clipped(
        offset: offset, length: length, textLength: document.utf16Count, in: pagination)
      return true
    }
    guard let kept = selection else { return false }
    selection = ReaderSelection.clipped(
      offset: kept.range.lowerBound, length: kept.range.count, textLength: document.utf16Count, in: pagination)
    return true
  }

  /// A `notes` event when a new layout moved the open notes (a sheet became notes beside the
  /// page, or back).
  mutating func notesMaybeMoved(over geometry: PageGeometry, at time: Double, into output: inout [Event]) {
    let now = notes.shownAs(in: geometry)
    guard notes.isOpen, now != notesShownAs else { return }
    emitNotes(.moved, at: time, into: &output)
  }

  /// The `selection` event for the current selection (length 0 when there is none).
  func emitSelection(
    cause: EventType, at time: Double, into output: inout [Event], requested: (offset: Int, length: Int)? = nil
  ) {
    let state: SelectionState
    if let s = selection {
      state = SelectionState(
        offset: s.range.lowerBound, length: s.range.count, requestedLength: requested?.length ?? s.requestedLength,
        page: s.page, clipped: s.range.count < (requested?.length ?? s.requestedLength), cause: cause)
    } else {
      let offset = min(max(0, requested?.offset ?? offset), document.utf16Count)
      state = SelectionState(
        offset: offset, length: 0, requestedLength: requested?.length ?? 0, page: currentPage(holding: offset) ?? 0,
        clipped: false, cause: cause)
    }
    output.append(Event(time: time, .selection(state)))
  }

  /// Where the notes are shown now: for the screen, or — right after `notes open`, before the
  /// layout for them has settled — for a geometry with a fold to put them beside.
  private func notesShownAsNow() -> NotesShownAs {
    guard case .showing(let screen) = state else { return notes.isOpen ? .sheet : .hidden }
    return notes.shownAs(in: screen.geometry)
  }

  private func currentPage(holding offset: Int) -> Int? {
    guard case .showing(let screen) = state else { return nil }
    return screen.pagination.page(containing: offset)
  }

  private mutating func emitNotes(
    _ change: NotesChange, at time: Double, into output: inout [Event], warning: String? = nil
  ) {
    notesShownAs = notesShownAsNow()
    output.append(Event(time: time, .notesState(notes.state(change, shownAs: notesShownAs, warning: warning))))
  }
}
