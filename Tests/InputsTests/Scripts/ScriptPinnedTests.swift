import Testing

@testable import EventStream
@testable import Inputs

/// Edges of the `.hinge` language as the README's grammar defines them: zero-length holds, the
/// repeat count's lower bound, the nesting limit (16), the jitter amplitude's upper bound (90°),
/// and case-insensitive words.
@Suite("Script language edges, pinned")
struct ScriptPinnedTests {
  private func events(_ text: String) throws -> [Event] {
    var source = try ScriptSource(text: text, file: "test.hinge")
    var events: [Event] = []
    while let event = source.nextEvent() { events.append(event) }
    return events
  }

  private func errors(_ text: String) -> [String] {
    do {
      _ = try CompiledScript.compile(text, file: "bad.hinge")
      return []
    } catch {
      return error.errors.map(\.summary)
    }
  }

  private func samples(_ events: [Event]) -> [Double] {
    events.compactMap { if case .sample(let a) = $0.kind { a } else { nil } }
  }

  /// A span of D ms gets round(D × rate / 1000) samples: none for 0 ms, and no time passes.
  @Test("hold 0ms emits no sample and takes no time")
  func holdZero() throws {
    let text = "start book\nhold 0ms\nturn next\n"
    let out = try events(text)
    #expect(
      out == [
        Event(time: 0, .orientation(.portrait)), Event(time: 0, .sample(angle: 110)), Event(time: 0, .turn(.next)),
      ])
    let script = try CompiledScript.compile(text, file: "test.hinge")
    #expect(script.eventCount == 3)
    #expect(script.durationMs == 0)
  }

  @Test("a script of only 'hold 0ms' generates nothing and is refused")
  func holdZeroAlone() {
    #expect(
      errors("hold 0ms\n") == [
        "bad.hinge: expected at least one command that generates events (start, open, turn, …), found none"
      ])
  }

  @Test("repeat 0 is an error: the count is an integer ≥ 1")
  func repeatZero() {
    #expect(
      errors("start closed\nrepeat 0 { turn next }\n") == [
        "bad.hinge:2:8: expected a repeat count (an integer ≥ 1) after 'repeat', found '0'"
      ])
  }

  @Test("repeat 1 plays its body once")
  func repeatOne() throws {
    let out = try events("start closed\nrepeat 1 { turn next }\n")
    #expect(out.last == Event(time: 0, .turn(.next)))
    #expect(out.count == 3)
  }

  private func nested(_ depth: Int) -> String {
    "start closed\n" + String(repeating: "repeat 1 { ", count: depth) + "turn next"
      + String(repeating: " }", count: depth) + "\n"
  }

  @Test("repeat blocks nested exactly 16 deep are fine")
  func nestingSixteen() throws {
    #expect(ScriptParser.maxNesting == 16)
    let out = try events(nested(16))
    #expect(out.count == 3)
    #expect(out.last == Event(time: 0, .turn(.next)))
  }

  @Test("a 17th nested repeat is an error at that repeat")
  func nestingSeventeen() {
    // "repeat 1 { " is 11 characters: the 17th repeat starts at column 16 × 11 + 1 = 177.
    #expect(
      errors(nested(17)) == [
        "bad.hinge:2:177: expected repeat blocks nested at most 16 deep, found one nested deeper"
      ])
  }

  @Test("jitter 90 is the largest amplitude: accepted, sampled at the rate, clamped, ends on the centre")
  func jitterNinety() throws {
    let out = try events("start 170\njitter 90 for 1s\n")
    let angles = samples(out)
    #expect(angles.count == 1 + 100)  // the start sample, then 1 s at 100 Hz
    #expect(angles.allSatisfy { (0...180).contains($0) })
    #expect(angles.contains(180))  // +90 around 170 clamps to the range
    #expect(angles.last == 170)
    #expect(out.last?.time == 1000)
  }

  @Test("jitter above 90 is an error")
  func jitterAboveNinety() {
    #expect(
      errors("start 90\njitter 90.5 for 1s\n") == [
        "bad.hinge:2:8: expected a jitter amplitude from 0 to 90 degrees, found 90.5"
      ])
  }

  @Test(
    "turn directions are case-insensitive",
    arguments: [("NEXT", TurnDirection.next), ("Next", .next), ("PREV", .prev), ("pReV", .prev)])
  func turnCase(word: String, direction: TurnDirection) throws {
    let out = try events("start closed\nturn \(word)\n")
    #expect(out.last == Event(time: 0, .turn(direction)))
  }

  @Test(
    "split modes are case-insensitive",
    arguments: [("LEFT", SplitMode.left), ("Right", .right), ("OFF", .off)])
  func splitCase(word: String, mode: SplitMode) throws {
    let out = try events("start openWide\nsplit \(word)\n")
    #expect(out.last == Event(time: 0, .split(mode)))
  }
}
