import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Reports

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects every element's name and attributes.
final class SVGCollector: NSObject, XMLParserDelegate {
  var elements: [(name: String, attributes: [String: String])] = []
  var texts: [String] = []
  private var text = ""

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
    qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    elements.append((name, attributes))
    text = ""
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

  func parser(
    _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
  ) {
    if name == "text" { texts.append(text) }
  }

  func classed(_ word: String) -> [[String: String]] {
    elements.map(\.attributes).filter {
      ($0["class"] ?? "").split(separator: " ").contains(Substring(word))
    }
  }
}

@Suite("SVG timeline")
struct TimelinePlotTests {
  static func parsed() throws -> SVGCollector {
    var stream = TimingFixtures.run(TimingFixtures.scripted, readerMs: 12.5)
    stream.append(
      Event(
        time: 7100,
        .violation(Violation(rule: "offset-visible", message: "m", cause: .turn, causeTime: 7000)))
    )
    let svg = TimelinePlot.svg(stream, title: "scripted <test> & co")
    let parser = XMLParser(data: Data(svg.utf8))
    let collector = SVGCollector()
    parser.delegate = collector
    #expect(parser.parse(), "the SVG is well-formed XML")
    return collector
  }

  @Test("an svg root with a size and a view box")
  func root() throws {
    let svg = try Self.parsed()
    let root = try #require(svg.elements.first)
    #expect(root.name == "svg")
    #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
    #expect(root.attributes["viewBox"] != nil)
    #expect(svg.texts.contains("hingesim timeline — scripted <test> & co"))
  }

  @Test("axes labelled in degrees and seconds")
  func axes() throws {
    let svg = try Self.parsed()
    #expect(svg.elements.contains { $0.attributes["id"] == "axes" })
    #expect(svg.elements.contains { $0.attributes["id"] == "time-axis" })
    #expect(svg.classed("x-axis").count == 1)
    #expect(svg.classed("y-axis").count == 1)
    for label in [
      "0°", "45°", "90°", "135°", "180°", "hinge angle (degrees)", "time (s)", "0", "1", "7",
    ] {
      #expect(svg.texts.contains(label), "missing label \(label)")
    }
  }

  @Test(
    "the angle path, status bands in their colours, bursts, settle windows, repaginations, violations, a legend"
  )
  func elements() throws {
    let svg = try Self.parsed()
    let angle = try #require(svg.elements.first { $0.attributes["id"] == "angle" })
    #expect(angle.name == "path")
    #expect((angle.attributes["d"] ?? "").hasPrefix("M "))
    #expect((angle.attributes["d"] ?? "").split(separator: " ").count > 40)
    let bands = svg.classed("status-band")
    // closed, partially open, fully open, partially open (folded to 120°)
    #expect(bands.count == 4)
    #expect(svg.classed("status-closed").first?["fill"] == "#cbd5e1")
    #expect(svg.classed("status-fullyOpen").first?["fill"] == "#bbf7d0")
    #expect(svg.classed("burst-tick").count == 1 + 7 + 5)
    #expect(svg.classed("final").count == 3)
    #expect(svg.classed("settle-window").count == 5)
    #expect(svg.classed("pagination").count == 4)
    #expect(svg.texts.contains("12.5 ms miss"))
    #expect(svg.classed("violation").count == 1)
    #expect(svg.elements.contains { $0.attributes["id"] == "legend" })
    for word in [
      "hinge angle", "closed", "partially open", "fully open", "settle window", "repagination",
      "violation",
    ] {
      #expect(svg.texts.contains(word), "legend lacks \(word)")
    }
  }

  /// The reader busy 1 s on the first layout (200 → 1200): the settle at 450 is superseded by the
  /// one at 700, which waits 500 ms and is paginated 1200 → 2200.
  @Test(
    "a queued wait is drawn before its pagination, a superseded settle at its settle time, the model in the summary")
  func queuedAndSuperseded() throws {
    func paginated(_ t: Double, settled: Double, queued: Double) -> Event {
      Event(
        time: t,
        .paginated(
          Paginated(
            pageWidth: 342, pageHeight: 580, textSize: .large, pageCount: 61, ms: 1000, cache: .miss,
            characters: 49_990, settled: settled, queuedMs: queued, computeClock: "fixed:1000")))
    }
    let stream = [
      paginated(1200, settled: 200, queued: 0),
      Event(
        time: 1200,
        .skipped(Skipped(settled: 450, reason: .superseded, pageWidth: 342, pageHeight: 580, textSize: .xSmall))),
      paginated(2200, settled: 700, queued: 500),
    ]
    let parser = XMLParser(data: Data(TimelinePlot.svg(stream).utf8))
    let svg = SVGCollector()
    parser.delegate = svg
    #expect(parser.parse())
    let queued = svg.classed("queued")
    #expect(queued.count == 1)
    let bars = svg.classed("pagination")
    // The strip ends where the second pagination begins.
    let strip = (Double(queued.first?["x"] ?? "") ?? 0) + (Double(queued.first?["width"] ?? "") ?? 0)
    #expect(abs(strip - (Double(bars.last?["x"] ?? "") ?? -1)) < 0.01)
    let crosses = svg.classed("superseded")
    #expect(crosses.count == 1)
    // The cross sits at 450 ms, between the first bar's start (200) and the strip's (700).
    let crossX = Double((crosses.first?["d"] ?? "").dropFirst().split(separator: ",").first ?? "") ?? 0
    #expect(crossX > (Double(bars.first?["x"] ?? "") ?? 0) && crossX < (Double(queued.first?["x"] ?? "") ?? 0))
    #expect(svg.texts.contains { $0.contains("1 superseded") && $0.contains("compute fixed:1000") })
    #expect(svg.texts.contains("queued") && svg.texts.contains("superseded"))
  }
}
