import EventStream
import Inputs
import Platform
import Shots
import TestSupport
import Testing

/// `shots compare` on two real `web` runs of the default tour: the bundled reader, and a copy
/// of it whose stylesheet differs in one line — the fold band's opacity (`#fold`, 0.6 → 0.9).
/// The reader shows that band exactly when the viewport has two segments, which is when it
/// lays out a spread or a tabletop page (its own `shown.layout`); so exactly the pairs whose
/// `shown` says `spread` or `tabletop` change, and every pixel that changes is in the fold.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct ShotsWebTests {
  @Test func aOneLineCSSChangeChangesExactlyThePairsWithAFold() throws {
    let before = try #require(WebCommandTests.tour)  // the bundled reader, shared with WebCommandTests
    #expect(before.result.code == 0, "\(before.result.stderr)")
    let root = try #require(POSIX.temporaryDirectory(prefix: "hingesim-shots-web"))
    defer { Directory.removeTree(root) }
    // A copy of the web reader with one line of its CSS changed.
    #expect(WholeFile.makeDirectories(root + "/reader"))
    for name in ["index.html", "reader.js", "reader.css"] {
      let bytes = try #require(WholeFile.read(TestSupport.packageRoot + "/web/reader/" + name, limit: 4 << 20))
      var text = String(decoding: bytes, as: UTF8.self)
      if name == "reader.css" {
        let line = "  opacity: 0.6; pointer-events: none; }"
        #expect(text.contains(line), "the fold band's rule moved: update this test")
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map {
          $0 == line ? "  opacity: 0.9; pointer-events: none; }" : String($0)
        }.joined(separator: "\n")
      }
      #expect(WholeFile.replace(root + "/reader/" + name, with: Array(text.utf8)))
    }
    let after = CLIHarness.run([
      "web", "--url", "file://" + root + "/reader/index.html", "--screenshots", root + "/after", "--quiet-ms", "800",
    ])
    #expect(after.code == 0, "\(after.stderr)")

    let result = CLIHarness.run([
      "shots", "compare", before.directory + "/shots", root + "/after", "--out", root + "/diff",
    ])
    #expect(result.code == 1, "\(result.stderr)\n\(result.stdout)")
    let shown = WebCommandTests.events(before.appLog, "shown")
    #expect(shown.count == 8)
    let expected = shown.enumerated().filter {
      $0.element["layout"] == .string("spread") || $0.element["layout"] == .string("tabletop")
    }.map { $0.offset + 1 }
    #expect(expected.count == 6)  // all but the first closed page and the closed sideways one
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("8 pair(s) by layout and time") == true, "\(result.stdout)")
    #expect(!result.stdout.contains("unmatched"))
    let failed = lines.filter { $0.hasSuffix("  FAIL") }.compactMap { Int($0.prefix(4).trimmingCharacters) }
    #expect(failed == expected, "\(result.stdout)")
    // Every changed pixel of every failed pair is in the fold: "N px changed (…), N in the fold".
    for line in lines where line.hasSuffix("  FAIL") {
      let words = line.split(separator: " ")
      guard let px = words.firstIndex(of: "px"), let fold = words.firstIndex(of: "fold,") else {
        Issue.record("no counts in: \(line)")
        continue
      }
      #expect(words[px - 1] == words[fold - 3], "\(line)")
    }
    #expect(lines.filter { $0.hasSuffix(" same") }.count == 2)
  }

  /// Each line of `shots.jsonl` says the layout as of its `shown`: the simulator's pose at `t`
  /// (from `simulate`'s own stream), the frame the page reported last, and a fold exactly when
  /// the page laid out two segments (a `spread` or `tabletop`), across the whole frame's
  /// height (vertical) or width (horizontal).
  @Test func theIndexSaysTheLayoutOfEachShown() throws {
    let run = try #require(WebCommandTests.tour)
    let bytes = try #require(WholeFile.read(run.directory + "/shots/shots.jsonl", limit: 1 << 20))
    let records = try ShotIndex.records(bytes, file: "shots.jsonl")
    let stream = CLIHarness.run(["simulate", "traces/default.hinge"]).stdout.split(separator: "\n").compactMap {
      try? JSONValue.parse(Array($0.utf8))
    }
    let poses: [(Double, String)] = stream.compactMap {
      guard $0["type"] == .string("pose"), case .number(let t)? = $0["t"], case .string(let pose)? = $0["pose"] else {
        return nil
      }
      return (t, pose)
    }
    var frame: (Double, Double)?
    var shownIndex = 0
    for event in run.appLog {
      if event["type"] == .string("frame"), case .number(let w)? = event["width"],
        case .number(let h)? = event["height"]
      {
        frame = (w, h)
      }
      guard event["type"] == .string("shown") else { continue }
      guard shownIndex < records.count else {
        Issue.record("more shown than records")
        break
      }
      let record = records[shownIndex]
      shownIndex += 1
      #expect(record.file == run.screenshots[shownIndex - 1])
      let pose = poses.last { $0.0 <= record.timeMs }?.1
      #expect(record.pose == pose, "\(record.file) at \(record.timeMs) ms")
      #expect(frame.map { $0 == (record.width, record.height) } ?? false, "\(record.file)")
      let twoSegments = event["layout"] == .string("spread") || event["layout"] == .string("tabletop")
      #expect((record.fold != nil) == twoSegments, "\(record.file): \(String(describing: record.fold))")
      if let fold = record.fold {
        let vertical = event["layout"] == .string("spread")
        #expect(vertical ? fold.height == record.height && fold.y == 0 : fold.width == record.width && fold.x == 0)
        #expect((vertical ? fold.width : fold.height) == 41, "the 40-pt fold at x or y .5, rounded outwards")
      }
    }
    #expect(shownIndex == records.count)
  }
}
