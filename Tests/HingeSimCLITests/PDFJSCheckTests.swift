import AppLogs
import EventStream
import Reader
import Testing

@testable import HingeSimCLI

/// `web --reader pdfjs`'s verdict without a browser: hand-written PDF.js logs against settles
/// whose folds are known, each rule caught by the state that breaks it and no other.
struct PDFJSCheckTests {
  /// The iPhone Duo opened flat: 867 wide, the fold 28 pt wide from x 455.5 (its centre 469.5).
  static let fold = Division(frame: Rect(x: 455.5, y: 0, width: 28, height: 611), isActive: true)

  static func settle(at time: Double, width: Double = 867, division: Division? = fold, firstChange: Double? = nil)
    -> PDFJSCheck.Settle
  {
    let start = firstChange ?? time - 300
    let cycle = SettleCycle(
      cause: .initial, causeTime: start, firstChange: start, lastChange: start, firstSize: start, lastSize: start)
    return PDFJSCheck.Settle(
      time: time,
      settled: Settled(
        width: width, height: 611, textSize: .large, division: division, sizes: 1, changed: true, cycle: cycle))
  }

  /// A `shown` line at app time `t` (the sync puts the app's 1000 at the script's 0).
  static func shown(_ t: Double, place: Int, pages: [Int], frames: [(Double, Double)]) -> String {
    let boxes = frames.map { #"{"x":\#($0.0),"y":20,"width":\#($0.1 - $0.0),"height":500}"# }
    let layout = pages.count == 2 ? "spread" : "single"
    return
      #"{"t":\#(t),"type":"shown","offset":\#(place),"pages":\#(pages),"ranges":\#(pages.map { [$0, $0 + 1] }),"pageCount":10,"layout":"\#(layout)","frames":[\#(boxes.joined(separator: ","))],"notes":"sheet"}"#
  }

  static func check(_ lines: [String], settles: [PDFJSCheck.Settle], turns: [Double] = []) throws -> PDFJSCheck {
    let text = ([#"{"t":1000,"type":"sync","scriptTime":0,"textLength":10}"#] + lines).joined(separator: "\n")
    let log = try AppLog.decode(Array(text.utf8), file: "pdfjs.jsonl", textLength: 10)
    return PDFJSCheck(log: log, settles: settles, turns: turns)
  }

  @Test func aSpreadClearOfTheFoldAndCentredOnItPasses() throws {
    // Pages meet around the fold's centre (455.5 + 14): 40…455 and 484…899 → middle 469.5.
    let result = try Self.check(
      [Self.shown(1200, place: 0, pages: [0, 1], frames: [(40, 455), (484, 899)])], settles: [Self.settle(at: 400)])
    #expect(result.findings.isEmpty, "\(result.findings)")
    #expect(result.shownChecked == 1)
  }

  /// PDF.js's own spread at page-fit in an 867-wide view: 414.5 px centre, 55 off the fold's.
  @Test func aSpreadCentredOnTheViewNotTheFoldBreaksCentringAndClearance() throws {
    let result = try Self.check(
      [Self.shown(1200, place: 0, pages: [0, 1], frames: [(-4, 418), (411, 833)])], settles: [Self.settle(at: 400)])
    #expect(Set(result.findings.map(\.rule)) == ["pdf-spread-centred", "pdf-fold-clear"])
    #expect(result.findings.first { $0.rule == "pdf-spread-centred" }?.message.contains("55 pt off") == true)
    #expect(result.findings.allSatisfy { $0.line == 2 && $0.time == 400 })
  }

  /// Over a flat fold nothing is in the way, but a spread is still centred on it.
  @Test func aFlatFoldIsNotInTheWay() throws {
    let flat = Division(frame: Self.fold.frame, isActive: false)
    let result = try Self.check(
      [Self.shown(1200, place: 0, pages: [0], frames: [(100, 700)])], settles: [Self.settle(at: 400, division: flat)])
    #expect(result.findings.isEmpty)
  }

  /// A resize that moves PDF.js to another page loses the place; a turn of the script moves it.
  @Test func thePlaceIsThePageReadBeforeTheLayoutChangedUnlessTheScriptTurned() throws {
    let lines = [
      Self.shown(1100, place: 2, pages: [2], frames: [(40, 440)]),  // at 100: the reader on page 3
      Self.shown(1700, place: 3, pages: [3], frames: [(40, 440)]),  // a resize at 600 scrolled to page 4
    ]
    let settles = [Self.settle(at: 150), Self.settle(at: 900, firstChange: 550)]
    // The script turned to page 3 at 80; nothing turned before the resize.
    let lost = try Self.check(lines, settles: settles, turns: [80])
    #expect(lost.findings.map(\.rule) == ["pdf-place-visible"])
    #expect(lost.findings.first?.line == 3)
    #expect(lost.findings.first?.message.contains("page 3 (the place)") == true)
    let turned = try Self.check(lines, settles: settles, turns: [80, 650])
    #expect(turned.findings.isEmpty, "\(turned.findings)")
    // Two turns before either state arrives (a loaded host): each moves the place once.
    let late = try Self.check(
      [lines[0], Self.shown(1120, place: 3, pages: [3], frames: [(40, 440)])], settles: [Self.settle(at: 150)],
      turns: [60, 70])
    #expect(late.findings.isEmpty, "\(late.findings)")
    #expect(turned.shownChecked == 2)
  }

  /// The states of a burst before its settle are transient: only the resting one and later ones count.
  @Test func statesBeforeTheSettleAreNotJudgedButTheRestingOneIs() throws {
    let lines = [
      Self.shown(1100, place: 0, pages: [0], frames: [(300, 700)]),  // mid-burst, across the fold
      Self.shown(1300, place: 0, pages: [0], frames: [(20, 420)]),  // resting, clear of it
    ]
    let result = try Self.check(lines, settles: [Self.settle(at: 500)])
    #expect(result.findings.isEmpty)
    let late = try Self.check(
      Array(lines.reversed()).enumerated().map { i, _ in
        Self.shown(1100 + Double(i) * 200, place: 0, pages: [0], frames: i == 0 ? [(20, 420)] : [(300, 700)])
      }, settles: [Self.settle(at: 150)])
    #expect(late.findings.map(\.rule) == ["pdf-fold-clear"])
  }

  @Test func aSettleWithNothingShownIsReported() throws {
    let result = try Self.check([], settles: [Self.settle(at: 400)])
    #expect(result.findings.map(\.rule) == ["pdf-shown"])
  }
}
