import Foundation
import Testing

@testable import EventStream
@testable import Reports

/// `run`'s timeline, the Chrome trace and the SVG plot name an input event with the same words:
/// someone who reads `text size xLarge` in one finds it in the others.
@Suite("One label for each input event")
struct InputLabelTests {
  /// One event of every input kind but raw samples (a counter in the trace, a line in the plot).
  static let inputs: [EventKind] = [
    .orientation(.landscapeLeft), .textSize(.xLarge), .turn(.prev), .goto(offset: 120), .split(.left),
    .mark("chapter two"), .openChapter(id: 2), .back, .sidebar(.show), .notes(.open), .note("Chapter notes:"),
    .select(offset: 700, length: 5), .addToNotes, .dragToNotes(.firstLine), .turn(.next, input: .voiceover),
    .end(.interrupted),
  ]

  @Test("every input kind but samples has a label, and nothing else does")
  func everyInputKindIsLabelled() {
    for kind in Self.inputs { #expect(EventText.inputLabel(kind) != nil, "\(kind)") }
    #expect(EventText.inputLabel(.sample(angle: 90)) == nil)
    #expect(EventText.inputText(.openChapter(id: 2)) == "chapter open 2")
    #expect(EventText.inputText(.orientation(.landscapeLeft)) == "rotate landscapeLeft")
    #expect(EventText.inputText(.select(offset: 700, length: 5)) == "select 5 units from 700")
    #expect(EventText.inputText(.back) == "back")
  }

  @Test("the timeline line, the trace's instant and the plot's label carry the same words")
  func sameWordsEverywhere() throws {
    let events = Self.inputs.enumerated().map { Event(time: Double($0.offset * 100), $0.element) }
    let trace = try ChromeTraceTests.parse(ChromeTrace.document(events))
    let names = Set(trace.compactMap { $0["name"] as? String })
    let svg = TimelinePlot.svg(events)
    for event in events {
      let label = try #require(EventText.inputLabel(event.kind))
      let text = try #require(EventText.inputText(event.kind))
      let line = EventText.line(event)
      #expect(line.contains(label.name), "\(line)")
      #expect(label.detail.isEmpty || line.contains(label.detail), "\(line)")
      let words = line.split(separator: " ").dropFirst(2).joined(separator: " ")  // after "N ms"
      #expect(words.hasPrefix(text), "timeline '\(words)' vs '\(text)'")
      #expect(names.contains(text), "trace lacks '\(text)'")
      #expect(svg.contains(Self.escaped(text)), "plot lacks '\(text)'")
    }
  }

  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
