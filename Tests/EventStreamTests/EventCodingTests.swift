import Foundation
import TestSupport
import Testing

@testable import EventStream

@Suite("JSON Lines coding")
struct EventCodingTests {
  func decode(_ line: String, _ dialect: EventDecoder.Dialect = .input) throws(EventDecoder.Failure)
    -> EventDecoder.Line
  {
    let bytes = Array(line.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(EventDecoder.Failure) in
      try EventDecoder(dialect: dialect).decode(buffer)
    }
  }

  @Test("every simulator event round-trips through its JSON line")
  func roundTrip() throws {
    let division = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    let events: [Event] = [
      Event(time: 0, .orientation(.landscapeLeft)), Event(time: 1.5, .textSize(.AX3)),
      Event(time: 2, .turn(.prev)), Event(time: 3, .goto(offset: 20000)), Event(time: 4, .split(.left)),
      Event(time: 5, .mark("a \"quoted\"\nlabel\\ ✓")),
      Event(
        time: 6, .hinge(HingeUpdate(angle: 90.5, radians: 90.5 * .pi / 180, status: .partiallyOpen, progress: 0.565625))
      ),
      Event(time: 6.5, .hinge(.noHinge)),
      Event(time: 7, .status(StatusChange(status: .fullyOpen, from: .partiallyOpen, angle: 161))),
      Event(time: 8, .pose(PoseChange(pose: .tabletop, from: .book, orientation: .landscapeRight))),
      Event(
        time: 9.125,
        .scene(SceneChange(width: 510.5, height: 617.5, display: .inner, transient: true, index: 1, count: 7))),
      Event(time: 10, .regions(RegionsChange(division: division))),
      Event(time: 11, .regions(RegionsChange(division: nil))),
      Event(
        time: 12,
        .settled(
          Settled(
            width: 867, height: 611, textSize: .large, division: division, sizes: 7, changed: true,
            cycle: SettleCycle(
              cause: .status(from: .closed, to: .fullyOpen), causeTime: 1.5, firstChange: 2, lastChange: 9.125,
              firstSize: 2, lastSize: nil)))),
    ]
    for event in events {
      let line = EventWriter.string(event)
      #expect(try decode(line, .simulator) == .event(event), "\(line)")
    }
  }

  /// docs/stream.md: a device without a hinge sends one update whose hinge is null.
  @Test("a device without a hinge: {\"hinge\":null} in a stream, and nothing else in its place")
  func noHinge() throws {
    #expect(EventWriter.string(Event(time: 0, .hinge(.noHinge))) == #"{"t":0,"type":"hinge","hinge":null}"#)
    #expect(try decode(#"{"t":0,"type":"hinge","hinge":null}"#, .simulator) == .event(Event(time: 0, .hinge(.noHinge))))
    #expect(
      throws: EventDecoder.Failure(column: 31, message: "expected null for 'hinge' (a device without a hinge), found 3")
    ) {
      try decode(#"{"t":0,"type":"hinge","hinge":3}"#, .simulator)
    }
    // An input trace's hinge is a raw sample: it needs an angle.
    #expect(throws: EventDecoder.Failure.self) { try decode(#"{"t":0,"type":"hinge","hinge":null}"#, .input) }
  }

  @Test("numbers: integers without a fraction, others shortest round-trip")
  func numbers() {
    #expect(EventWriter.string(Event(time: 0, .sample(angle: 30))) == #"{"t":0,"type":"hinge","angle":30}"#)
    #expect(
      EventWriter.string(Event(time: 1033.333, .sample(angle: 0.1))) == #"{"t":1033.333,"type":"hinge","angle":0.1}"#)
    #expect(EventWriter.string(Event(time: 2, .sample(angle: -0.0))) == #"{"t":2,"type":"hinge","angle":0}"#)
    #expect(EventWriter.string(Event(time: 3, .sample(angle: 1e-7))) == #"{"t":3,"type":"hinge","angle":1e-07}"#)
  }

