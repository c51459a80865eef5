import Reader
import TestSupport
import Testing

@testable import EventStream

/// Notes as state and selection with Add to Notes, against the duo-reading guide's measured
/// behaviour (DESIGN §6) and the bundled profile's numbers.
@Suite("Reader notes and selection")
struct ReaderNotesTests {
  typealias F = ReaderFixtures

  static func notes(_ events: [Event]) -> [(Double, NotesState)] {
    events.compactMap { if case .notesState(let n) = $0.kind { ($0.time, n) } else { nil } }
  }

  static func selections(_ events: [Event]) -> [(Double, SelectionState)] {
    events.compactMap { if case .selection(let s) = $0.kind { ($0.time, s) } else { nil } }
  }

  /// The guide: notes opened closed are a sheet; opening the phone shows them beside one page
  /// in the leading region, 455.5 pt wide (the profile's measured fold x); closing brings the
  /// sheet back. The page is that region less the profile's insets: 455.5 − 20 (edge) − 20
  /// (fold) = 415.5 pt wide, 611 − 2 × 20 = 571 tall, at x = 20.
  @Test("notes: a sheet closed, beside one 415.5-pt leading page open, a sheet again closed; text kept")
  func measuredOpenClose() {
    let insets = F.profile.pages
    let leadingRegion = 455.5
    let out = F.run([
      F.hinge(0, at: 0), Event(time: 300, .note("kept")), Event(time: 300, .notes(.open)),
      F.hinge(180, at: 1000), F.hinge(0, at: 3000),
    ])
    let notes = Self.notes(out)
    #expect(notes.map(\.1.shownAs) == [.hidden, .sheet, .beside, .sheet])
    #expect(notes.map(\.1.change) == [.edit, .open, .moved, .moved])
    #expect(Set(notes.map(\.1.hash)) == [ContentHash.of("kept".utf8)])
    #expect(notes.allSatisfy { $0.1.length == 4 })
    let shown = F.shown(out)
    let open = shown.first { $0.1.notesOpen && $0.1.frames.first!.height == 611 - 2 * insets.edge }
    #expect(open != nil)
    #expect(open?.1.layout == .single)
    #expect(
      open?.1.frames == [
        Rect(x: insets.edge, y: insets.edge, width: leadingRegion - insets.edge - insets.fold, height: 571)
      ])
    #expect(open?.1.frames.first?.width == 415.5)
    #expect(shown.last?.1.layout == .single && shown.last?.1.frames.first?.width == 342)
    let settled = out.compactMap { if case .settled(let s) = $0.kind { s } else { nil } }
    #expect(settled.contains { $0.cycle.cause == .notes })  // its own settle
    #expect(F.violations(out).isEmpty)
  }

  @Test("opening the notes in book paginates one page at the leading size; closing them brings the spread back")
  func bookNotesToggle() {
    let out = F.run([
      F.hinge(110, at: 0), Event(time: 1000, .notes(.open)), Event(time: 2000, .notes(.close)),
    ])
    let shown = F.shown(out).map(\.1)
    #expect(shown.map(\.layout) == [.spread, .single, .spread])
    #expect(shown.map { $0.frames[0].width } == [331.5, 415.5, 331.5])
    #expect(shown.allSatisfy { $0.ranges.contains { $0.contains(20_000) } })  // the place holds
    let paginated = F.paginated(out).map(\.1.pageWidth)
    #expect(paginated == [331.5, 415.5, 331.5])
    let settled = out.compactMap { if case .settled(let s) = $0.kind { s } else { nil } }
    #expect(settled.map(\.notesOpen) == [false, true, false])
    #expect(settled.dropFirst().allSatisfy { $0.cycle.cause == .notes })
    #expect(F.violations(out).isEmpty)
  }

  /// Right to left, the leading region is right of the fold: 867 − 495.5 = 371.5 pt, a page of
  /// 371.5 − 40 = 331.5 at x = 495.5 + 20.
  @Test("right to left: the page beside the notes is right of the fold")
  func rightToLeft() {
    let reader = ReaderStateMachine(
      document: F.document, profile: F.profile, offset: 20_000, model: .fixed(ms: 5), direction: .rtl)
    let out = TestSupport.run(
      [F.hinge(110, at: 0), Event(time: 1000, .notes(.open))], stages: Pipeline.simulator(profile: F.profile) + [reader]
    )
    let last = F.shown(out).last!.1
    #expect(last.frames == [Rect(x: 515.5, y: 20, width: 331.5, height: 571)])
    #expect(F.violations(out).isEmpty)
  }

  @Test("held tall, in tabletop and closed the notes are a sheet and nothing is paginated again")
  func sheetPoses() {
    for (angle, orientation) in [(180.0, Orientation.landscapeLeft), (110, .landscapeLeft), (0, .portrait)] {
      let out = F.run([
        Event(time: 0, .orientation(orientation)), F.hinge(angle, at: 0), Event(time: 1000, .notes(.open)),
      ])
      #expect(F.paginated(out).count == 1)
      #expect(Self.notes(out).last?.1.shownAs == .sheet)
      #expect(out.contains { if case .skipped(let s) = $0.kind { s.reason == .unchanged } else { false } })
    }
  }

  /// Each pose: a 5,000-unit selection from the place runs past the page that holds it, so it is
  /// cut at that page's end; Add to Notes appends exactly that text.
  @Test(
    "a selection across a page edge is clipped to its page and Add to Notes lands in the notes",
    arguments: [
      ("closed", 0.0, Orientation.portrait, NotesShownAs.sheet),
      ("openWide", 180, .portrait, .beside),
      ("book", 110, .portrait, .beside),
      ("tabletop", 110, .landscapeLeft, .sheet),
    ])
  func selectionPerPose(_ pose: String, _ angle: Double, _ orientation: Orientation, _ where: NotesShownAs) {
    let out = F.run([
      Event(time: 0, .orientation(orientation)), F.hinge(angle, at: 0), Event(time: 1000, .notes(.open)),
      Event(time: 2000, .select(offset: 20_000, length: 5_000)), Event(time: 2000, .addToNotes),
    ])
    let shown = F.shown(out).last!.1
    let page = shown.ranges.first { $0.contains(20_000) }!
    let selection = Self.selections(out).last!.1
    #expect(selection.offset == 20_000, "\(pose)")
    #expect(selection.offset + selection.length == page.upperBound, "\(pose)")
    #expect(selection.clipped && selection.requestedLength == 5_000, "\(pose)")
    let added = Self.notes(out).last!.1
    let quote = F.document.text(in: 20_000..<page.upperBound)
    #expect(added.change == .add && added.shownAs == `where`, "\(pose)")
    #expect(added.hash == ContentHash.of(quote.utf8), "\(pose)")
    #expect(added.length == page.upperBound - 20_000, "\(pose)")
    #expect(F.violations(out).isEmpty, "\(pose)")
  }

  @Test("a layout change keeps the selection by offsets and clips it again to the new page")
  func reclipped() {
    // Open wide the page holding 20,000 is wider than closed; select to its end, then close.
    let out = F.run([
      F.hinge(180, at: 0), Event(time: 1000, .select(offset: 20_000, length: 5_000)), F.hinge(0, at: 2000),
    ])
    let selections = Self.selections(out).map(\.1)
    #expect(selections.count == 2)
    #expect(selections[1].cause == .settled)
    #expect(selections[1].offset == 20_000)
    let closedPage = F.shown(out).last!.1.ranges[0]
    #expect(selections[1].offset + selections[1].length == min(closedPage.upperBound, 20_000 + selections[0].length))
    #expect(F.violations(out).isEmpty)
  }

  @Test("Add to Notes with nothing selected changes nothing and says why")
  func addWithoutSelection() {
    let out = F.run([F.hinge(0, at: 0), Event(time: 500, .note("a")), Event(time: 600, .addToNotes)])
    let last = Self.notes(out).last!.1
    #expect(last.warning == "no selection: nothing added")
    #expect(last.length == 1 && last.hash == ContentHash.of("a".utf8))
  }
}

