import Foundation
import Reader
import TestSupport
import Testing

@testable import EventStream
@testable import Reports

/// A page provider for tests: "p7 line 1", "p7 line 2", …
struct StubPages: PageTextProvider {
  func lines(page: Int) -> [String] { (1...40).map { "p\(page + 1) line \($0) lorem ipsum dolor" } }
}

@Suite struct LiveViewRendererTests {
  let profile = TestSupport.profile()

  func model(_ inputs: [Event], shown: Shown? = nil) -> LiveViewModel {
    var model = LiveViewModel(profile: profile)
    for event in TestSupport.simulate(inputs, profile: profile) { model.update(event) }
    if let shown { model.update(Event(time: model.time + 5, .shown(shown))) }
    return model
  }

  func render(_ model: LiveViewModel, _ width: Int, _ height: Int) -> ScreenBuffer {
    LiveViewRenderer(pages: StubPages(), title: "test").render(model, width: width, height: height)
  }

  func spread(
    _ layout: LayoutKind = .spread, pages: [Int] = [22, 23], notes: NotesPlacement = .trailing
  ) -> Shown {
    Shown(
      offset: 20000, pages: pages, ranges: pages.map { $0 * 100..<($0 + 1) * 100 }, pageCount: 50,
      layout: layout, frames: [], notes: notes, excerpt: "")
  }

