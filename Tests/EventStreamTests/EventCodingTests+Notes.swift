import TestSupport
import Testing

@testable import EventStream

/// The notes and selection events in JSON Lines: inputs round-trip in both dialects, the
/// reader's `notes` output is skipped in a simulator stream, and streams written before the
/// notes existed decode with them closed.
extension EventCodingTests {
  @Test("the four inputs round-trip in both dialects")
  func inputsRoundTrip() throws {
    let events: [Event] = [
      Event(time: 1, .notes(.open)), Event(time: 2, .notes(.close)), Event(time: 3, .note("a \"q\"\nb ✓")),
      Event(time: 4, .select(offset: 700, length: 200)), Event(time: 5, .addToNotes),
    ]
    for event in events {
      let line = EventWriter.string(event)
      #expect(try decode(line) == .event(event), "\(line)")
      #expect(try decode(line, .simulator) == .event(event), "\(line)")
    }
    #expect(EventWriter.string(events[3]) == #"{"t":4,"type":"select","offset":700,"length":200}"#)
    #expect(EventWriter.string(events[4]) == #"{"t":5,"type":"addToNotes"}"#)
  }

  /// A VoiceOver turn and a drag into the notes: their fields are written only when not the
  /// default, and read back; a stream without them is a touch turn and a drag of the selection.
  @Test("VoiceOver turns and drags round-trip; without the fields, a touch and the selection")
  func turnInputAndDrag() throws {
    let events: [Event] = [
      Event(time: 1, .turn(.next, input: .voiceover)), Event(time: 2, .turn(.prev)),
      Event(time: 3, .dragToNotes(.selection)), Event(time: 4, .dragToNotes(.firstLine)),
    ]
    let lines = events.map(EventWriter.string)
    #expect(
      lines == [
        #"{"t":1,"type":"turn","direction":"next","input":"voiceover"}"#, #"{"t":2,"type":"turn","direction":"prev"}"#,
        #"{"t":3,"type":"dragToNotes"}"#, #"{"t":4,"type":"dragToNotes","passage":"firstLine"}"#,
      ])
    for (line, event) in zip(lines, events) {
      #expect(try decode(line) == .event(event), "\(line)")
      #expect(try decode(line, .simulator) == .event(event), "\(line)")
    }
    #expect(
      try decode(#"{"t":5,"type":"turn","direction":"next","input":"touch"}"#) == .event(Event(time: 5, .turn(.next))))
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":6,"type":"dragToNotes","passage":"page"}"#) }
  }

  @Test("a settle with the notes open says so; one without the field has them closed")
  func settledNotesOpen() throws {
    let cycle = SettleCycle(
      cause: .notes, causeTime: 500, firstChange: 500, lastChange: 500, firstSize: nil, lastSize: nil)
    let open = Event(
      time: 700,
      .settled(
        Settled(
          width: 867, height: 611, textSize: .large, division: nil, sizes: 0, changed: true, cycle: cycle,
          notesOpen: true)))
    let line = EventWriter.string(open)
    #expect(
      line.hasSuffix(
        #""cause":"notes","causeTime":500,"firstChange":500,"lastChange":500,"firstSize":null,"lastSize":null,"notesOpen":true}"#
      ))
    #expect(try decode(line, .simulator) == .event(open))
    var closed = open
    if case .settled(var s) = closed.kind {
      s.notesOpen = false
      closed.kind = .settled(s)
    }
    #expect(!EventWriter.string(closed).contains("notesOpen"))
    #expect(try decode(EventWriter.string(closed), .simulator) == .event(closed))
  }

  @Test("the reader's notes and selection output is skipped in a simulator stream")
  func notesOutputsSkipped() throws {
    let notes = Event(
      time: 1, .notesState(NotesState(change: .add, open: true, shownAs: .beside, length: 4, hash: "0123456789abcdef")))
    let selection = Event(
      time: 1,
      .selection(SelectionState(offset: 1, length: 2, requestedLength: 3, page: 0, clipped: true, cause: .select)))
    #expect(try decode(EventWriter.string(notes), .simulator) == .skipped)
    #expect(try decode(EventWriter.string(selection), .simulator) == .skipped)
  }

  @Test("bad notes inputs name the field")
  func notesErrors() {
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"notes","notes":"ajar"}"#) }
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"note","text":5}"#) }
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"select","offset":1}"#) }
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"select","offset":-1,"length":1}"#) }
  }
}
