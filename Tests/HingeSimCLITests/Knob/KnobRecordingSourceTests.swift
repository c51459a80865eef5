import Knob
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

  /// The PowerMate's one press (2850 ms, the phone open wide, regular width) with
  /// `--button-action sidebar` shows the library's sidebar: the reader gives up 280 pt, so the
  /// fold at 455.5 sits at 175.5 and each page is 175.5 − 20 − 20 = 135.5 pt wide. Closed
  /// again (compact) the sidebar takes nothing: the closed page, 382 − 40 = 342.
  @Test func aButtonMappedToSidebarShowsTheLibrary() {
    let r = CLIHarness.run([
      "knob", "--replay", TestSupport.packageRoot + "/traces/knob-powermate.evemu", "--button-action", "sidebar",
      "--speed", "100", "--json",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.filter { $0.contains(#""type":"sidebar""#) } == [#"{"t":2850,"type":"sidebar","sidebar":"show"}"#])
    let widths = lines.filter { $0.contains(#""type":"paginated""#) }.compactMap { line -> Substring? in
      guard let start = line.range(of: #""pageWidth":"#), let comma = line[start.upperBound...].firstIndex(of: ",")
      else { return nil }
      return line[start.upperBound..<comma]
    }
    #expect(widths.suffix(2) == ["135.5", "342"], "\(widths)")
    #expect(!lines.contains { $0.contains(#""type":"violation""#) })
    #expect(KnobButtonAction(name: "toggle-sidebar") == .toggleSidebar)
  }

  /// `--button-action drag-to-notes`: the press opens the notes (a drop needs them on screen)
  /// and drags the first line on screen into them — open wide, beside the page.
  @Test func aButtonMappedToDragToNotesDropsTheFirstLine() {
    let r = CLIHarness.run([
      "knob", "--replay", TestSupport.packageRoot + "/traces/knob-powermate.evemu", "--button-action",
      "drag-to-notes", "--speed", "100", "--json",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(
      lines.filter { $0.contains(#""type":"dragToNotes""#) || $0.contains(#""notes":"open""#) } == [
        #"{"t":2850,"type":"notes","notes":"open"}"#, #"{"t":2850,"type":"dragToNotes","passage":"firstLine"}"#,
      ])
    let dropped = lines.first { $0.contains(#""change":"drag""#) }
    #expect(dropped?.contains(#""shownAs":"beside""#) == true && dropped?.contains("warning") == false, "\(r.stdout)")
    #expect(!lines.contains { $0.contains(#""type":"violation""#) })
    #expect(KnobButtonAction(name: "drag") == .dragToNotes)
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
