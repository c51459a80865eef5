import Testing

@testable import EventStream
@testable import Inputs

@Suite struct ScriptLimitTests {
  @Test func aRunawayRepeatIsAnErrorBeforeAnyOutput() {
    let errors = scriptErrors("start closed\nrepeat 1000000 { repeat 1000000 { turn next } }\n")
    #expect(
      errors == [
        "bad.hinge:2:1: expected at most 10000000 generated events (raise the limit with --max-events), found 1000000000002 by the end of this command"
      ])
  }

  @Test func theLimitIsConfigurable() throws {
    let text = "start closed\nrepeat 100 { turn next }\n"
    #expect(scriptErrors(text, options: .init(maxEvents: 101)).count == 1)
    #expect(try scriptEvents(text, options: .init(maxEvents: 102)).count == 102)
  }

  @Test func overflowingCountsSaturate() {
    let text =
      "start closed\n" + String(repeating: "repeat 1000000000 { ", count: 5) + "turn next"
      + String(repeating: " }", count: 5)
    #expect(scriptErrors(text).first?.contains("found 9223372036854775807") == true)
  }

  @Test func generationIsLazy() throws {
    // 1,000,000 samples from a tiny script: the source is a cursor, not an array.
    let script = try CompiledScript.compile(
      "rate 1000\nstart closed\nrepeat 500 { open to 180 over 1s; close over 1s }\n",
      file: "big.hinge")
    #expect(script.eventCount == 1_000_002)
    var source = ScriptSource(script)
    var count = 0
    var last = Event(time: 0, .mark(""))
    while let event = source.nextEvent() {
      count += 1
      last = event
    }
    #expect(count == 1_000_002)
    #expect(last == Event(time: 1_000_000, .sample(angle: 0)))
    #expect(MemoryLayout<ScriptSource>.size < 512)
  }
}
