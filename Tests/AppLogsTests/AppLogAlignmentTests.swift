import EventStream
import Reader
import Simulator
import TestSupport
import Testing

@testable import AppLogs

/// `AppLogAlignment` on the closed phone's first settle (382×620 at 200 ms on the script's
/// clock) and an app whose clock reads 5000 at the script's 0: times and answers worked out by
/// hand.
@Suite("app log alignment")
struct AppLogAlignmentTests {
  static let stream = TestSupport.simulate([Event(time: 0, .sample(angle: 0))])
  static let sync = #"{"t":5000,"type":"sync","scriptTime":0}"#
  static let frame = #"{"t":5000,"type":"frame","width":382,"height":620}"#
  static func paginated(_ t: Double, ms: Double = 5) -> String {
    #"{"t":\#(t),"type":"paginated","pageWidth":342,"pageHeight":580,"pageCount":80,"ms":\#(ms)}"#
  }
  static func shown(_ t: Double) -> String {
    #"{"t":\#(t),"type":"shown","offset":0,"pages":[0],"ranges":[[0,40]],"pageCount":80,"layout":"single","frames":[{"x":20,"y":20,"width":342,"height":580}],"notes":"sheet"}"#
  }

  func align(_ lines: [String]) throws -> AppLogAlignment {
    let document = try ReaderDocument(text: AppLogFixtures.text, profile: AppLogFixtures.profile)
    let log = try AppLog.decode(
      Array(lines.joined(separator: "\n").utf8), file: "app.jsonl", textLength: document.utf16Count)
    return AppLogAlignment(
      log: log, stream: Self.stream, document: document, insets: AppLogFixtures.profile.pages)
  }

  func appEvents(_ a: AppLogAlignment) -> [Event] {
    a.events.filter {
      switch $0.kind {
      case .paginated, .shown, .skipped: true
      default: false
      }
    }
  }

  @Test("the stream settles the closed phone's 382×620 at 200 ms (what the cases below assume)")
  func premise() {
    let settles = Self.stream.compactMap { e -> (Double, Settled)? in
      if case .settled(let s) = e.kind { (e.time, s) } else { nil }
    }
    #expect(settles.count == 1)
    #expect(settles.first?.0 == 200)
    #expect(settles.first?.1.width == 382)
    #expect(settles.first?.1.height == 620)
  }

  @Test("a pagination from 5200 to 5205 on the app's clock answers the settle at 200: queued 0, shown at 205")
  func answers() throws {
    let a = try align([Self.sync, Self.frame, Self.paginated(5205), Self.shown(5205)])
    #expect(a.findings.isEmpty)
    let events = appEvents(a)
    #expect(events.map(\.time) == [205, 205])
    guard case .paginated(let p) = events.first?.kind else {
      Issue.record("no paginated")
      return
    }
    #expect(p.settled == 200)
    #expect(p.queuedMs == 0)
    #expect(p.ms == 5)
    #expect(p.computeClock == "app")
    // The stream's order: the settle before the app's answer.
    let settledIndex = a.events.firstIndex { if case .settled = $0.kind { true } else { false } }!
    let paginatedIndex = a.events.firstIndex { if case .paginated = $0.kind { true } else { false } }!
    #expect(settledIndex < paginatedIndex)
  }

  @Test("a pagination that starts 30 ms after the settle, the app free: a late start of 30 ms, no queue")
  func lateStart() throws {
    let a = try align([Self.sync, Self.frame, Self.paginated(5235), Self.shown(5235)])
    guard case .paginated(let p) = appEvents(a).first?.kind else {
      Issue.record("no paginated")
      return
    }
    // Starts at 5235 − 5 − 5000 = 230, 30 ms after the settle at 200, with nothing running:
    // the app was not busy, it started late (its own debounce, the size's delivery).
    #expect(p.queuedMs == 0)
    #expect(p.lateStartMs == 30)
  }

  /// A pagination `from`–`to` on the script's clock, `ms` long.
  static func span(_ entry: Int, _ from: Double, _ to: Double) -> AppLogPagination {
    AppLogPagination(
      entry: entry, start: from, end: to,
      value: AppLog.Pagination(
        pageWidth: 342, pageHeight: 580, pageCount: 80, ms: to - from, textSize: nil, cached: false))
  }

