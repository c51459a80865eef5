import TestSupport
import Testing

@testable import EventStream
@testable import Reports

/// The knob demo page's state: the settle countdown from the profile's window, the pages with
/// their lines and frames, the type they were laid out in, and updates only when something
/// changed (at most 30 a second).
@Suite struct LiveWebStateTests {
  let profile = TestSupport.profile()

  func state() -> LiveWebState {
    LiveWebState(profile: profile, pages: StubPages()) { size in size == .large ? (17, 25, 0.946) : nil }
  }

  func value(_ json: String) throws -> JSONValue { try JSONValue.parse(Array(json.utf8)) }

  /// The simulator's own stream of opening the phone: a burst of sizes, then the settle 200 ms
  /// (the profile's window) after the last.
  @Test func theSettleCountsDownFromTheLastSizeAndStopsAtTheSettle() throws {
    let s = state()
    let events = TestSupport.simulate(
      [Event(time: 0, .sample(angle: 0)), Event(time: 500, .sample(angle: 180))], profile: profile)
    let lastScene = try #require(events.last { if case .scene = $0.kind { true } else { false } })
    let settle = try #require(events.first { if case .settled = $0.kind { $0.time > 400 } else { false } })
    for event in events where event.time <= lastScene.time { s.receive(event) }
    let window = profile.settleWindowMs
    let counting = try value(s.json(now: lastScene.time + 50))
    #expect(counting["settle"]?["remainingMs"] == .number(window - 50))
    #expect(counting["settle"]?["windowMs"] == .number(window))
    for event in events where event.time > lastScene.time && event.time <= settle.time { s.receive(event) }
    #expect(try value(s.json(now: settle.time))["settle"]?["remainingMs"] == .null)
  }

  @Test func thePagesOnScreenCarryTheirFramesLinesAndType() throws {
    let s = state()
    s.receive(Event(time: 0, .textSize(.large)))
    let frames = [Rect(x: 104, y: 20, width: 331.5, height: 571), Rect(x: 515.5, y: 20, width: 331.5, height: 571)]
    s.receive(
      Event(
        time: 10,
        .shown(
          Shown(
            offset: 0, pages: [2, 3], ranges: [200..<300, 300..<400], pageCount: 57, layout: .spread, frames: frames,
            notes: .trailing, excerpt: ""))))
    let json = try value(s.json(now: 10))
    guard case .array(let pages)? = json["shown"]?["pages"] else {
      Issue.record("no pages")
      return
    }
    #expect(pages.count == 2)
    #expect(pages[0]["index"] == .number(2))
    #expect(pages[1]["x"] == .number(515.5))
    guard case .array(let lines)? = pages[0]["lines"] else {
      Issue.record("no lines")
      return
    }
    #expect(lines.first == .string("p3 line 1 lorem ipsum dolor"))
    #expect(json["pointSize"] == .number(17))
    #expect(json["lineAdvance"] == .number(25))
    #expect(json["advanceScale"] == .number(0.946))
    #expect(json["angle"] == .null)
  }

  @Test func anUnchangedStateIsNotSentAgainAndUpdatesAreThrottled() {
    let s = state()
    s.receive(Event(time: 0, .textSize(.large)))
    #expect(s.take(now: 0) != nil)
    #expect(s.take(now: 100) == nil)  // nothing changed, nothing counting down
    #expect(s.take(now: 200) == nil)
    s.receive(Event(time: 201, .textSize(.AX5)))
    #expect(s.take(now: 210) != nil)  // changed, and 1/30 s since the last update
    s.receive(Event(time: 211, .textSize(.large)))
    #expect(s.take(now: 220) == nil)  // changed, but within 1/30 s of the last update
    #expect(s.take(now: 244) != nil)
  }
}
