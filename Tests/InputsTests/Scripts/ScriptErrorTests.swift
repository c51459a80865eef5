import Platform
import Testing

@testable import Inputs

@Suite struct ScriptErrorTests {
  /// Each mistake with the exact message a user sees.
  @Test(arguments: [
    (
      "start closed\nopen to 180 over fast\n",
      "bad.hinge:2:18: expected a duration like 300ms after 'over', found 'fast'"
    ),
    (
      "start closed\nopen to 180 over 300\n",
      "bad.hinge:2:18: expected a duration like 300ms after 'over', found '300' (a duration needs a unit: ms, s or min)"
    ),
    (
      "start closed\nopen 180 over 1s\n",
      "bad.hinge:2:6: expected 'to' after 'open' (open to <angle> over <duration> [easing]), found '180'"
    ),
    (
      "start closed\nopen to wide over 1s\n",
      "bad.hinge:2:9: expected an angle like 110 or 110deg after 'to', found 'wide'"
    ),
    (
      "start closed\nopen to 200 over 1s\n",
      "bad.hinge:2:9: expected an angle from 0 to 180 degrees, found 200"
    ),
    (
      "start closd\n",
      "bad.hinge:1:7: expected a pose (closed, closedSideways, openWide, book, openTall, tabletop) or an angle after 'start', found 'closd'"
    ),
    (
      "start closed\nopne to 90 over 1s\n",
      "bad.hinge:2:1: expected a command (start, angle, open, fold, close, wait, hold, rotate, text-size, turn, goto, split, jitter, repeat, mark, rate, seed, notes, note, select, add-to-notes, drag-to-notes, open-chapter, back, sidebar), found 'opne'; did you mean 'open'?"
    ),
    (
      "start closed\nopen to 90 over 1s bouncy\n",
      "bad.hinge:2:20: expected an easing (linear, ease-in, ease-out, ease-in-out) or the end of the command, found 'bouncy'"
    ),
    (
      "start closed\nrotate sideways\n",
      "bad.hinge:2:8: expected an orientation (portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown) after 'rotate', found 'sideways'"
    ),
    (
      "start closed\ntext-size huge\n",
      "bad.hinge:2:11: expected a text size (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5) after 'text-size', found 'huge'"
    ),
    (
      "start closed\nturn back\n",
      "bad.hinge:2:6: expected 'next' or 'prev' after 'turn', found 'back'"
    ),
    (
      "start closed\ngoto -3\n",
      "bad.hinge:2:6: expected a character offset from 0 to 1099511627776 after 'goto', found '-3'"
    ),
    (
      "start closed\nsplit center\n",
      "bad.hinge:2:7: expected 'left', 'right' or 'off' after 'split', found 'center'"
    ),
    (
      "start closed\nmark chapter\n",
      "bad.hinge:2:6: expected a quoted label like \"chapter 2\" after 'mark', found 'chapter'"
    ),
    (
      "start closed\nmark \"chapter\n",
      "bad.hinge:2:6: expected a closing '\"' for this label, found the end of the line"
    ),
    (
      "start closed\nrepeat many { turn next }\n",
      "bad.hinge:2:8: expected a repeat count (an integer ≥ 1) after 'repeat', found 'many'"
    ),
    (
      "start closed\nrepeat 3 turn next\n",
      "bad.hinge:2:10: expected '{' after 'repeat 3', found 'turn'"
    ),
    (
      "start closed\nrepeat 3 {\n  turn next\n",
      "bad.hinge:2:10: expected '}' to close this repeat block, found the end of the file"
    ),
    (
      "start closed\nturn next now\n",
      "bad.hinge:2:11: expected 'voiceover' (VoiceOver's three-finger swipe) or the end after 'turn next', found 'now'"
    ),
    (
      "start closed\n}\n",
      "bad.hinge:2:1: expected a command, found '}' without a matching 'repeat N {'"
    ),
    (
      "start closed\nrate 0\n",
      "bad.hinge:2:6: expected a rate in Hz from 1 to 10000 after 'rate', found '0'"
    ),
    (
      "seed -1\nstart closed\n",
      "bad.hinge:1:6: expected a seed (an integer ≥ 0) after 'seed', found '-1'"
    ),
    (
      "start closed\njitter 1deg over 1s\n",
      "bad.hinge:2:13: expected 'for' after 'jitter 1' (jitter <degrees> for <duration>), found 'over'"
    ),
    (
      "start closed\nwait 25h\n",
      "bad.hinge:2:6: expected a duration like 300ms after 'wait', found '25h'"
    ),
    (
      "start closed\nwait 2000min\n",
      "bad.hinge:2:6: expected a duration of at most 24 hours (1440min) after 'wait', found '2000min'"
    ),
    (
      "start book\nopen to 90 over 1s\n",
      "bad.hinge:2:1: expected a target ≥ 110° for 'open to' (the hinge is at 110°), found 90°; use 'fold to 90' to close the hinge"
    ),
    (
      "start book\nfold to 150 over 1s\n",
      "bad.hinge:2:1: expected a target ≤ 110° for 'fold to' (the hinge is at 110°), found 150°; use 'open to 150' to open the hinge"
    ),
    (
      "open to 90 over 1s\n",
      "bad.hinge:1:1: expected 'start <pose-or-angle>' before the first command, found 'open'"
    ),
    (
      "start closed\nstart book\n",
      "bad.hinge:2:1: expected one 'start' per script, found a second one (the first is on line 1)"
    ),
    (
      "# nothing\nrate 200\n",
      "bad.hinge: expected at least one command that generates events (start, open, turn, …), found none"
    ),
  ])
  func mistake(script: String, message: String) {
    #expect(scriptErrors(script) == [message])
  }

