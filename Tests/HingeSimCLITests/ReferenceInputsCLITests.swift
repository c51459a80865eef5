import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// The reference reader's two inputs on the command line (issue 28, part 4): `turn next
/// voiceover` (VoiceOver's three-finger swipe) and `drag-to-notes [first-line]`, in scripts and
/// traces, with bad forms refused at file:line:column (exit 65).
@Suite("VoiceOver turns and drags on the command line")
struct ReferenceInputsCLITests {
  static func script(_ body: String, start: String = "start openWide") -> String {
    TestSupport.temporaryFile(start + "\nwait 500ms\n" + body + "\nwait 300ms\n", suffix: ".hinge")
  }

  @Test("scripts write them; the stream carries them; touch and the selection are the defaults")
  func written() {
    let path = Self.script(
      "turn next voiceover\nturn prev --voiceover\nturn next\ndrag-to-notes\ndrag-to-notes first-line")
    let r = CLIHarness.run(["simulate", path])
    #expect(r.code == 0, "\(r.stderr)")
    let inputs = r.stdout.split(separator: "\n").filter {
      $0.contains(#""type":"turn""#) || $0.contains(#""type":"dragToNotes""#)
    }
    #expect(
      inputs == [
        #"{"t":500,"type":"turn","direction":"next","input":"voiceover"}"#,
        #"{"t":500,"type":"turn","direction":"prev","input":"voiceover"}"#,
        #"{"t":500,"type":"turn","direction":"next"}"#,
        #"{"t":500,"type":"dragToNotes"}"#, #"{"t":500,"type":"dragToNotes","passage":"firstLine"}"#,
      ])
    // What simulate writes, read reads back: the same events.
    let streamed = TestSupport.temporaryFile(r.stdout, suffix: ".jsonl")
    #expect(CLIHarness.run(["read", streamed]).code == 0)
  }

  @Test(
    "bad forms are refused where they are written",
    arguments: [
      (
        "turn next sideways", "3:11",
        "expected 'voiceover' (VoiceOver's three-finger swipe) or the end after 'turn next', found 'sideways'"
      ),
      (
        "drag-to-notes everything", "3:15",
        "expected 'first-line' or the end of the command after 'drag-to-notes', found 'everything'"
      ),
    ])
  func badScripts(_ line: String, _ at: String, _ message: String) {
    let path = Self.script(line)
    let r = CLIHarness.run(["run", path])
    #expect(r.code == 65)
    #expect(r.stderr.contains("\(path):\(at): \(message)"), "\(r.stderr)")
  }

  @Test("a trace's bad input or passage is refused at its line")
  func badTraces() {
    let input = TestSupport.temporaryFile(
      #"{"t":0,"type":"hinge","angle":180}"# + "\n" + #"{"t":100,"type":"turn","direction":"next","input":"braille"}"#
        + "\n",
      suffix: ".jsonl")
    let r = CLIHarness.run(["run", input])
    #expect(r.code == 65 && r.stderr.contains("\(input):2:"), "\(r.stderr)")
    #expect(r.stderr.contains("expected one of touch, voiceover for 'input'"), "\(r.stderr)")
    let passage = TestSupport.temporaryFile(
      #"{"t":0,"type":"hinge","angle":180}"# + "\n" + #"{"t":100,"type":"dragToNotes","passage":"page"}"# + "\n",
      suffix: ".jsonl")
    let p = CLIHarness.run(["run", passage])
    #expect(p.code == 65 && p.stderr.contains("expected one of selection, firstLine for 'passage'"), "\(p.stderr)")
  }

  /// Split View is the one pose a start pose cannot name: a VoiceOver turn there moves one page.
  @Test("a VoiceOver turn in Split View turns one page and check passes")
  func splitView() {
    let path = Self.script("split left\nwait 500ms\nturn next voiceover")
    let run = CLIHarness.run(["run", path, "--compute-ms", "1"])
    #expect(run.stdout.contains("turn       next (VoiceOver)"), "\(run.stdout)")
    let shown = run.stdout.split(separator: "\n").filter { $0.contains(" shown ") }
    #expect(shown.last?.contains("single page 2 of") == true, "\(shown)")
    #expect(CLIHarness.run(["check", path, "--compute-ms", "1"]).code == 0)
  }
}