  @Test func closedPhoneWithGaugeAtZero() {
    let screen = render(model([Event(time: 0, .sample(angle: 0))]), 100, 32)
    let text = screen.text
    #expect(screen.lines.count == 32)
    #expect(text.contains("┌───────┐"))
    #expect(text.contains("closed"))
    #expect(text.contains("angle 0°"))
    #expect(text.contains("status closed"))
    #expect(text.contains("reader frame 382 × 620 pt (outer)"))
    #expect(text.contains("0° █░░░░"))  // only the first cell filled
    #expect(
      text.contains("closed 5°") && text.contains("open↑ 160°") && text.contains("open↓ 140°"))
  }

  @Test func aSpreadWithoutAFoldHasNoFoldLine() {
    var model = LiveViewModel(profile: TestSupport.profile("tablet"))
    let inputs = [Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .sample(angle: 0))]
    for event in TestSupport.simulate(inputs, profile: TestSupport.profile("tablet")) { model.update(event) }
    model.update(Event(time: model.time + 5, .shown(spread(notes: .sheet))))
    let screen = render(model, 100, 32)
    let row = screen.lines.first { $0.contains("p23 line 2") }!
    #expect(row.contains("│   │") && !row.contains("┊") && !row.contains("▒"), "\(row)")
  }

  @Test func bookShowsAVAndASpreadWithTheFoldGutter() {
    let inputs = TestSupport.ramp(from: 0, to: 120, start: 0, duration: 300)
    let screen = render(model(inputs, shown: spread()), 100, 32)
    let text = screen.text
    #expect(text.contains("╲") && text.contains("╱") && text.contains("V"))
    #expect(text.contains("pose book"))
    #expect(text.contains("angle 120°"))
    #expect(text.contains(" page 23/50 ") && text.contains(" page 24/50 "))
    #expect(text.contains("p23 line 1") && text.contains("p24 line 1"))
    #expect(text.contains("notes: on the trailing side of the fold"))
    // The active fold runs down between the pages, next to both page boxes.
    let row = screen.lines.first { $0.contains("p23 line 2") }!
    #expect(row.contains("│ ▒ │"))
    #expect(text.contains("last settle: 200 ms after the last size"))
  }

  /// A PDF in the live view: each page box holds the text poppler finds on that page — the
  /// sample's pages 5 and 6 say their number and size, as its generator drew them.
  @Test func aPDFSpreadShowsEachPagesOwnText() throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: TestSupport.packageRoot + "/texts/pdf-sample.pdf"))
    let pages = try #require(FixedLayoutPageText(pdf: Array(bytes)))
    let inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 300)
    let shown = Shown(
      offset: 4, pages: [4, 5], ranges: [4..<5, 5..<6], pageCount: 10, layout: .spread, frames: [],
      notes: .trailing, excerpt: "")
    let screen = LiveViewRenderer(pages: pages, title: "test").render(
      model(inputs, shown: shown), width: 110, height: 32)
    #expect(screen.text.contains(" page 5/10 ") && screen.text.contains(" page 6/10 "))
    let first = try #require(screen.lines.first { $0.contains("Page 5") })
    #expect(first.contains("Page 6"))  // side by side, in one row
    #expect(first.range(of: "Page 5")!.lowerBound < first.range(of: "Page 6")!.lowerBound)
    #expect(screen.text.contains("595.28 x 419.53 pt (landscape)"))
    #expect(screen.text.contains("419.53 x 595.28 pt"))
  }

  @Test func rightToLeftSpreadDrawsEachPageAtItsFramesSide() {
    // A right-to-left spread: page 23 (listed first) has the right-hand frame, past the fold.
    let inputs = TestSupport.ramp(from: 0, to: 120, start: 0, duration: 300)
    var shown = spread()
    shown.frames = [
      Rect(x: 355, y: 0, width: 331, height: 571), Rect(x: 0, y: 0, width: 331, height: 571),
    ]
    let screen = render(model(inputs, shown: shown), 100, 32)
    let row = screen.lines.first { $0.contains("p23 line 2") }!
    let first = row.range(of: "p23 line 2")!.lowerBound
    let second = row.range(of: "p24 line 2")!.lowerBound
    let fold = row.range(of: "▒")!.lowerBound
    #expect(second < fold && fold < first)
    let labels = screen.lines.first { $0.contains(" page 23/50 ") }!
    #expect(labels.range(of: " page 24/50 ")!.lowerBound < labels.range(of: " page 23/50 ")!.lowerBound)
  }

  @Test func openWideGutterIsDottedWhenTheFoldIsFlat() {
    let inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 300)
    let screen = render(model(inputs, shown: spread()), 100, 32)
    #expect(screen.text.contains("┊ ▓▓▓▓▓▓▓▓ │"))  // the phone drawing
    #expect(screen.lines.first { $0.contains("p24 line 3") }!.contains("│ ┊ │"))
  }

  @Test func tabletopShowsAnLAndTheTurnAreaBelowThePage() {
    var inputs = [Event(time: 0, .orientation(.landscapeLeft))]
    inputs += TestSupport.ramp(from: 0, to: 100, start: 10, duration: 300)
    let screen = render(
      model(inputs, shown: spread(.tabletop, pages: [21], notes: .sheet)), 100, 32)
    let text = screen.text
    #expect(text.contains("pose tabletop"))
    #expect(text.contains("├─────────────┴───────┐"))
    #expect(text.contains("p22 line 1"))
    let fold = screen.lines.firstIndex { $0.contains("═ fold ═") }!
    #expect(screen.lines[fold + 1].contains("┌"))  // the page-turn area below the fold
    #expect(screen.lines[(fold + 1)...].contains { $0.contains("‹ prev      page turns      next ›") })
    #expect(screen.lines[fold - 1].contains("└"))  // the page box ends right above the fold
    #expect(text.contains("notes: in a sheet"))
    #expect(text.contains("orientation landscapeLeft"))
  }

  @Test func tallAndSidewaysDrawings() {
    let tall =
      [Event(time: 0, .orientation(.landscapeLeft))]
      + TestSupport.ramp(from: 0, to: 180, start: 10, duration: 300)
    #expect(render(model(tall), 100, 32).text.contains("├┄┄┄┄┄┄┄┄┄┤"))
    let sideways = [
      Event(time: 0, .sample(angle: 0)), Event(time: 10, .orientation(.landscapeLeft)),
    ]
    #expect(render(model(sideways), 100, 32).text.contains("closed, sideways"))
  }

  @Test func smallTerminalKeepsTheEssentials() {
    let inputs = TestSupport.ramp(from: 0, to: 120, start: 0, duration: 300)
    let screen = render(model(inputs, shown: spread()), 60, 20)
    #expect(screen.lines.count == 20)
    #expect(screen.lines.allSatisfy { $0.count <= 60 })
    let text = screen.text
    #expect(text.contains("angle 120°"))
    #expect(text.contains("p23 line 1"))
    #expect(text.contains("▒"))
    #expect(text.contains(" events "))
    // Three log lines fit under the pages; the last event is the last line.
    #expect(screen.lines[19].contains("shown      spread pages 23–24 of 50"))
  }

  @Test func tinyTerminalFallsBackToOneLine() {
    let screen = render(model([Event(time: 0, .sample(angle: 0))]), 18, 4)
    #expect(screen.lines[0] == "0° closed closed")
  }

  @Test func renderHomesTheCursorAndClearsEachRow() {
    var screen = ScreenBuffer(width: 4, height: 2)
    screen.put("abcdef", x: 1, y: 1)
    #expect(screen.lines == ["", " abc"])
    #expect(screen.render() == "\u{1B}[H\u{1B}[K\r\n abc\u{1B}[K")
  }

  /// A text size long after the opening's last scene size settles 200 ms after itself: the
  /// view's wait is that window (it computed its own wait from the last scene size, 700 ms here,
  /// beside the record's).
  @Test("the live view's settle wait is the cycle's: last change → settled, a text size included")
  func settleWaitFromTheCycle() {
    var inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 300)
    inputs.append(Event(time: 1000, .textSize(.xSmall)))
    let m = model(inputs)
    #expect(m.log.last!.contains("settled    867×611 xSmall"))
    #expect(m.settleWaitMs == 200)
  }

  @Test func modelKeepsTheLastSixEventsAndSettleLatency() {
    let inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 300)
    var m = model(inputs)
    #expect(m.log.count == 6)
    #expect(m.log.last!.contains("settled    867×611 large"))
    #expect(m.settleWaitMs == 200)
    m.update(
      Event(
        time: m.time,
        .paginated(
          Paginated(
            pageWidth: 1, pageHeight: 1, textSize: .large, pageCount: 3, ms: 12.5, cache: .miss,
            characters: 10, settled: m.time))))
    #expect(m.paginationMs == 12.5)
  }
}
