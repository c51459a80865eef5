import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// Notes and selection inputs on the command line: scripts and traces carry them, `check`
/// enforces their invariants, and bad ones are refused at file:line:column with exit 65.
@Suite("Notes on the command line")
struct NotesCLITests {
  static func script(_ body: String) -> String {
    TestSupport.temporaryFile("start closed portrait\nwait 500ms\n" + body + "\nwait 300ms\n", suffix: ".hinge")
  }

  @Test("the bundled notes scenario passes check, in both directions")
  func bundledPasses() {
    for direction in ["ltr", "rtl"] {
      let r = CLIHarness.run(["check", packageRoot + "/traces/notes.hinge", "--direction", direction])
      #expect(r.code == 0, "\(direction): \(r.stdout) \(r.stderr)")
    }
  }

  /// The bundled sample chapter is 49,990 UTF-16 units (`wc -m`; it is all in the BMP).
  @Test(
    "a select past the text's end is a data error at the command",
    arguments: [
      ("select 49990 1", "3:1"), ("select 49000 991", "3:1"),
    ])
  func selectPastEnd(_ line: String, _ at: String) {
    let path = Self.script(line)
    let r = CLIHarness.run(["run", path])
    #expect(r.code == 65)
    #expect(
      r.stderr.contains("\(path):\(at): expected a selection inside the text (0 to 49990 UTF-16 units)"), "\(r.stderr)")
    #expect(CLIHarness.run(["run", Self.script("select 49000 990")]).code == 0)
  }

  @Test(
    "bad notes commands are refused where they are written",
    arguments: [
      (#"note "a\qb""#, "3:8", #"expected an escape \n, \t, \" or \\ in the note, found '\q'"#),
      ("notes ajar", "3:7", "expected 'open' or 'close' after 'notes', found 'ajar'"),
      ("note plain", "3:6", "expected the notes text in quotes"),
      ("select 10 -1", "3:11", "expected a length from 0 to 1099511627776 after 'select 10', found '-1'"),
      ("select -1 10", "3:8", "expected a character offset from 0 to 1099511627776 after 'select', found '-1'"),
      ("select -0 5", "3:8", "expected a character offset from 0 to 1099511627776 after 'select', found '-0'"),
      (
        "select 9223372036854775807 1", "3:8",
        "expected a character offset from 0 to 1099511627776 after 'select', found '9223372036854775807'"
      ),
    ])
  func badScripts(_ line: String, _ at: String, _ message: String) {
    let path = Self.script(line)
    let r = CLIHarness.run(["run", path])
    #expect(r.code == 65)
    #expect(r.stderr.contains("\(path):\(at): \(message)"), "\(r.stderr)")
  }

  @Test("a trace carries the notes inputs; a select past the end or a negative length is refused")
  func traces() {
    let good = TestSupport.temporaryFile(
      #"""
      {"t":0,"type":"hinge","angle":110}
      {"t":500,"type":"notes","notes":"open"}
      {"t":900,"type":"note","text":"n\u00e9"}
      {"t":1000,"type":"select","offset":100,"length":20}
      {"t":1000,"type":"addToNotes"}
      """#)
    let r = CLIHarness.run(["run", good, "--json", "--compute-ms", "1"])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains(#""type":"notes","change":"add","open":true,"shownAs":"beside","length":23"#))
    #expect(r.stdout.contains(#""type":"selection","offset":100,"length":20,"requestedLength":20"#))
    let past = TestSupport.temporaryFile(#"{"t":0,"type":"select","offset":49990,"length":1}"# + "\n")
    let p = CLIHarness.run(["run", past])
    #expect(p.code == 65 && p.stderr.contains("\(past):1:1: expected a selection inside the text"), "\(p.stderr)")
    let negative = TestSupport.temporaryFile(#"{"t":0,"type":"select","offset":5,"length":-2}"# + "\n")
    let n = CLIHarness.run(["run", negative])
    #expect(n.code == 65 && n.stderr.contains("\(negative):1:15: expected a 'length' ≥ 0"), "\(n.stderr)")
  }

  @Test("simulate | read gives the run's notes, selection and shown events")
  func pipedEquivalence() {
    let sim = CLIHarness.run(["simulate", packageRoot + "/traces/notes.hinge"])
    let stream = TestSupport.temporaryFile(sim.stdout)
    let read = CLIHarness.run(["read", stream, "--compute-ms", "2"])
    let run = CLIHarness.run(["run", packageRoot + "/traces/notes.hinge", "--json", "--compute-ms", "2"])
    let reader = { (text: String) in
      text.split(separator: "\n").filter {
        $0.contains(#""type":"notes","change""#) || $0.contains(#""type":"selection""#)
          || $0.contains(#""type":"shown""#)
      }
    }
    #expect(read.code == 0 && run.code == 0)
    #expect(!reader(run.stdout).isEmpty)
    #expect(reader(read.stdout) == reader(run.stdout))
  }

  /// The PowerMate recording presses its button once, at 2850 ms, open wide: with
  /// `--button-action notes` that opens the notes, and the reader shows one 415.5-pt page.
  @Test("a knob button mapped to notes opens them")
  func knobButton() {
    let r = CLIHarness.run([
      "knob", "--replay", packageRoot + "/traces/knob-powermate.evemu", "--button-action", "notes", "--speed", "100",
      "--json",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    #expect(lines.contains { $0.contains(#""type":"notes","notes":"open""#) })
    #expect(lines.contains { $0.contains(#""layout":"single","frames":[{"x":20,"y":20,"width":415.5,"height":571}]"#) })
    #expect(!lines.contains { $0.contains(#""type":"violation""#) })
  }
}
