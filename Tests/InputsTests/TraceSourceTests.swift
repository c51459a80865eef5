import Foundation
import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

@Suite("Trace files and bad input")
struct TraceSourceTests {
  func readAll(_ path: String, lenient: Bool = false) throws(InputError) -> [Event] {
    var source: any EventSource =
      path.hasSuffix(".csv")
      ? try CSVTraceSource(path: path, angleRange: 0...180, policy: BadLinePolicy(lenient: lenient, warn: { _ in }))
      : try JSONLTraceSource(path: path, angleRange: 0...180, policy: BadLinePolicy(lenient: lenient, warn: { _ in }))
    var events: [Event] = []
    while let e = try source.next() { events.append(e) }
    return events
  }

  func error(_ contents: String, suffix: String = ".jsonl") -> String {
    let path = TestSupport.temporaryFile(contents, suffix: suffix)
    do {
      _ = try readAll(path)
      return "no error"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "F")
    }
  }

  @Test("a JSONL trace with comments and CRLF reads in order")
  func jsonl() throws {
    let path = TestSupport.temporaryFile(
      "# opening\r\n{\"t\":0,\"type\":\"hinge\",\"angle\":0}\r\n\r\n{\"t\":10,\"type\":\"hinge\",\"angle\":5.5}\n")
    #expect(try readAll(path) == [Event(time: 0, .sample(angle: 0)), Event(time: 10, .sample(angle: 5.5))])
  }

  @Test("a CSV trace with an orientation column")
  func csv() throws {
    let path = TestSupport.temporaryFile(
      "t_ms,angle_deg,orientation\n0,0,portrait\n10,20\n20,30,landscapeLeft\n", suffix: ".csv")
    #expect(
      try readAll(path) == [
        Event(time: 0, .orientation(.portrait)), Event(time: 0, .sample(angle: 0)), Event(time: 10, .sample(angle: 20)),
        Event(time: 20, .orientation(.landscapeLeft)), Event(time: 20, .sample(angle: 30)),
      ])
  }

  @Test("bad input gets file:line:column, what was expected and what was found")
  func badInput() {
    let ok = #"{"t":0,"type":"hinge","angle":0}"#
    #expect(
      error(ok + "\n{\"t\":0,\"type\":\"hinge\",\"angle\":\n")
        == "F:2:31: expected a number for 'angle' (degrees), found the end of the line")
    #expect(
      error(#"{"t":50,"type":"hinge","angle":0}"# + "\n" + #"{"t":10,"type":"hinge","angle":1}"#)
        == "F:2:1: expected a time ≥ 50 ms (timestamps must not go back), found 10")
    #expect(
      error(ok + "\n" + #"{"t":10,"type":"hinge","angle":200}"#)
        == "F:2:1: expected an angle from 0 to 180 degrees, found 200")
    #expect(
      error(ok + "\n" + #"{"t":10,"type":"fold","angle":20}"#)
        == #"F:2:16: expected an event type (hinge, orientation, textSize, turn, goto, split, mark, notes, note, select, addToNotes, dragToNotes, openChapter, back, sidebar, end), found "fold""#
    )
    #expect(error("") == "F: expected at least one event, found an empty trace")
    #expect(error("\n# only a comment\n") == "F: expected at least one event, found an empty trace")
    #expect(error("t_ms,angle_deg\n0,abc\n", suffix: ".csv") == "F:2:3: expected an angle in degrees, found 'abc'")
    #expect(
      error("time,angle\n0,1\n", suffix: ".csv")
        == "F:1:1: expected the header 't_ms,angle_deg[,orientation]', found 'time,angle'")
    #expect(error("", suffix: ".csv") == "F: expected a CSV header 't_ms,angle_deg[,orientation]', found an empty file")
  }

  @Test("a binary file is refused with the offending byte")
  func binary() {
    let path = TestSupport.temporaryFile([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00, 0x0A], suffix: ".jsonl")
    #expect(throws: InputError(file: path, line: 1, column: 5, message: "expected text, found binary data (byte 0x02)"))
    {
      try readAll(path)
    }
  }

  @Test("a missing file is its own kind of error (exit 66)")
  func missing() {
    do {
      _ = try readAll("/nonexistent/trace.jsonl")
      Issue.record("no error")
    } catch {
      #expect(error.kind == .missing)
      #expect(error.description == "/nonexistent/trace.jsonl: cannot open: No such file or directory")
    }
  }

  @Test("--lenient skips bad lines and counts them")
  func lenient() throws {
    let path = TestSupport.temporaryFile(
      "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\nnot json\n{\"t\":5,\"type\":\"hinge\",\"angle\":999}\n{\"t\":10,\"type\":\"hinge\",\"angle\":9}\n"
    )
    var source = try JSONLTraceSource(
      path: path, angleRange: 0...180, policy: BadLinePolicy(lenient: true, warn: { _ in }))
    var events: [Event] = []
    while let e = try source.next() { events.append(e) }
    #expect(events == [Event(time: 0, .sample(angle: 0)), Event(time: 10, .sample(angle: 9))])
    #expect(source.skipped == 2)
  }

  @Test("a long trace streams: lines are read one at a time")
  func streaming() throws {
    var text = ""
    for i in 0..<20_000 { text += "{\"t\":\(i),\"type\":\"hinge\",\"angle\":\(i % 180)}\n" }
    let events = try readAll(TestSupport.temporaryFile(text))
    #expect(events.count == 20_000)
    #expect(events.last == Event(time: 19_999, .sample(angle: Double(19_999 % 180))))
  }
}
