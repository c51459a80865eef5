import EventStream
import Foundation
import Testing

@testable import Backends

@Suite struct ExportTimelineTests {
  static func update(_ t: Double, _ angle: Double, _ status: HingeStatus) -> Event {
    Event(time: t, .hinge(HingeUpdate(angle: angle, radians: angle * .pi / 180, status: status, progress: 0)))
  }

  /// A move sampled every 10 ms from 0 to 100 ms (11 angles), the status changing at 50 ms, then
  /// one more angle at 1000 ms.
  static var move: ExportTimeline {
    var events: [Event] = []
    for i in 0...10 {
      let t = Double(i * 10)
      events.append(update(t, t, t < 50 ? .closed : .partiallyOpen))
    }
    events.append(update(1000, 100, .partiallyOpen))
    return ExportTimeline.of(events)
  }

  /// At 25 Hz (a 40 ms period) the kept angles are, by hand: 0 (first), 40 (due), 50 (status
  /// change), 90 (due: 40 ms after 50), 100 (ends the move: the next comes 900 ms later), 1000
  /// (last). 12 − 6 = 6 dropped.
  @Test func thinningKeepsStatusChangesMoveEndsAndTheLast() {
    let (thinned, dropped) = Self.move.thinned(rateHz: 25)
    #expect(thinned.angles.map(\.time) == [0, 40, 50, 90, 100, 1000])
    #expect(dropped == 6)
  }

  /// A rate above the sampling keeps everything.
  @Test func aHighRateDropsNothing() {
    #expect(Self.move.thinned(rateHz: 1000).dropped == 0)
  }

  /// The first update changes the status (from none) and so does the one at 50 ms; no other.
  @Test func statusChangesAreMarked() {
    #expect(Self.move.angles.filter(\.changesStatus).map(\.time) == [0, 50])
  }

  /// A straight ramp needs only its ends and the status change: the tool interpolates linearly,
  /// so 0 → 100° over 100 ms keeps 0, 50 (status) and 100; the hold to 1000 ms keeps 1000.
  @Test func agentDeviceKeepsOnlyBendsAndStatusChanges() {
    let (frames, merged, straight) = AgentDeviceExport.keyframes(Self.move.angles)
    #expect(frames.map(\.atMs) == [0, 50, 100, 1000])
    #expect(merged == 0)
    #expect(straight == 8)
  }

  /// Two angles on the same millisecond merge, the later one winning; a first angle after 0 ms
  /// gets a keyframe at 0 (agent-device's keyframes start at 0 ms).
  @Test func agentDeviceStartsAtZeroAndMergesAMillisecond() {
    let timeline = ExportTimeline.of([
      Self.update(20, 10, .partiallyOpen), Self.update(40.2, 30, .partiallyOpen), Self.update(39.9, 31, .partiallyOpen),
      Self.update(100, 170, .fullyOpen),
    ])
    let (frames, merged, _) = AgentDeviceExport.keyframes(timeline.angles)
    #expect(frames.first == AgentDeviceExport.Keyframe(atMs: 0, angle: 10, keep: true))
    #expect(merged == 1)
    #expect(frames.contains { $0.atMs == 40 && $0.angle == 31 })
  }

  /// Page turns and text sizes are named with their times; the hinge-only targets also name the
  /// rotation, the adb and CDP exports carry it.
  @Test func leftOutNamesWhatEachTargetCannotCarry() {
    let timeline = ExportTimeline.of([
      Event(time: 0, .orientation(.portrait)), Self.update(0, 0, .closed), Event(time: 300, .turn(.next)),
      Event(time: 500, .orientation(.landscapeLeft)), Event(time: 700, .textSize(.AX1)),
    ])
    let wda = ExportFormat.wda.render(timeline).leftOut
    #expect(wda.count == 3)
    #expect(wda.contains { $0.hasPrefix("1 orientation change at 500 ms") })
    #expect(wda.contains { $0.hasPrefix("1 page turn at 300 ms") })
    #expect(ExportFormat.adb.render(timeline).leftOut.count == 2)
    #expect(ExportFormat.cdp.render(timeline).leftOut.count == 2)
    #expect(ExportFormat.adb.render(timeline).text.contains("emu rotate"))
  }
}

@Suite struct AgentDeviceLimitTests {
  /// 70 angles zig-zagging by 10° every 100 ms: no three lie on a line at agent-device's 0.5°,
  /// so all 70 would be keyframes, more than the 64 it accepts. The export thins them (a wider
  /// tolerance, doubled until they fit) and names the cost as left out.
  @Test func moreThan64KeyframesAreThinnedAndNamed() throws {
    let events = (0..<70).map { i in
      ExportTimelineTests.update(Double(i * 100), i % 2 == 0 ? 90 : 100, .partiallyOpen)
    }
    let output = ExportFormat.agentDevice.render(ExportTimeline.of(events))
    let frames = try #require(try JSONSerialization.jsonObject(with: Data(output.text.utf8)) as? [[String: Double]])
    #expect(frames.count <= 64 && frames.count >= 2, "\(frames.count)")
    #expect(frames.last?["atMs"] == 6900)
    #expect(output.overLimits.isEmpty)
    #expect(output.leftOut.count == 1)
    #expect(output.leftOut.first?.contains("keyframes thinned away to fit agent-device's 64") == true)
    #expect(output.isIncomplete)  // --strict: 65
  }

  /// 70 status changes (partly open ↔ fully open each time) cannot be thinned: each must stay.
  /// The output is written as it is, over the tool's limits, and names them.
  @Test func moreThan64StatusChangesAreOverTheLimit() {
    let events: [Event] = (0..<70).map { (i: Int) -> Event in
      let status: HingeStatus = i % 2 == 0 ? .partiallyOpen : .fullyOpen
      return ExportTimelineTests.update(Double(i * 100), i % 2 == 0 ? 150 : 170, status)
    }
    let output = ExportFormat.agentDevice.render(ExportTimeline.of(events))
    #expect(output.overLimits.count == 1)
    let first = output.overLimits.first ?? ""
    #expect(first.hasPrefix("70 keyframes over 6900 ms"), "\(first)")
    #expect(output.isIncomplete)
  }

  /// 64 keyframes over exactly 60 000 ms are inside the limits.
  @Test func sixtyFourKeyframesUpTo60sAreAccepted() {
    var events = (0..<63).map { i in
      ExportTimelineTests.update(Double(i * 100), i % 2 == 0 ? 90 : 100, .partiallyOpen)
    }
    events.append(ExportTimelineTests.update(60_000, 120, .partiallyOpen))
    let output = ExportFormat.agentDevice.render(ExportTimeline.of(events))
    #expect(output.overLimits.isEmpty)
    #expect(output.text.split(separator: "\n").filter { $0.contains("atMs") }.count == 64)
  }
}

@Suite struct NoHingeExportTests {
  /// A device without a hinge delivers one `{"hinge":null}` update and no angle: agent-device
  /// gets an empty array (not an invented 0°) and stderr says it needs at least 2 keyframes.
  @Test func aStreamWithoutAnglesInventsNoKeyframe() {
    let timeline = ExportTimeline.of([Event(time: 0, .hinge(.noHinge))])
    #expect(timeline.angles.isEmpty)
    let output = ExportFormat.agentDevice.render(timeline)
    #expect(output.text == "[\n]\n")
    #expect(output.overLimits == ["0 keyframes: agent-device needs at least 2"])
    #expect(output.notes.contains { $0.contains("no hinge angle") })
    #expect(!ExportFormat.wda.render(timeline).text.contains("\nangle "))
  }
}
