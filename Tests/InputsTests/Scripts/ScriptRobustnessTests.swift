import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// Scripts built to break the pipeline: deep nesting, exponential checking, time that wraps,
/// huge lines and control characters in messages (issue 11).
@Suite struct ScriptRobustnessTests {
  /// `depth` nested `repeat 2 {` blocks around one ramp, one block a line.
  private func nested(_ depth: Int) -> String {
    "start closed\n" + String(repeating: "repeat 2 {\n", count: depth) + "open to 10 over 1ms\n"
      + String(repeating: "}\n", count: depth)
  }

  private func elapsed(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
  }

  @Test("7,000 nested repeats stop at the limit with one error, no stack overflow")
  func deepNestingStopsAtTheLimit() {
    // The 17th `repeat` is on line 18 (line 1 is `start`); everything inside it is skipped.
    #expect(
      scriptErrors(nested(7000)) == [
        "bad.hinge:18:1: expected repeat blocks nested at most 16 deep, found one nested deeper"
      ])
  }

  @Test("100,000 unclosed repeats: the limit, then the unclosed blocks, never a crash")
  func deepUnclosedNesting() {
    let errors = scriptErrors("start closed\n" + String(repeating: "repeat 2 { ", count: 100_000))
    #expect(errors.count == 17)
    #expect(errors.last == "bad.hinge:2:177: expected repeat blocks nested at most 16 deep, found one nested deeper")
    #expect(errors.first == "bad.hinge:2:10: expected '}' to close this repeat block, found the end of the file")
  }

  @Test("a block after a skipped too-deep one is still parsed and checked")
  func parsingGoesOnAfterTheSkippedBlock() {
    let text = nested(17) + "open to 999 over 1s\n"
    #expect(
      scriptErrors(text) == [
        "bad.hinge:18:1: expected repeat blocks nested at most 16 deep, found one nested deeper",
        "bad.hinge:37:9: expected an angle from 0 to 180 degrees, found 999",
      ])
  }

  @Test("16 nested levels of wait check in linear time (it was 2¹⁶ walks of the body)")
  func checkingIsLinear() throws {
    let text =
      "start closed\n" + String(repeating: "repeat 2 { ", count: 16)
      + String(repeating: "wait 1ms; ", count: 5000) + String(repeating: "} ", count: 16)
      + "\nopen to 10 over 1ms\n"
    var script: CompiledScript?
    let time = try elapsed { script = try CompiledScript.compile(text, file: "w.hinge") }
    #expect(time < .seconds(3), "checking took \(time)")
    #expect(script?.durationMs == Double(65_536 * 5000 + 1))
    #expect(script?.eventCount == 3)
  }

  @Test("nested bodies that change the rate and the angle count exactly the events they play")
  func reusedPassesCountExactly() throws {
    let scripts = [
      "start closed\nrepeat 3 { hold 10ms; rate 50; repeat 2 { hold 20ms; open to 90 over 10ms; rate 200 }; fold to 0 over 10ms }\n",
      "start 20\nrepeat 4 { repeat 3 { jitter 1 for 30ms; rate 300 }; rate 25; hold 80ms; repeat 2 { angle 30; hold 40ms } }\n",
      "start closed\nrate 10\nrepeat 5 { repeat 5 { repeat 5 { hold 100ms }; rate 20 }; rate 40; hold 50ms }\n",
      "start closed\nrepeat 2 { open to 100 over 10ms; repeat 2 { fold to 50 over 10ms; repeat 2 { hold 5ms } } }\n",
    ]
    for text in scripts {
      let script = try CompiledScript.compile(text, file: "t.hinge")
      var source = ScriptSource(script)
      var played: [Event] = []
      while let event = source.nextEvent() { played.append(event) }
      #expect(script.eventCount == played.count, "\(text)")
      #expect(script.durationMs >= played.last?.time ?? 0, "\(text)")
    }
  }

  @Test("a direction error on a later pass of a nested body is still found")
  func laterPassErrorsInNestedBodies() {
    // Outer pass 1 leaves the hinge at 150°, so the inner `open to 100` fails on outer pass 2.
    let bad = "start closed\nrepeat 2 {\nrepeat 2 {\nopen to 100 over 10ms\n}\nopen to 150 over 10ms\n}\n"
    #expect(
      scriptErrors(bad) == [
        "bad.hinge:4:1: expected a target ≥ 150° for 'open to' (the hinge is at 150°), found 100°; use 'fold to 100' to close the hinge"
      ])
    let good = "start closed\nrepeat 2 {\nrepeat 2 {\nopen to 100 over 10ms\n}\nfold to 50 over 10ms\n}\n"
    #expect(scriptErrors(good) == [])
  }

  @Test("a script time that would wrap negative is an error at the repeat, with the limit")
  func timeThatWouldWrap() {
    #expect(
      scriptErrors("start closed\nrepeat 1000000000 { wait 1440min }\nopen to 10 over 1ms\n") == [
        "bad.hinge:2:1: expected a script that ends by t = 1e12 ms (about 31 years), found one that reaches beyond t = 9.2e15 ms by the end of this command"
      ])
    // 11,574 days is under 1e12 ms; 11,575 days is over it.
    #expect(scriptErrors("start closed\nrepeat 11574 { wait 1440min }\nturn next\n") == [])
    #expect(
      scriptErrors("start closed\nrepeat 11575 { wait 1440min }\nturn next\n") == [
        "bad.hinge:2:1: expected a script that ends by t = 1e12 ms (about 31 years), found one that reaches t = 1000080000000 ms by the end of this command"
      ])
  }

  @Test("an error in a 440,000-character line shows 120 characters around it, the caret in place")
  func hugeLinesAreCut() throws {
    let filler = String(repeating: "turn next; ", count: 40_000)
    let text = "start closed\n" + filler + "wait fast\n"
    do {
      _ = try CompiledScript.compile(text, file: "wide.hinge")
      Issue.record("compiled")
    } catch {
      #expect(error.errors.count == 1)
      let wait = try #require(error.errors.first)
      #expect(
        wait.summary
          == "wide.hinge:2:\(filler.count + 6): expected a duration like 300ms after 'wait', found 'fast'")
      let lines = wait.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(lines.count == 3)
      #expect(lines[1].count <= 4 + 122 && lines[1].hasPrefix("    …"))
      let caret = try #require(lines[2].firstIndex(of: "^"))
      let offset = lines[2].distance(from: lines[2].startIndex, to: caret)
      #expect(Array(lines[1])[offset...].starts(with: "fast"))
      #expect(lines[2].hasSuffix("^~~~"))
      #expect(error.description.utf8.count < 1_000)
    }
  }

  @Test("control characters in a script never reach a message raw")
  func controlCharactersAreEscaped() throws {
    // C1 CSI (U+009B) and DEL are valid UTF-8, so they reach the lexer.
    let errors = scriptErrors("start closed\nturn \u{9B}31m\u{7F}\n")
    #expect(errors == [#"bad.hinge:2:6: expected 'next' or 'prev' after 'turn', found '\u{9B}31m\u{7F}'"#])
    do {
      _ = try CompiledScript.compile("start closed\nmark x \u{9B}2J\n", file: "c.hinge")
    } catch {
      #expect(!error.description.unicodeScalars.contains { $0.value == 0x9B })
      #expect(error.description.contains(#"\u{9B}2J"#))
    }
  }

  @Test("a long word in a message is cut to 40 characters")
  func longWordsAreCut() {
    let word = String(repeating: "w", count: 100_000)
    #expect(
      scriptErrors("start closed\nturn \(word)\n") == [
        "bad.hinge:2:6: expected 'next' or 'prev' after 'turn', found '\(String(repeating: "w", count: 39))… (99,961 more)'"
      ])
  }

  @Test("--lenient does not run a script with errors, and says why")
  func lenientScriptsAreRefusedWithANote() throws {
    let path = TestSupport.temporaryFile("start closed\nopen to 180 over fast\n", suffix: ".hinge")
    var settings = SourceSettings()
    settings.lenient = true
    do {
      _ = try SourceOpener(settings: settings, warn: { _ in }).open(path)
      Issue.record("opened")
    } catch {
      guard case .script(let errors) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(errors.errors.count == 1)
      #expect(
        errors.description.hasSuffix(
          "\nnote: --lenient skips bad lines in traces only; a script runs whole or not at all — fix the errors above"))
    }
    settings.lenient = false
    do {
      _ = try SourceOpener(settings: settings, warn: { _ in }).open(path)
    } catch {
      guard case .script(let errors) = error else { return }
      #expect(!errors.description.contains("--lenient"))
    }
  }
}