/// The three notes and selection rules catch the states they forbid.
@Suite("Reader notes invariants")
struct ReaderNotesInvariantTests {
  typealias F = ReaderFixtures

  static func rules(_ s: ReaderSnapshot, edited: String? = nil) -> [String] {
    var checker = ReaderInvariants()
    if let edited { checker.notesEdited(to: edited) }
    return checker.check(s).map(\.rule)
  }

  @Test("notes-kept: a state whose notes differ from the last notes input is a violation")
  func notesKept() {
    var s = F.validSpreadSnapshot()
    #expect(Self.rules(s).isEmpty)
    s.notesHash = ContentHash.of("lost".utf8)
    #expect(Self.rules(s) == ["notes-kept"])
    #expect(Self.rules(s, edited: ContentHash.of("lost".utf8)).isEmpty)
  }

  @Test("notes-beside-single-page: a spread with the notes open is a violation; one leading page is not")
  func notesBeside() {
    var s = F.validSpreadSnapshot()
    s.notesOpen = true
    #expect(Self.rules(s) == ["notes-beside-single-page"])
    s.geometry = PageGeometry(
      width: 867, height: 611, division: s.geometry.division, insets: F.profile.pages, notesOpen: true)
    s.pages = [2]
    s.visibleLines = [s.visibleLines[0]]
    #expect(Self.rules(s).isEmpty)
  }

  @Test("selection-in-page: a selection across a page edge is a violation")
  func selectionInPage() {
    var s = F.validSpreadSnapshot()
    s.selection = 250..<300
    #expect(Self.rules(s).isEmpty)
    s.selection = 250..<301
    #expect(Self.rules(s) == ["selection-in-page"])
  }
}
