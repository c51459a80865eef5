import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// Scripts whose `repeat` blocks grow cost linear time to compile and play: four times the
/// input, at most six times the CPU (`Scaling`), and a script on stdin is parsed as it
/// arrives, stopping where it can no longer be valid.
@Suite("Script scaling")
struct ScriptScalingTests {
  static let options = CompiledScript.Options(angleRange: 0...180, defaultRateHz: 100, maxEvents: 100_000_000)

  /// Compiles and plays a script to its end, returning how many events it made.
  static func compileAndPlay(_ text: String) -> Int {
    do {
      var source = ScriptSource(try CompiledScript.compile(text, file: "r.hinge", options: options))
      var count = 0
      while source.nextEvent() != nil { count += 1 }
      return count
    } catch {
      Issue.record("\(error)")
      return 0
    }
  }

  @Test("×4 sibling repeat blocks cost at most ×6 to compile and play")
  func siblingRepeats() {
    let growth = Scaling.measure(
      base: 800,
      prepare: { n in
        "start closed\n"
          + String(repeating: "repeat 3 { open to 90 over 20ms; fold to 0 over 20ms; mark \"x\" }\n", count: n)
      },
      { text in _ = Self.compileAndPlay(text) })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  @Test("a repeat block whose body grows ×4 costs at most ×6")
  func bigBody() {
    let growth = Scaling.measure(
      base: 800,
      prepare: { n in
        "start closed\nrepeat 2 {\n" + String(repeating: "open to 90 over 20ms; fold to 0 over 20ms\n", count: n)
          + "}\n"
      },
      { text in _ = Self.compileAndPlay(text) })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  @Test("×4 blocks nested 15 deep cost at most ×6 to compile (each body walked once per entry angle)")
  func nestedRepeats() {
    let growth = Scaling.measure(
      base: 150,
      prepare: { n in
        "start closed\n"
          + String(
            repeating: String(repeating: "repeat 2 { ", count: 15) + "open to 90 over 20ms; fold to 0 over 20ms"
              + String(repeating: " }", count: 15) + "\n", count: n)
      },
      { text in
        do {
          _ = try CompiledScript.compile(text, file: "n.hinge", options: CompiledScript.Options(maxEvents: .max))
        } catch {
          Issue.record("\(error)")
        }
      })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  /// The issue's case: `yes 'wait 1ms' | hingesim simulate - --format hinge` grew until the
  /// allocator aborted. Lines are pulled one by one: a script that goes wrong stops being read.
  @Test("parsed as it arrives: reading stops at the 21st error and at the command past the event limit")
  func stopsReading() throws {
    var pulled = 0
    let garbage = ScriptLines { () throws(InputError) -> String? in
      pulled += 1
      return "garbage"
    }
    #expect(throws: ScriptErrors.self) { _ = try CompiledScript.compile(garbage, file: "-", options: Self.options) }
    #expect(pulled == 21)
    pulled = 0
    let endless = ScriptLines { () throws(InputError) -> String? in
      pulled += 1
      return pulled == 1 ? "start closed" : "open to 180 over 1s; fold to 0 over 1s"
    }
    let limited = CompiledScript.Options(angleRange: 0...180, defaultRateHz: 100, maxEvents: 10_000)
    do {
      _ = try CompiledScript.compile(endless, file: "-", options: limited)
      Issue.record("an endless script compiled")
    } catch {
      #expect(error.errors.first?.message.hasPrefix("expected at most 10000 generated events") == true)
    }
    #expect(pulled == 51)  // start (2 events) and 50 lines of 200 samples: 10,002 events by line 51
  }
}
