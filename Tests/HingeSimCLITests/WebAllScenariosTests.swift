import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `hingesim web` on the bundled sources × the bundled profiles, on the stream clock (its
/// default): the bundled reader keeps every rule `check --app` holds an app to — open tall laid
/// out as one page (not tabletop), closing from open wide accepted by Chromium, notes beside one
/// page and as a sheet, the library, right to left. One test case per pair, run in parallel.
///
/// Each pair starts a Chromium for about 4 s, so `bin/test` runs a covering set that keeps CI in
/// its budget: every source once, every profile on four or five sources (source `i` of the
/// sorted list on profile `i` modulo their count; 21 runs). `HINGESIM_SLOW=1` runs every source
/// on every profile (105).
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct WebAllScenariosTests {
  static let pairs: [String] = {
    let profiles = CDPReplayTests.profiles
    let traces = AllProfilesCheckTests.traces
    let all = Process.environment("HINGESIM_SLOW") == "1"
    return traces.enumerated().flatMap { i, trace in
      let chosen = all ? Array(profiles.indices) : [i % profiles.count]
      return chosen.map { profiles[$0] + " " + trace }
    }
  }()

  @Test("the covering set holds every source and every profile")
  func everySourceAndProfileIsCovered() {
    let pairs = Self.pairs.map { $0.split(separator: " ").map(String.init) }
    #expect(Set(pairs.map { $0[1] }) == Set(AllProfilesCheckTests.traces))
    #expect(Set(pairs.map { $0[0] }) == Set(CDPReplayTests.profiles))
    #expect(AllProfilesCheckTests.traces.count >= 21)
  }

  @Test(arguments: pairs)
  func webPasses(_ pair: String) {
    let parts = pair.split(separator: " ").map(String.init)
    let result = CLIHarness.run(["web", "traces/" + parts[1], "--profile", parts[0]])
    #expect(result.code == 0, "\(pair): \(result.stderr)\n\(result.stdout.suffix(3000))")
    #expect(result.stdout.contains("ok    "), "\(pair)")
  }

  /// Open tall is one page over the whole reader; tabletop (the same fold, folded) one page
  /// above the fold — decided by the posture, as the model decides it.
  @Test func openTallIsOnePageAndTabletopIsAboveTheFold() throws {
    let (tall, tallLog) = try WebCommandTests.web("traces/open-tall.hinge")
    #expect(tall.code == 0, "\(tall.stdout)")
    let tallShown = WebCommandTests.events(tallLog, "shown")
    #expect(tallShown.last?["layout"] == .string("single"))
    // Open tall on the Duo: 669×787, one page inset 20 from every edge (747 tall), not 273 above the fold.
    #expect(WebCommandTests.events(tallLog, "paginated").last?["pageHeight"] == .number(747))
    let (table, tableLog) = try WebCommandTests.web("traces/book-to-tabletop.hinge")
    #expect(table.code == 0, "\(table.stdout)")
    #expect(WebCommandTests.events(tableLog, "shown").contains { $0["layout"] == .string("tabletop") })
  }

  /// A right-to-left text: the spread's first page is right of the fold.
  @Test func aRightToLeftSpreadPutsPageOneRightOfTheFold() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-rtl"))
    defer { Directory.removeTree(directory) }
    let log = directory + "/app.jsonl"
    let result = CLIHarness.run([
      "web", "traces/open-wide.hinge", "--text", "texts/hebrew-sample.txt", "--app-log", log,
    ])
    #expect(result.code == 0, "\(result.stderr)\n\(result.stdout)")
    let lines = (POSIX.readSmallFile(log) ?? "").split(separator: "\n").compactMap {
      try? JSONValue.parse(Array($0.utf8))
    }
    let spread = try #require(WebCommandTests.events(lines, "shown").last { $0["layout"] == .string("spread") })
    guard case .array(let frames)? = spread["frames"], frames.count == 2,
      let first = WebCommandTests.number(frames[0]["x"]), let second = WebCommandTests.number(frames[1]["x"])
    else {
      Issue.record("a spread without two frames: \(spread.found)")
      return
    }
    #expect(first > second)  // page 1 (frames[0]) right of the fold
  }

  /// Notes opened on the open phone: one page in the leading region, the notes beside it.
  @Test func notesOpenBesideOnePage() throws {
    let (result, lines) = try WebCommandTests.web("traces/notes.hinge")
    #expect(result.code == 0, "\(result.stdout)")
    #expect(
      WebCommandTests.events(lines, "shown").contains {
        $0["layout"] == .string("single") && $0["notes"] == .string("trailing")
      })
  }
}