  @Test func startInsideRepeat() {
    #expect(
      scriptErrors("start closed\nrepeat 2 { start book }\n").contains(
        "bad.hinge:2:12: expected 'start' outside repeat blocks, found it inside one"))
  }

  @Test func directionIsCheckedOnTheSecondPassOfARepeat() {
    // First pass: 120 → 150 → 100 is fine; the second pass starts at 100 and folds to 130.
    #expect(
      scriptErrors(
        "start 120\nrepeat 2 { open to 150 over 1s; fold to 100 over 1s; fold to 130 over 1s }\n")
        == [
          "bad.hinge:2:54: expected a target ≤ 100° for 'fold to' (the hinge is at 100°), found 130°; use 'open to 130' to open the hinge"
        ])
  }

  @Test func everyErrorIsReportedInLineOrder() {
    let errors = scriptErrors("start closd\nopen to 180 over fast\nturn sideways\nmark x\n")
    #expect(errors.map { $0.split(separator: ":")[1] } == ["1", "2", "3", "4"])
  }

  @Test func errorsStopAtTheLimit() {
    let text = "start closed\n" + String(repeating: "turn sideways\n", count: 30)
    do {
      _ = try CompiledScript.compile(text, file: "bad.hinge")
      Issue.record("expected errors")
    } catch {
      #expect(error.errors.count == ScriptParser.errorLimit)
      #expect(error.truncated)
      #expect(error.description.hasSuffix("(stopped after 20 errors)"))
    }
  }

  @Test func descriptionShowsTheLineAndACaret() {
    do {
      _ = try CompiledScript.compile(
        "start closed\n\topen to 180 over fast  # oops\n", file: "demo.hinge")
      Issue.record("expected errors")
    } catch {
      #expect(
        error.description == """
          demo.hinge:2:19: expected a duration like 300ms after 'over', found 'fast'
              \topen to 180 over fast  # oops
              \t                 ^~~~
          """)
    }
  }

  @Test func binaryAndHugeInputsDoNotCrash() {
    #expect(!scriptErrors("start closed\n\u{1}\u{2}\u{3}\n").isEmpty)
    #expect(!scriptErrors(String(repeating: "{", count: 5000)).isEmpty)
    #expect(
      !scriptErrors(
        String(repeating: "repeat 2 {", count: 40) + "turn next" + String(repeating: "}", count: 40)
      ).isEmpty)
    #expect(scriptErrors("start closed\nopen to 1e400 over 1s\n").count == 1)
    #expect(scriptErrors("start closed\nrepeat 99999999999999999999 { turn next }\n").count == 1)
  }
}
