import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// A page that reports every bad line the issue lists and throws 5,000 exceptions
/// (Tests/HingeSimCLITests/Fixtures/hostile-page.html), and what `web` makes of it: exit 65, each
/// bad report named, the good lines kept in the app log, nothing raw or huge on the terminal.
/// Without a browser: the checks made before one starts.
struct HostilePageTests {
  @Test(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
  func aHostilePageGetsExit65AndTheGoodLinesAreKept() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-hostile-test"))
    defer { Directory.removeTree(directory) }
    let script = directory + "/short.hinge"
    #expect(WholeFile.replace(script, with: Array("start closed portrait\nwait 2500ms\n".utf8)))
    let page = "file://" + TestSupport.packageRoot + "/Tests/HingeSimCLITests/Fixtures/hostile-page.html"
    let log = directory + "/app.jsonl"
    let result = CLIHarness.run([
      "web", script, "--url", page, "--app-log", log, "--screenshots", directory + "/shots", "--quiet-ms", "800",
    ])
    #expect(result.code == 65, "\(result.stderr)")
    for refused in [
      "'pages' holds [1e+300]", "'ranges' holds", "a report of 175", "'width' is -3", "expected one JSON object",
    ] {
      #expect(result.stderr.contains(refused), "\(refused) in \(result.stderr)")
    }
    // Nothing raw: no ESC, no BEL, no line longer than a message's.
    for text in [result.stdout, result.stderr] {
      #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
      #expect(text.split(separator: "\n").allSatisfy { $0.count <= 1000 })
    }
    // The good lines are kept: the sync, both frames, the shown whose layout was escaped on screen.
    let lines = (WholeFile.read(log, limit: 1 << 24).map { String(decoding: $0, as: UTF8.self) } ?? "").split(
      separator: "\n"
    ).compactMap { try? JSONValue.parse(Array($0.utf8)) }
    #expect(lines.first?["type"] == .string("sync"))
    let widths = lines.filter { $0["type"] == .string("frame") }.map { $0["width"] }
    #expect(widths == [.number(382), .number(400)], "\(lines)")
    // Exceptions: 20 shown, the rest counted on one line.
    #expect(result.stderr.split(separator: "\n").filter { $0.contains("the page threw:") }.count == 20)
    #expect(result.stderr.contains("more exception(s), not shown"), "\(result.stderr)")
  }

  @Test func screenshotsIntoAFileAreRefusedBeforeTheBrowserStarts() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-hostile-test"))
    defer { Directory.removeTree(directory) }
    #expect(WholeFile.replace(directory + "/file", with: [1]))
    // The dead --browser-url, reached, would say "cannot attach": the check comes first.
    let result = CLIHarness.run(["web", "--screenshots", directory + "/file", "--browser-url", "http://127.0.0.1:1"])
    #expect(result.code == 66, "\(result.stderr)")
    #expect(result.stderr.contains("expected a directory, found a file"), "\(result.stderr)")
    #expect(!result.stderr.contains("cannot attach"))
  }

  @Test func aDeadPortSaysCannotAttach() {
    let result = CLIHarness.run(["web", "--browser-url", "http://127.0.0.1:1"])
    #expect(result.code == 66, "\(result.stderr)")
    #expect(result.stderr.contains("cannot attach to http://127.0.0.1:1:"), "\(result.stderr)")
    #expect(!result.stderr.contains("cannot start the browser"))
  }
}