  @Test("strings are escaped per RFC 8259")
  func escaping() {
    let line = EventWriter.string(Event(time: 0, .mark("tab\there \"q\" back\\slash \u{01} é")))
    #expect(line == #"{"t":0,"type":"mark","label":"tab\there \"q\" back\\slash \u0001 é"}"#)
  }

  @Test("the decoder reads numbers exactly, escapes, and ignores unknown fields")
  func decoding() throws {
    #expect(
      try decode(#"{"t":12.5,"type":"hinge","angle":33.3,"extra":[1,{"a":null}]}"#)
        == .event(Event(time: 12.5, .sample(angle: 33.3))))
    #expect(
      try decode(#"  {"type":"mark","label":"\u00e9\ud83d\ude00","t":1e3}  "#) == .event(Event(time: 1000, .mark("é😀")))
    )
    #expect(
      try decode(#"{"t":0,"type":"textSize","size":"accessibility5"}"#) == .event(Event(time: 0, .textSize(.AX5))))
    #expect(try decode("") == .blank)
    #expect(try decode("# a comment") == .blank)
    #expect(try decode(#"{"t":1,"type":"shown","offset":3}"#, .simulator) == .skipped)
  }

  @Test("decoding errors say where, what was expected and what was found")
  func errors() {
    let cases: [(String, Int, String)] = [
      (#"{"t":0,"type":"hinge","angle":"wide"}"#, 31, #"expected a number for 'angle' (degrees), found '"wide"}'"#),
      (
        #"{"t":0,"type":"flap"}"#, 15,
        #"expected an event type (hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end), found "flap""#
      ),
      (#"{"t":0,"type":"hinge"}"#, 15, "expected an 'angle' field in a hinge sample, found none"),
      (#"{"type":"hinge","angle":3}"#, 1, "expected a 't' field (milliseconds), found none"),
      (#"{"t":0,"type":"hinge","angle":3"#, 32, "expected ',' or '}', found the end of the line"),
      (#"[1,2]"#, 1, "expected a JSON object '{', found '[1,2]'"),
      (
        #"{"t":0,"type":"orientation","orientation":"sideways"}"#, 43,
        #"expected one of portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown for 'orientation', found "sideways""#
      ),
      (#"{"t":0,"type":"goto","offset":1.5}"#, 31, "expected an integer for 'offset', found 1.5"),
      (#"{"t":-5,"type":"hinge","angle":3}"#, 6, "expected a 't' from 0 to 1e12 ms (about 31 years), found -5"),
      (#"{"t":1e400,"type":"hinge","angle":3}"#, 6, "expected a 't' from 0 to 1e12 ms (about 31 years), found inf"),
      (#"{"t":0,"type":"hinge","angle":-1e999}"#, 31, "expected a finite 'angle' (degrees), found -inf"),
      (#"{"t":0,"type":"goto","offset":-5}"#, 15, "expected an 'offset' ≥ 0 (UTF-16 units), found -5"),
      (#"{"t":0,"type":"hinge","angle":3} x"#, 34, "expected the end of the line after the object, found 'x'"),
    ]
    let simulatorLine = #"{"t":0,"type":"status","status":"closed","from":"unknown","angle":0}"#
    #expect(
      throws: EventDecoder.Failure(
        column: 15,
        message:
          #"expected an event type (hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end), found "status""#
          + " — is this a simulator stream? pipe it to 'hingesim read'")
    ) { try decode(simulatorLine) }
    #expect(
      throws: EventDecoder.Failure(
        column: 15,
        message: "expected a delivered hinge update (angle, radians, status, progress), found a raw sample"
          + " — is this an input trace? run it with 'hingesim run', or pipe it through 'hingesim simulate'")
    ) { try decode(#"{"t":0,"type":"hinge","angle":3}"#, .simulator) }
    for (line, column, message) in cases {
      #expect(throws: EventDecoder.Failure(column: column, message: message), "\(line)") { try decode(line) }
    }
  }
}
