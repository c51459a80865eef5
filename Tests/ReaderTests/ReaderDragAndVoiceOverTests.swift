import Reader
import TestSupport
import Testing

@testable import EventStream

/// Two of the reference reader's inputs (issue 28, part 4): dragging into the notes, with Add
/// to Notes' one-page rule, and VoiceOver's three-finger swipe, which turns the page as a swipe
/// does. Each in every pose where it applies.
@Suite("Reader: drag to notes and VoiceOver turns")
struct ReaderDragAndVoiceOverTests {
  typealias F = ReaderFixtures

  /// The poses a script can start in, as (angle, orientation).
  static let poses: [(String, Double, Orientation)] = [
    ("closed", 0, .portrait), ("closedSideways", 0, .landscapeLeft), ("openWide", 180, .portrait),
    ("book", 110, .portrait), ("openTall", 180, .landscapeLeft), ("tabletop", 110, .landscapeLeft),
  ]

  static func notes(_ events: [Event]) -> [NotesState] {
    events.compactMap { if case .notesState(let n) = $0.kind { n } else { nil } }
  }

  /// A 5,000-unit selection from the place runs past its page, so it is clipped to it: the drag
  /// drops exactly what Add to Notes adds — the same one-page rule — wherever the notes are.
  @Test(
    "a drag drops what Add to Notes adds: the selection clipped to its page, in every pose",
    arguments: [
      ("closed", 0.0, Orientation.portrait, NotesShownAs.sheet), ("closedSideways", 0, .landscapeLeft, .sheet),
      ("openWide", 180, .portrait, .beside), ("book", 110, .portrait, .beside),
      ("openTall", 180, .landscapeLeft, .sheet), ("tabletop", 110, .landscapeLeft, .sheet),
    ])
  func dragEqualsAdd(_ pose: String, _ angle: Double, _ orientation: Orientation, _ where: NotesShownAs) {
    func run(_ action: EventKind) -> [Event] {
      F.run([
        Event(time: 0, .orientation(orientation)), F.hinge(angle, at: 0), Event(time: 1000, .notes(.open)),
        Event(time: 2000, .select(offset: 20_000, length: 5_000)), Event(time: 2000, action),
      ])
    }
    let dragged = run(.dragToNotes(.selection))
    let added = run(.addToNotes)
    let drop = Self.notes(dragged).last!
    let add = Self.notes(added).last!
    #expect(drop.change == .drag && add.change == .add, "\(pose)")
    #expect(drop.hash == add.hash && drop.length == add.length && drop.length > 0, "\(pose)")
    #expect(drop.shownAs == `where` && drop.warning == nil, "\(pose)")
    let page = F.shown(dragged).last!.1.ranges.first { $0.contains(20_000) }!
    #expect(drop.hash == ContentHash.of(F.document.text(in: 20_000..<page.upperBound).utf8), "\(pose)")
    #expect(F.violations(dragged).isEmpty, "\(pose)")
  }

  @Test("the first line on screen, dragged in every pose: the first line of the first page shown", arguments: poses)
  func firstLine(_ pose: String, _ angle: Double, _ orientation: Orientation) throws {
    let out = F.run([
      Event(time: 0, .orientation(orientation)), F.hinge(angle, at: 0), Event(time: 1000, .notes(.open)),
      Event(time: 2000, .dragToNotes(.firstLine)),
    ])
    let shown = try #require(F.shown(out).last?.1)
    let start = try #require(shown.ranges.first?.lowerBound)
    let drop = try #require(Self.notes(out).last)
    #expect(drop.change == .drag && drop.warning == nil, "\(pose)")
    #expect(drop.length > 0 && drop.length < 200, "\(pose): \(drop.length)")
    let line = F.document.text(in: start..<(start + drop.length))
    #expect(drop.hash == ContentHash.of(line.utf8), "\(pose)")
    #expect(F.violations(out).isEmpty, "\(pose)")
  }

  @Test("nothing is dropped with the notes closed or nothing selected; the notes event says why")
  func nothingDropped() {
    let closed = F.run([
      F.hinge(180, at: 0), Event(time: 1000, .select(offset: 20_000, length: 50)),
      Event(time: 1000, .dragToNotes(.selection)),
    ])
    let refused = Self.notes(closed).last!
    #expect(refused.change == .drag && refused.length == 0)
    #expect(refused.warning == "the notes are closed: nowhere to drop, nothing dragged")
    let empty = F.run([
      F.hinge(180, at: 0), Event(time: 1000, .notes(.open)), Event(time: 1000, .dragToNotes(.selection)),
    ])
    #expect(Self.notes(empty).last!.warning == "no selection: nothing dragged")
    #expect(F.violations(closed).isEmpty && F.violations(empty).isEmpty)
  }

  /// VoiceOver's three-finger swipe turns exactly as a swipe does: the same pages, the same
  /// place, no rule broken — one page or one spread, in every pose.
  @Test("a VoiceOver turn is a turn, in every pose", arguments: poses)
  func voiceOverTurns(_ pose: String, _ angle: Double, _ orientation: Orientation) {
    func run(_ input: TurnInput) -> [Shown] {
      let out = F.run([
        Event(time: 0, .orientation(orientation)), F.hinge(angle, at: 0),
        Event(time: 1000, .turn(.next, input: input)), Event(time: 1500, .turn(.next, input: input)),
        Event(time: 2000, .turn(.prev, input: input)),
      ])
      #expect(F.violations(out).isEmpty, "\(pose) \(input)")
      return F.shown(out).map(\.1)
    }
    let voiceOver = run(.voiceover)
    #expect(voiceOver == run(.touch), "\(pose)")
    let step = voiceOver[0].pages.count
    let p0 = voiceOver[0].pages.first!
    #expect(voiceOver.map { $0.pages.first! } == [p0, p0 + step, p0 + 2 * step, p0 + step], "\(pose)")
  }
}
