import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Reports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A device without a hinge sends `"hinge": null`: the plot and the Chrome trace draw no angle
/// for it (not a line at 0°).
@Suite("Reports without a hinge")
struct NoHingeReportTests {
  static func stream() -> [Event] {
    let inputs = [Event(time: 0, .sample(angle: 0)), Event(time: 500, .sample(angle: 120))]
    return TestSupport.simulate(inputs, profile: TestSupport.profile("none"))
  }

  @Test("the stream has the one null hinge update")
  func nullHinge() {
    let hinges = Self.stream().compactMap { e -> HingeUpdate? in if case .hinge(let h) = e.kind { h } else { nil } }
    #expect(hinges.count == 1 && hinges.first?.hasHinge == false)
  }

  @Test("the SVG timeline draws no angle line")
  func plot() throws {
    let svg = TimelinePlot.svg(Self.stream(), title: "none")
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = SVGCollector()
    parser.delegate = collector
    #expect(parser.parse())
    let angle = try #require(collector.elements.first { $0.attributes["id"] == "angle" })
    #expect(angle.attributes["d"] == "")
    // With a hinge the line is drawn.
    let withHinge = TimelinePlot.svg(TestSupport.simulate([Event(time: 0, .sample(angle: 90))]), title: "duo")
    #expect(withHinge.contains(#"id="angle""#) && !withHinge.contains(#"id="angle" class="angle" d="""#))
  }

  @Test("the Chrome trace has no angle counter, an instant instead")
  func chromeTrace() throws {
    let object = try JSONSerialization.jsonObject(with: Data(ChromeTrace.document(Self.stream()).utf8))
    let events = try #require((object as? [String: Any])?["traceEvents"] as? [[String: Any]])
    #expect(!events.contains { $0["name"] as? String == "angle" })
    #expect(events.contains { $0["name"] as? String == "no hinge" && $0["ph"] as? String == "i" })
  }
}
