import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI
@testable import Inputs

@Suite struct KnobRecordingSourceTests {
  func inputs(_ file: String) throws -> [Event] {
    let captured = CapturedContext()
    let profile = TestSupport.profile()
    var source = try SourceOptions().opener(profile: profile, context: captured.context).openForCommand(
      TestSupport.packageRoot + "/traces/" + file)
    var events: [Event] = []
    while let event = try source.next() { events.append(event) }
    return events
  }

  func angles(_ events: [Event]) -> [Double] {
    events.compactMap { if case .sample(let a) = $0.kind { a } else { nil } }
  }

  @Test func evemuPowerMateSweepsAbout1Point9DegreesPerClick() throws {
    let events = try inputs("knob-powermate.evemu")
    let a = angles(events)
    #expect(a.first == 0)
    #expect(abs(a[1] - 2 * 180.0 / 94) < 1e-9)  // the PowerMate reports two clicks at a time
    #expect(a.max() == 180)
    #expect(a.last == 0)
    #expect(events.first?.time == 0)
    #expect(events.contains { $0.kind == .orientation(.landscapeLeft) })
    #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
  }

  @Test func libinputWheelSweepsSevenAndAHalfDegreesPerDetent() throws {
    let events = try inputs("knob-wheel.yml")
    let a = angles(events)
    #expect(Array(a.prefix(4)) == [0, 7.5, 15, 22.5])
    #expect(a.max() == 180)
    #expect(a.last == 0)
    #expect(events.contains { $0.kind == .orientation(.landscapeLeft) })
  }

  @Test func aBadRecordingNamesTheLine() {
    let path = TestSupport.temporaryFile("E: 0.000000 0002 0007 x2\n", suffix: ".evemu")
    let captured = CapturedContext()
    #expect {
      _ = try SourceOptions().opener(profile: TestSupport.profile(), context: captured.context).openForCommand(path)
    } throws: { error in
      guard let error = error as? CLIError else { return false }
      return error.code == .dataError && error.message.contains(":1:")
        && error.message.contains("x2")
    }
  }
}