  @Test(
    "a record's terms split settle → paginated: queued while an earlier pagination ran (their union), late for the rest",
    arguments: [
      // settle 250; the app busy 100–290, then paginates 300–310: 40 queued, 10 late, 10 work.
      (
        [AppLogAlignmentTests.span(0, 100, 290), AppLogAlignmentTests.span(1, 300, 310)], 250.0, 310.0,
        (40.0, 10.0, 10.0)
      ),
      // settle 210; two earlier paginations overlap (200–260, 240–280): busy 210–280 once, 70.
      (
        [
          AppLogAlignmentTests.span(0, 200, 260), AppLogAlignmentTests.span(1, 240, 280),
          AppLogAlignmentTests.span(2, 300, 310),
        ], 210, 310, (70, 20, 10)
      ),
      // settle 200; an early pagination 150–155 stamped at the settle: no term at all.
      ([AppLogAlignmentTests.span(0, 150, 155)], 200, 200, (0, 0, 0)),
      // settle 200; a pagination ending at 205 but stamped at 212 (an earlier answer shown
      // then): 7 ms late, its 5 ms of work kept.
      ([AppLogAlignmentTests.span(0, 200, 205)], 200, 212, (0, 7, 5)),
      // the model's own: busy 200–500, this settle at 450 paginated 500–800: 50 queued, 0 late.
      ([AppLogAlignmentTests.span(0, 200, 500), AppLogAlignmentTests.span(1, 500, 800)], 450, 800, (50, 0, 300)),
    ])
  func terms(
    paginations: [AppLogPagination], settled: Double, end: Double,
    expected: (queued: Double, late: Double, ms: Double)
  ) {
    let t = AppLogAlignment.terms(of: paginations.count - 1, in: paginations, settled: settled, endingAt: end)
    #expect(t.queuedMs == expected.queued)
    #expect(t.lateStartMs == expected.late)
    #expect(t.ms == expected.ms)
    // The identity: settled + queued + late + ms is the paginated event's time, exactly.
    #expect(
      StreamTime.adding(t.ms, to: StreamTime.adding(t.lateStartMs, to: StreamTime.adding(t.queuedMs, to: settled)))
        == end)
  }

  static func painted(_ t: Double) -> String { #"{"t":\#(t),"type":"painted"}"# }

  @Test("a shown's paintedMs is the first painted after it, and none when another shown came first")
  func painted() throws {
    func answerShown(_ a: AppLogAlignment) -> Shown? {
      appEvents(a).lazy.compactMap { if case .shown(let s) = $0.kind { s } else { nil } }.first
    }
    let a = try align([
      Self.sync, Self.frame, Self.paginated(5205), Self.shown(5205), Self.painted(5221.5), Self.painted(5240),
    ])
    #expect(answerShown(a)?.paintedMs == 16.5)
    // The painted after a later shown is the later layout's frame, not this one's.
    let b = try align([
      Self.sync, Self.frame, Self.paginated(5205), Self.shown(5205), Self.shown(5210), Self.painted(5221),
    ])
    #expect(answerShown(b) != nil)
    #expect(answerShown(b)?.paintedMs == nil)
    // A log without painted lines has none (the reader model's, an app that does not say).
    let c = try align([Self.sync, Self.frame, Self.paginated(5205), Self.shown(5205)])
    #expect(answerShown(c) != nil && answerShown(c)?.paintedMs == nil)
  }

  @Test("a pagination from 5145 to 5150 (before the settle at 200) breaks paginated-before-settle, and only it")
  func early() throws {
    let a = try align([Self.sync, Self.frame, Self.paginated(5150), Self.shown(5150)])
    #expect(a.findings.map(\.rule) == ["paginated-before-settle"])
    #expect(a.findings.first?.line == 3)
    #expect(appEvents(a).map(\.time) == [200, 200])  // timed from the settle it answers
  }

  @Test("two paginations for one settle: the first is one too many")
  func twice() throws {
    let a = try align([
      Self.sync, Self.frame, Self.paginated(5205), Self.shown(5205), Self.paginated(5300), Self.shown(5300),
    ])
    #expect(a.findings.map(\.rule) == ["paginate-once-per-settle"])
    #expect(a.findings.first?.line == 5)
  }

  @Test("no pagination, no page: shown-after-settle; a pagination never shown: the same rule")
  func missing() throws {
    #expect(try align([Self.sync, Self.frame]).findings.map(\.rule) == ["shown-after-settle"])
    #expect(try align([Self.sync, Self.frame, Self.paginated(5205)]).findings.map(\.rule) == ["shown-after-settle"])
  }

  @Test("a frame 951 pt wide when the pose's is 382: frame-matches-pose")
  func frame() throws {
    let wide = #"{"t":5000,"type":"frame","width":951,"height":620}"#
    let a = try align([Self.sync, wide, Self.paginated(5205), Self.shown(5205)])
    #expect(a.findings.map(\.rule) == ["frame-matches-pose"])
    #expect(a.findings.first?.message.hasPrefix("the app measured its frame 951×620, the pose's is 382×620") == true)
    // Half a point is rounding, not a bug.
    let close = #"{"t":5000,"type":"frame","width":382.5,"height":619.5}"#
    #expect(try align([Self.sync, close, Self.paginated(5205), Self.shown(5205)]).findings.isEmpty)
  }

  @Test("a spread on the closed phone: layout-matches-fold; the place off the page: offset-visible")
  func shownRules() throws {
    let spread = Self.shown(5205).replacingOccurrences(of: #""layout":"single""#, with: #""layout":"spread""#)
    #expect(
      try align([Self.sync, Self.frame, Self.paginated(5205), spread]).findings.map(\.rule) == ["layout-matches-fold"])
    let away = Self.shown(5205).replacingOccurrences(of: #""offset":0"#, with: #""offset":41"#)
    #expect(try align([Self.sync, Self.frame, Self.paginated(5205), away]).findings.map(\.rule) == ["offset-visible"])
  }

  /// docs/app-log.md: the arrangement rules are said once per layout in force, so an app that
  /// keeps a wrong spread on screen is told once, not on every redraw of the same settle.
  @Test("a spread shown three times for one settle on the closed phone: layout-matches-fold once, at the first")
  func layoutSaidOnce() throws {
    let spread = { (t: Double) in
      Self.shown(t).replacingOccurrences(of: #""layout":"single""#, with: #""layout":"spread""#)
    }
    let a = try align([Self.sync, Self.frame, Self.paginated(5205), spread(5205), spread(5400), spread(5900)])
    #expect(a.findings.map(\.rule) == ["layout-matches-fold"])
    #expect(a.findings.first?.time == 205)
  }
}
