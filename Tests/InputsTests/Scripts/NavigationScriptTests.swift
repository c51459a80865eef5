import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

@Suite("Scripts and JSONL: open-chapter, back, sidebar")
struct NavigationScriptTests {
  @Test("the commands become openChapter, back and sidebar events at the script's time")
  func events() throws {
    let events = try scriptEvents(
      "start closed\nwait 100ms\nopen-chapter 2\nsidebar show\nwait 50ms\nback\nsidebar HIDE\n")
    let navigation = events.filter {
      switch $0.kind {
      case .openChapter, .back, .sidebar: true
      default: false
      }
    }
    #expect(
      navigation == [
        Event(time: 100, .openChapter(id: 2)), Event(time: 100, .sidebar(.show)), Event(time: 150, .back),
        Event(time: 150, .sidebar(.hide)),
      ])
  }

  @Test(arguments: [
    (
      "start closed\nopen-chapter 0\n",
      "bad.hinge:2:14: expected a chapter id (an integer ≥ 1) after 'open-chapter', found '0'"
    ),
    (
      "start closed\nopen-chapter\n",
      "bad.hinge:2:13: expected a chapter id (an integer ≥ 1) after 'open-chapter', found the end of the line"
    ),
    ("start closed\nsidebar maybe\n", "bad.hinge:2:9: expected 'show' or 'hide' after 'sidebar', found 'maybe'"),
  ])
  func errors(script: String, message: String) {
    #expect(scriptErrors(script) == [message])
  }

  @Test("with a text's chapter count, an id past it is an error at the id")
  func pastTheChapters() {
    var options = CompiledScript.Options()
    options.chapterCount = 5
    #expect(
      scriptErrors("start closed\nopen-chapter 6\n", options: options) == [
        "bad.hinge:2:14: expected a chapter id from 1 to 5 (the text's chapters; 'hingesim paginate --chapters' lists them), found 6"
      ])
    #expect(scriptErrors("start closed\nopen-chapter 5\n", options: options).isEmpty)
    // Without a text (simulate), any id ≥ 1 is taken: the reader is not there to bound it.
    #expect(scriptErrors("start closed\nopen-chapter 6\n").isEmpty)
  }

  @Test("JSONL: the three inputs round-trip through the writer and the decoder")
  func jsonl() throws {
    for kind in [EventKind.openChapter(id: 3), .back, .sidebar(.show), .sidebar(.hide)] {
      let event = Event(time: 12, kind)
      let line = EventWriter.line(event)
      let decoded = try line.dropLast().withUnsafeBufferPointer { try EventDecoder(dialect: .input).decode($0) }
      guard case .event(let back) = decoded else {
        Issue.record("\(EventWriter.string(event)) did not decode")
        continue
      }
      #expect(back == event)
    }
  }

  @Test("JSONL: a chapter id below 1 is an error at the type")
  func jsonlBadId() {
    let line = Array(#"{"t":0,"type":"openChapter","id":0}"#.utf8)
    #expect(throws: EventDecoder.Failure.self) {
      try line.withUnsafeBufferPointer { try EventDecoder(dialect: .input).decode($0) }
    }
  }

  @Test("JSONL: with the text's chapter count, an id past it is an error at its line")
  func jsonlPastTheChapters() throws {
    let path = TestSupport.temporaryFile(
      #"{"t":0,"type":"hinge","angle":0}"# + "\n" + #"{"t":5,"type":"openChapter","id":6}"# + "\n", suffix: ".jsonl")
    var source = try JSONLTraceSource(path: path, chapterCount: 5)
    #expect(try source.next() == Event(time: 0, .sample(angle: 0)))
    #expect {
      _ = try source.next()
    } throws: { error in
      "\(error)".hasSuffix(
        ":2:1: expected a chapter id from 1 to 5 (the text's chapters; 'hingesim paginate --chapters' lists them), found 6"
      )
    }
  }
}
