import CFakeEvdev
import Glibc
import Knob
import KnobTestSupport
import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI
@testable import Inputs

@Suite(.serialized) struct KnobCommandTests {
  /// Five +10-click turns 20 ms apart from +100 ms, then a button press (rotate) at +250 ms.
  func writeTurns(_ fake: FakeKnob) {
    let base = MonotonicClock.nowMs()
    for i in 0..<5 { fake.frame(at: base, plus: 100 + Double(i) * 20, type: 2, code: 7, value: 10) }
    fake.frame(at: base, plus: 250, type: 1, code: 0x100, value: 1)
    fake.frame(at: base, plus: 260, type: 1, code: 0x100, value: 0)
  }

  @Test func turningTheKnobDrivesTheSimulatorAndTheRecordingReplaysToTheSameStream() throws {
    let fake = FakeKnob.powerMate()
    writeTurns(fake)
    let captured = CapturedContext()
    let record = "/tmp/hingesim-test-knob-\(UInt64.random(in: 0...UInt64.max)).jsonl"
    let result = runCommand(
      KnobCommand.self,
      ["--device", fake.path, "--json", "--record", record, "--duration", "800", "--compute-ms", "1"],
      captured)
    #expect(try result.get() == .ok)
    let live = captured.stdout
    let events = live.split(separator: "\n").map { String($0) }
    // 10 clicks of a 94-click turn over 0…180° = 19.15°, delivered at the 0.5° precision.
    #expect(
      events.contains {
        $0.contains("\"type\":\"hinge\",\"angle\":19,") && $0.contains("partiallyOpen")
      })
    #expect(events.contains { $0.contains("\"type\":\"hinge\",\"angle\":95.5,") })
    #expect(
      events.contains { $0.contains("\"type\":\"orientation\",\"orientation\":\"landscapeLeft\"") })
    #expect(events.contains { $0.contains("\"pose\":\"tabletop\"") })
    #expect(events.contains { $0.contains("\"type\":\"settled\"") })
    #expect(events.contains { $0.contains("\"type\":\"shown\"") })  // the reader runs live too
    // --duration ends the run: the end marker is the stream's last line, the last record before it.
    #expect(events.last!.contains(#""type":"end","reason":"stopped"}"#))
    #expect(events.dropLast().last!.contains("\"type\":\"timing\""))
    #expect(captured.stderr.contains("reading \(fake.path) (Griffin PowerMate"))

    let recording = readText(record)
    // The initial sample, 5 samples, the orientation and the end marker.
    #expect(recording.split(separator: "\n").count == 8)
    #expect(recording.split(separator: "\n").last == events.last.map { Substring($0) })
    let replay = CapturedContext()
    #expect(try runCommand(RunCommand.self, [record, "--json", "--compute-ms", "1"], replay).get() == .ok)
    #expect(replay.stdout == live)
  }

  @Test func synDroppedWarnsThatRotationWasLost() throws {
    let fake = FakeKnob.powerMate()
    var warnings: [String] = []
    let device = try KnobDevice(path: fake.path)
    var source = KnobLiveSource(device: device, mapping: KnobMapping()) { warnings.append($0) }
    let clock = LiveClock(startMs: 0)
    fake.frame(at: 1000, plus: 0, type: 2, code: 7, value: 47)
    fake.frame(at: 1000, plus: 20, type: 0, code: 3, value: 0)  // SYN_DROPPED (+ its SYN_REPORT)
    fake.frame(at: 1000, plus: 30, type: 2, code: 7, value: 5)  // lost in the resync
    var events = try source.readAvailable(clock: clock)
    fake.frame(at: 2000, plus: 0, type: 2, code: 7, value: 1)
    events += try source.readAvailable(clock: clock)
    let samples = events.dropFirst().compactMap { e -> Double? in
      if case .sample(let a) = e.kind { return a }
      return nil
    }
    #expect(samples == [90, 90 + 180.0 / 94])
    #expect(events.dropFirst().first?.time == 1000)
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("SYN_DROPPED") == true)
    #expect(warnings.first?.contains("relative rotation in the gap was lost") == true)
  }

  @Test func unplugIsAnIOErrorAndKeepsTheRecordingAndReleasesTheGrab() throws {
    let fake = FakeKnob.powerMate()
    let base = MonotonicClock.nowMs()
    fake.frame(at: base, plus: 0, type: 2, code: 7, value: 10)
    fake.closeWriter()
    let captured = CapturedContext()
    let record = "/tmp/hingesim-test-knob-\(UInt64.random(in: 0...UInt64.max)).jsonl"
    let result = runCommand(
      KnobCommand.self, ["--device", fake.path, "--grab", "--record", record], captured)
    guard case .failure(let error) = result else {
      Issue.record("expected an error, got \(result)")
      return
    }
    #expect(error.code == .ioError)
    #expect(error.message.contains("the knob was unplugged"))
    #expect(error.message.contains("the recording \(record) holds the input"))
    #expect(readText(record).contains("\"angle\":19.148936170212767"))
    #expect(fake_evdev_grab_state(fake.readFD) == 0)
    #expect(fake_evdev_grab_calls(fake.readFD) == 2)
  }

  @Test func sourceUnplugErrorKind() throws {
    let fake = FakeKnob.powerMate()
    fake_evdev_fail_reads(fake.readFD, ENODEV)
    let device = try KnobDevice(path: fake.path)
    var source = KnobLiveSource(device: device, mapping: KnobMapping()) { _ in }
    #expect(throws: InputError.self) { _ = try source.readAvailable(clock: LiveClock()) }
    do {
      _ = try source.readAvailable(clock: LiveClock())
    } catch {
      #expect(error.kind == .io)
      #expect(error.description == "\(fake.path): the knob was unplugged")
    }
  }

  @Test func grabIsReleasedWhenTheRunStops() throws {
    let fake = FakeKnob.powerMate()
    let captured = CapturedContext()
    let result = runCommand(
      KnobCommand.self, ["--device", fake.path, "--grab", "--duration", "30"], captured)
    #expect(try result.get() == .ok)
    #expect(fake_evdev_grab_calls(fake.readFD) == 2)
    #expect(fake_evdev_grab_state(fake.readFD) == 0)
    #expect(captured.stdout.contains("pose       closed (portrait)"))
  }

  @Test func noKnobIsExit66WithAHint() {
    let captured = CapturedContext()
    let result = runCommand(KnobCommand.self, ["--dir", "/nonexistent-hingesim"], captured)
    guard case .failure(let error) = result else {
      Issue.record("expected an error")
      return
    }
    #expect(error.code == .noInput)
    #expect(error.message.contains("no knob found"))
    #expect(error.message.contains("'hingesim devices' lists the knobs"))
  }

  @Test func pacedReplayGivesTheVirtualStream() throws {
    let captured = CapturedContext()
    let path = TestSupport.packageRoot + "/traces/knob-wheel.yml"
    #expect(
      try runCommand(
        KnobCommand.self, ["--replay", path, "--speed", "25", "--json", "--compute-ms", "1"], captured
      ).get() == .ok)
    let virtual = CapturedContext()
    #expect(try runCommand(RunCommand.self, [path, "--json", "--compute-ms", "1"], virtual).get() == .ok)
    #expect(captured.stdout == virtual.stdout)
    #expect(!captured.stdout.isEmpty)
  }
}
