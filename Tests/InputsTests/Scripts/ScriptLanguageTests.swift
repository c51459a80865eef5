import Testing

@testable import EventStream
@testable import Inputs

@Suite struct ScriptLanguageTests {
  @Test func startEmitsOrientationThenSampleAtZero() throws {
    let events = try scriptEvents("start tabletop\n")
    #expect(
      events == [Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .sample(angle: 110))])
  }

  @Test(arguments: [
    ("closed", 0.0, Orientation.portrait), ("book", 110, .portrait), ("openWide", 180, .portrait),
    ("openTall", 180, .landscapeLeft), ("tabletop", 110, .landscapeLeft),
    ("closedSideways", 0, .landscapeLeft),
    ("75deg", 75, .portrait), ("42", 42, .portrait),
  ])
  func startPositions(name: String, angle: Double, orientation: Orientation) throws {
    let events = try scriptEvents("start \(name)\n")
    #expect(
      events == [Event(time: 0, .orientation(orientation)), Event(time: 0, .sample(angle: angle))])
  }

  @Test func explicitOrientationOverridesThePose() throws {
    let events = try scriptEvents("start book landscapeRight")
    #expect(events.first == Event(time: 0, .orientation(.landscapeRight)))
  }

  @Test func rampIsSampledAtTheProfileRateAndEndsOnTarget() throws {
    let events = try scriptEvents("start closed\nopen to 180 over 600ms\n")
    let samples = events.dropFirst(2)
    #expect(samples.count == 60)
    #expect(samples.first == Event(time: 10, .sample(angle: 3)))
    #expect(samples.last == Event(time: 600, .sample(angle: 180)))
  }

  @Test func rateChangesTheSampling() throws {
    let events = try scriptEvents("rate 300\nstart closed\nopen to 90 over 10ms\n")
    #expect(events.dropFirst(2).map(\.time) == [3.333, 6.667, 10])
    let defaultRate = try scriptEvents(
      "start closed\nopen to 90 over 1s\n", options: .init(defaultRateHz: 50))
    #expect(defaultRate.count == 2 + 50)
  }

  @Test(arguments: [Easing.linear, .easeIn, .easeOut, .easeInOut])
  func easingsShapeTheRamp(easing: Easing) throws {
    let events = try scriptEvents("start closed\nopen to 100 over 100ms \(easing.rawValue)\n")
    let angles = sampleAngles(events).dropFirst()
    #expect(angles.count == 10)
    #expect(angles[angles.startIndex + 4] == (easing.apply(0.5) * 100 * 10_000).rounded() / 10_000)
    #expect(angles.last == 100)
  }

  @Test func foldAndCloseGoDown() throws {
    let events = try scriptEvents("start openWide\nfold to 110 over 100ms\nclose over 50ms\n")
    let angles = sampleAngles(events)
    #expect(angles.count == 1 + 10 + 5)
    #expect(angles[10] == 110)
    #expect(angles.last == 0)
    #expect(events.last?.time == 150)
  }

  @Test func angleJumpsWithoutTime() throws {
    let events = try scriptEvents("start closed\nwait 1s\nangle 90deg\n")
    #expect(events.last == Event(time: 1000, .sample(angle: 90)))
  }

  @Test func waitIsSilentAndHoldSamples() throws {
    let wait = try scriptEvents("start book\nwait 1s\nturn next\n")
    #expect(wait.count == 3)
    #expect(wait.last == Event(time: 1000, .turn(.next)))
    let hold = try scriptEvents("start book\nhold 100ms\nturn next\n")
    #expect(sampleAngles(hold) == Array(repeating: 110, count: 11))
    #expect(hold.last == Event(time: 100, .turn(.next)))
  }

  @Test func inputsAtTheirTimes() throws {
    let events = try scriptEvents(
      """
      start openWide   # comment
      wait 2s
      rotate landscapeLeft
      text-size accessibility5
      turn prev; goto 1234
      split right
      mark "chapter \\"2\\""
      """)
    #expect(
      Array(events.dropFirst(2)) == [
        Event(time: 2000, .orientation(.landscapeLeft)), Event(time: 2000, .textSize(.AX5)),
        Event(time: 2000, .turn(.prev)), Event(time: 2000, .goto(offset: 1234)),
        Event(time: 2000, .split(.right)), Event(time: 2000, .mark("chapter \"2\"")),
      ])
  }

  @Test func jitterIsSeededClampedAndEndsOnTheCenter() throws {
    let a = try scriptEvents("seed 3\nstart 1\njitter 2deg for 1s\n")
    let b = try scriptEvents("seed 3\nstart 1\njitter 2deg for 1s\n")
    let c = try scriptEvents("seed 4\nstart 1\njitter 2deg for 1s\n")
    #expect(a == b)
    #expect(a != c)
    let angles = sampleAngles(a)
    #expect(angles.count == 101)
    #expect(angles.allSatisfy { $0 >= 0 && $0 <= 3 })
    #expect(angles.contains(0))
    #expect(angles.last == 1)
  }

  @Test func repeatOnOneLineAndNested() throws {
    let flat = try scriptEvents(
      "start closed\nrepeat 3 { open to 180 over 100ms; close over 100ms }\n")
    #expect(flat.count == 2 + 3 * 20)
    #expect(flat.last?.time == 600)
    let nested = try scriptEvents(
      """
      start closed
      repeat 2 {
        repeat 3 { turn next }
        wait 1s
        turn prev
      }
      """)
    #expect(nested.count == 2 + 2 * 4)
    #expect(nested.last == Event(time: 2000, .turn(.prev)))
  }

  @Test func repeatWithoutEventsStillTakesItsTime() throws {
    let events = try scriptEvents("start closed\nrepeat 1000000000 { wait 1ms }\nturn next\n")
    #expect(events.last == Event(time: 1_000_000_000, .turn(.next)))
  }

  @Test func compiledCountAndDurationMatchThePlayback() throws {
    let text =
      "rate 250\nstart closed\nrepeat 4 { open to 180 over 333ms ease-in; hold 50ms; rate 100; fold to 20 over 1s; turn next }\njitter 1 for 77ms\nwait 5s\n"
    let script = try CompiledScript.compile(text, file: "x.hinge")
    let events = try scriptEvents(text)
    #expect(script.eventCount == events.count)
    #expect(script.durationMs == 4 * 1383 + 77 + 5000)
  }

  @Test func unitsAndCaseInsensitiveWords() throws {
    let events = try scriptEvents("START Closed PORTRAIT\nOpen To 90° Over 0.01min EASE-OUT\n")
    #expect(events.last == Event(time: 600, .sample(angle: 90)))
  }
}
