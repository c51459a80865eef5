import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// The trace readers' fast paths (rows and lines read in place, `hinge` matched without a
/// string, printable ASCII checked eight bytes at a time) give what the general path gives:
/// the same values, and the same errors at the same line and column.
@Suite("Trace readers' fast paths")
struct TraceFastPathTests {
  func read(_ contents: String, suffix: String) throws(InputError) -> [Event] {
    let path = TestSupport.temporaryFile(contents, suffix: suffix)
    var source: any EventSource =
      suffix == ".csv"
      ? try CSVTraceSource(path: path, angleRange: -1e9...1e9)
      : try JSONLTraceSource(path: path, angleRange: -1e9...1e9)
    var events: [Event] = []
    while let e = try source.next() { events.append(e) }
    return events
  }

  func error(_ contents: String, suffix: String) -> String {
    do {
      _ = try read(contents, suffix: suffix)
      return "no error"
    } catch {
      return "\(error.line):\(error.column): \(error.message)"
    }
  }

  @Test("CSV numbers read in place are the Double their text reads as, in every spelling")
  func csvNumbers() throws {
    let angles = [
      "0", "-0", "12", "0.0004", "179.9996", "1.25", " 7 ", "\t8\t", "+5", "5.", ".5", "1e2", "-2.5E-1",
      "123456789.012345678", "0.1", "3.14159265358979", "2.718281828459045", "999999999.999999", "0.000000000000001",
    ]
    let times = [
      "0", "1", "1.5", " 2 ", "3.", "4e0", "+5", "6.25", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17",
    ]
    var text = "t_ms,angle_deg\n"
    for (t, a) in zip(times, angles) { text += "\(t),\(a)\n" }
    let events = try read(text, suffix: ".csv")
    let trim = { (s: String) in s.trimmingCharacters(in: .whitespaces) }
    #expect(events.map(\.time) == times.map { Double(trim($0))! })
    #expect(
      events.map { e -> Double in
        guard case .sample(let angle) = e.kind else { return .nan }
        return angle
      } == angles.map { Double(trim($0))! })
    #expect(events.map { $0.time.sign } == times.map { Double(trim($0))!.sign })
  }

  @Test("CSV errors after rows read in place keep their line, column and message")
  func csvErrors() {
    let head = "t_ms,angle_deg,orientation\n0,1,portrait\n5,2\n"
    #expect(error(head + "10,abc\n", suffix: ".csv") == "4:4: expected an angle in degrees, found 'abc'")
    #expect(
      error(head + "10, 1,portrait,x\n", suffix: ".csv")
        == "4:1: expected 2 or 3 cells (t_ms,angle_deg[,orientation]), found 4")
    #expect(
      error(head + "10,1,sideways\n", suffix: ".csv")
        == "4:6: expected an orientation (portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown), found 'sideways'"
    )
    #expect(
      error(head + "4,1\n", suffix: ".csv") == "4:1: expected a time ≥ 5 ms (timestamps must not go back), found 4")
    #expect(
      error(head + "-1,1\n", suffix: ".csv") == "4:1: expected a time from 0 to 1e12 ms (about 31 years), found -1")
    #expect(error(head + "10,1\u{1}\n", suffix: ".csv") == "4:5: expected text, found binary data (byte 0x01)")
    #expect(error(head + "10,1,landscapeLeft\n12,3,landscapeLeft\n", suffix: ".csv") == "no error")
  }

  @Test("an orientation repeated on every row is emitted once per change")
  func csvOrientationRows() throws {
    let events = try read("t_ms,angle_deg,orientation\n0,1,portrait\n5,2,PORTRAIT\n6,3,faceUp\n", suffix: ".csv")
    #expect(
      events == [
        Event(time: 0, .orientation(.portrait)), Event(time: 0, .sample(angle: 1)), Event(time: 5, .sample(angle: 2)),
        Event(time: 6, .orientation(.faceUp)), Event(time: 6, .sample(angle: 3)),
      ])
  }

  @Test("JSONL types matched in place or as escaped strings are the same; the last 'type' counts")
  func jsonlTypes() throws {
    let events = try read(
      #"{"t":0,"type":"h\u0069nge","angle":1}"# + "\n" + #"{"type":"turn","t":1,"type":"hinge","angle":2}"# + "\n"
        + #"{"t":2,"type":"hinge","type":"textSize","size":"AX2"}"# + "\n", suffix: ".jsonl")
    #expect(
      events == [Event(time: 0, .sample(angle: 1)), Event(time: 1, .sample(angle: 2)), Event(time: 2, .textSize(.AX2))])
    #expect(
      error(#"{"t":0,"type":"hing","angle":1}"#, suffix: ".jsonl")
        == #"1:15: expected an event type (hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end), found "hing""#
    )
    #expect(
      error(#"{"t":0,"type":"settled"}"#, suffix: ".jsonl").hasSuffix(
        #"found "settled" — is this a simulator stream? pipe it to 'hingesim read'"#))
    #expect(error(#"{"t":0,"angle":1}"#, suffix: ".jsonl") == "1:1: expected a 'type' field, found none")
  }

  @Test("a control byte anywhere in a line is found at its column; tabs and UTF-8 pass")
  func binaryColumns() throws {
    let line = #"{"t":0,"type":"hinge","angle":1,"x":"abcdefghij"}"#
    for column in [1, 7, 8, 9, 16, 17, 30, line.utf8.count] {
      var bytes = Array(line.utf8)
      bytes[column - 1] = 0x02
      let path = TestSupport.temporaryFile(bytes + [0x0A], suffix: ".jsonl")
      #expect(
        throws: InputError(file: path, line: 1, column: column, message: "expected text, found binary data (byte 0x02)")
      ) {
        var source = try JSONLTraceSource(path: path)
        _ = try source.next()
      }
    }
    #expect(
      try read("{\"t\":0,\t\"type\":\"mark\",\"label\":\"é — ok\"}\n", suffix: ".jsonl") == [
        Event(time: 0, .mark("é — ok"))
      ])
    let invalid = TestSupport.temporaryFile(
      Array(#"{"t":0,"type":"mark","label":""#.utf8) + [0xFF, 0x22, 0x7D, 0x0A], suffix: ".jsonl")
    #expect(
      throws: InputError(
        file: invalid, line: 1, column: 1, message: "expected UTF-8 text, found invalid UTF-8 (is this a binary file?)")
    ) {
      var source = try JSONLTraceSource(path: invalid)
      _ = try source.next()
    }
  }

  @Test("lines across the reader's 64 KB blocks and longer than one are handed out whole")
  func longLines() throws {
    var text = ""
    var expected: [Event] = []
    for i in 0..<3000 {
      text += "{\"t\":\(i),\"type\":\"hinge\",\"angle\":\(i % 180)}\n"
      expected.append(Event(time: Double(i), .sample(angle: Double(i % 180))))
    }
    text += "{\"t\":3000,\"type\":\"mark\",\"label\":\"\(String(repeating: "x", count: 200_000))\"}\n"
    expected.append(Event(time: 3000, .mark(String(repeating: "x", count: 200_000))))
    text += "{\"t\":3001,\"type\":\"hinge\",\"angle\":1}"
    expected.append(Event(time: 3001, .sample(angle: 1)))
    #expect(try read(text, suffix: ".jsonl") == expected)
  }
}
