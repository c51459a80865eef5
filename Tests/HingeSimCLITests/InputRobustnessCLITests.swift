import EventStream
import TestSupport
import Testing

@testable import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 11 at the command line: inputs that crashed, wrapped, hung or slipped through now end
/// with the documented exit code and a `file:line:column: expected …, found …` message.
@Suite("Command line: robust inputs")
struct InputRobustnessCLITests {
  @Test("a directory as the source is exit 66, 'is a directory'")
  func directory() {
    let path = TestSupport.temporaryFile("", suffix: ".jsonl")
    _ = unlink(path)
    #expect(mkdir(path, 0o755) == 0)
    defer { rmdir(path) }
    let r = CLIHarness.run(["simulate", path])
    #expect(r.code == 66)
    #expect(r.stderr.hasPrefix("hingesim: \(path): is a directory, expected a file"))
  }

  @Test("7,000 nested repeats: exit 65 at the 17th, no crash")
  func deepRepeats() {
    let text =
      "start closed\n" + String(repeating: "repeat 2 {\n", count: 7000) + "open to 10 over 1ms\n"
      + String(repeating: "}\n", count: 7000)
    let path = TestSupport.temporaryFile(text, suffix: ".hinge")
    let r = CLIHarness.run(["simulate", path])
    #expect(r.code == 65)
    #expect(
      r.stderr.hasPrefix(
        "hingesim: \(path):18:1: expected repeat blocks nested at most 16 deep, found one nested deeper"))
    #expect(r.stdout.isEmpty)
  }

  @Test("a script time that would wrap negative is exit 65 before any output")
  func wrappingTime() {
    let path = TestSupport.temporaryFile(
      "start closed\nrepeat 1000000000 { wait 1440min }\nopen to 10 over 1ms\n", suffix: ".hinge")
    let r = CLIHarness.run(["simulate", path])
    #expect(r.code == 65)
    #expect(r.stdout.isEmpty)
    #expect(r.stderr.contains("\(path):2:1: expected a script that ends by t = 1e12 ms (about 31 years)"))
  }

  @Test("a JSON Lines t of 2e305 is exit 65 naming the accepted range, not a lost opening")
  func hugeTime() {
    let path = TestSupport.temporaryFile(
      "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\n{\"t\":2e305,\"type\":\"hinge\",\"angle\":180}\n")
    let r = CLIHarness.run(["simulate", path])
    #expect(r.code == 65)
    #expect(r.stderr.contains("\(path):2:6: expected a 't' from 0 to 1e12 ms (about 31 years), found 2e+305"))
  }

  @Test("a mark label's control characters are escaped in the timeline")
  func markLabelsAreEscaped() {
    let path = TestSupport.temporaryFile(
      "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\n{\"t\":1,\"type\":\"mark\",\"label\":\"\\u001b[31mred\\u0007\"}\n")
    let r = CLIHarness.run(["run", path])
    #expect(r.code == 0)
    #expect(r.stdout.contains(#"mark       \u{1B}[31mred\u{7}"#))
    #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
  }

  @Test("--lenient with a script that has errors: exit 65, every error, and a note why")
  func lenientScript() {
    let path = TestSupport.temporaryFile("start closed\nopen to 180 over fast\nturn back\n", suffix: ".hinge")
    let r = CLIHarness.run(["simulate", path, "--lenient"])
    #expect(r.code == 65)
    #expect(r.stderr.contains("\(path):2:18: expected a duration like 300ms after 'over', found 'fast'"))
    #expect(r.stderr.contains("\(path):3:6: expected 'next' or 'prev' after 'turn', found 'back'"))
    #expect(
      r.stderr.contains(
        "note: --lenient skips bad lines in traces only; a script runs whole or not at all — fix the errors above"))
    #expect(r.stdout.isEmpty)
  }

  @Test("a CSV trace named .txt is read with --format csv; without a name that says, it is sniffed")
  func unknownExtension() {
    let csv = "t_ms,angle_deg\n0,0\n10,90\n"
    let known = CLIHarness.run(["simulate", TestSupport.temporaryFile(csv, suffix: ".csv")])
    let forced = CLIHarness.run(["simulate", TestSupport.temporaryFile(csv, suffix: ".txt"), "--format", "csv"])
    let sniffed = CLIHarness.run(["simulate", TestSupport.temporaryFile(csv, suffix: "")])
    #expect(known.code == 0)
    #expect(forced.code == 0)
    #expect(forced.stdout == known.stdout)
    #expect(sniffed.code == 0)
    #expect(sniffed.stdout == known.stdout)
  }

  /// The issue's case: a file named `.md` was read as a script and flooded 20 errors.
  @Test("an unknown extension (.md, .txt) is exit 64 listing the known ones and --format")
  func unknownExtensionRefused() {
    for suffix in [".md", ".txt"] {
      let path = TestSupport.temporaryFile("# Notes\n\nSome prose, not a script.\n", suffix: suffix)
      for command in ["run", "simulate", "check", "report", "export"] {
        var arguments = [command, path]
        if command == "export" { arguments += ["--to", "adb"] }
        let r = CLIHarness.run(arguments)
        #expect(r.code == 64, "\(command) \(suffix): \(r.stderr)")
        #expect(
          (r.stderr + r.stdout).contains(
            "\(path): expected a source named .jsonl, .ndjson, .json, .csv, .hinge, .evemu, .yml, .yaml, found '\(suffix)'; give --format jsonl|csv|hinge|evemu|libinput to read it as one"
          ), "\(command): \(r.stderr)")
        #expect(!(r.stderr + r.stdout).contains("(stopped after 20 errors)"))
      }
    }
  }

  @Test("a profile and a report given to --compare may start with a byte order mark")
  func byteOrderMarkInJSONDocuments() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let profile = try FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json")
    let marked = TestSupport.temporaryFile(bom + profile, suffix: ".json")
    let plain = CLIHarness.run(["simulate", "traces/open-wide.hinge"])
    let withMark = CLIHarness.run(["simulate", "traces/open-wide.hinge", "--profile", marked])
    #expect(withMark.code == 0, "\(withMark.stderr)")
    #expect(withMark.stdout == plain.stdout)

    let report = CLIHarness.run(["report", "traces/open-wide.hinge", "--json"])
    #expect(report.code == 0)
    let markedReport = TestSupport.temporaryFile(bom + Array(report.stdout.utf8), suffix: ".json")
    let compare = CLIHarness.run(["report", "--compare", markedReport, markedReport])
    #expect(compare.code == 0, "\(compare.stderr)")
  }
}
