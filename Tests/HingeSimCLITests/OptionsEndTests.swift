import Testing

@testable import HingeSimCLI

/// `--` ends the options: what follows is a file name even when it looks like an option, so a
/// file called `--lenient` or `-h` can be named (`run -- --lenient`), as POSIX utilities do.
@Suite("-- ends the options")
struct OptionsEndTests {
  @Test("a flag after -- is not taken; it is a positional")
  func flagAfterDoubleDash() throws {
    var args = Arguments(["--json", "--", "--lenient", "-h"])
    let json = args.flag("--json")
    let lenient = args.flag("--lenient")
    let value = try args.option("--lenient")
    let contained = args.contains("--lenient")
    let rest = try args.positionals()
    #expect(json)
    #expect(!lenient)
    #expect(value == nil)
    #expect(!contained)
    #expect(rest == ["--lenient", "-h"])
  }

  @Test("help is asked for only before --")
  func helpBeforeDoubleDash() {
    #expect(Arguments.asksForHelp(["-h", "--", "x"]))
    #expect(Arguments.asksForHelp(["x", "--help"]))
    #expect(!Arguments.asksForHelp(["--", "-h"]))
    #expect(!Arguments.asksForHelp(["--", "--help"]))
  }

  @Test("run -- --lenient opens a file named --lenient (exit 66), it does not replay the default scenario")
  func runDoubleDashLenient() {
    let r = CLIHarness.run(["run", "--", "--lenient"])
    #expect(r.code == 66, "\(r.stderr)")
    #expect(r.stderr.contains("--lenient"), "\(r.stderr)")
    #expect(r.stdout.isEmpty, "\(r.stdout)")
  }

  @Test("run -- -h opens a file named -h (exit 66), it does not print the help")
  func runDoubleDashHelp() {
    let r = CLIHarness.run(["run", "--", "-h"])
    #expect(r.code == 66, "\(r.stderr)")
    #expect(!r.stdout.contains("usage:"), "\(r.stdout)")
    #expect(r.stderr.contains("-h"), "\(r.stderr)")
  }

  @Test("-h before -- still prints the help")
  func helpStillWorks() {
    let r = CLIHarness.run(["run", "-h", "--", "x.hinge"])
    #expect(r.code == 0)
    #expect(r.stdout.hasPrefix("usage: hingesim run"), "\(r.stdout.prefix(80))")
  }
}
