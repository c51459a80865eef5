import TestSupport
import Testing

@testable import HingeSimCLI

@Suite("Command line: version and suggestions")
struct CommandLineTests {
  @Test("--version prints the version and exits 0")
  func version() {
    let r = CLIHarness.run(["--version"])
    #expect(r.code == 0)
    #expect(r.stdout == "hingesim \(HingeSimCLI.version)\n")
  }

  @Test("a mistyped option names the nearest one the command knows; exit 64")
  func nearestOption() {
    let r = CLIHarness.run(["run", "traces/open-wide.hinge", "--jsno"])
    #expect(r.code == 64)
    #expect(r.stderr.contains("unknown option '--jsno' (did you mean '--json'?)"))
    let far = CLIHarness.run(["run", "traces/open-wide.hinge", "--xyzzy"])
    #expect(far.code == 64)
    #expect(far.stderr.contains("unknown option '--xyzzy'") && !far.stderr.contains("did you mean"))
  }

  @Test("a mistyped command names the nearest command")
  func nearestCommand() {
    let r = CLIHarness.run(["reprot", "traces/open-wide.hinge"])
    #expect(r.code == 64)
    #expect(r.stderr.contains("unknown command 'reprot' (did you mean 'report'?)"))
  }

  @Test("edit distance counts a swap of neighbours as one edit")
  func distance() {
    #expect(Suggestion.distance(Array("--jsno"), Array("--json")) == 1)
    #expect(Suggestion.distance(Array("report"), Array("reprot")) == 1)
    #expect(Suggestion.distance(Array("kitten"), Array("sitting")) == 3)
    #expect(Suggestion.nearest(to: "--spede", in: ["--speed", "--settle-ms"]) == "--speed")
    #expect(Suggestion.nearest(to: "-x", in: ["--speed"]) == nil)
  }
}

@Suite("report --plot file names")
struct PlotFileNameTests {
  @Test("one plot per source and never two the same name")
  func uniqueNames() {
    #expect(
      ReportCommand.plotFiles("x.svg", sources: ["traces/open-wide.jsonl", "traces/default.hinge"])
        == ["x-open-wide.svg", "x-default.svg"])
    #expect(
      ReportCommand.plotFiles("x.svg", sources: ["traces/open-wide.hinge", "traces/open-wide.jsonl"])
        == ["x-open-wide-hinge.svg", "x-open-wide-jsonl.svg"])
    #expect(
      ReportCommand.plotFiles("x", sources: ["a/t.hinge", "b/t.hinge", "-"])
        == ["x-t-hinge.svg", "x-t-hinge-2.svg", "x-stdin.svg"])
  }
}

@Suite("check counts")
struct CheckCountTests {
  @Test("a source that cannot be read counts as an error, not as passed")
  func erroredIsNotPassed() {
    let bad = TestSupport.temporaryFile("start closed\nwait 25h\n", suffix: ".hinge")
    let r = CLIHarness.run(["check", "traces/open-wide.hinge", bad, "/nonexistent.jsonl"])
    #expect(r.stdout.hasSuffix("1 passed, 0 failed, 2 errors\n"))
    #expect(r.code == 66)  // the worst: a missing file
  }
}

@Suite("numbers on the command line")
struct CommandLineNumberTests {
  @Test("options take plain decimals: 0x10, inf and nan are refused", arguments: ["0x10", "inf", "nan", "1e", "."])
  func refused(_ text: String) {
    let r = CLIHarness.run(["simulate", "traces/open-wide.hinge", "--from", text])
    #expect(r.code == 64)
    #expect(
      r.stderr.contains(
        "--from: expected a time from 0 to 1e12 ms (about 31 years) like 5000, 5000ms or 5s, found '\(text)'"))
  }

  @Test("plain decimals are read", arguments: ["12", "-1.5", "2e3", "+4", ".5", "5."])
  func accepted(_ text: String) {
    #expect(Arguments.isPlainDecimal(text))
  }
}
