import Reader
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// `--direction ltr|rtl|auto` through the command line: the default tour in right-to-left
/// order with a Hebrew text.
@Suite("Reader direction on the command line")
struct DirectionCLITests {
  /// The `shown` events of `run traces/default.hinge --json` over the Hebrew sample.
  static func shown(_ arguments: [String]) throws -> [JSONValue] {
    let r = CLIHarness.run(
      ["run", "traces/default.hinge", "--json", "--text", "texts/hebrew-sample.txt", "--compute-ms", "2"] + arguments)
    #expect(r.code == 0, "\(r.stderr)")
    let all = try r.stdout.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
    #expect(!all.contains { $0["type"]?.string == "violation" })
    return all.filter { $0["type"]?.string == "shown" }
  }

  @Test(
    "a bad --direction is a usage error (exit 64) naming the accepted forms",
    arguments: ["run", "read", "check", "report"])
  func badValue(_ command: String) {
    let r = CLIHarness.run([command, "traces/open-wide.hinge", "--direction", "sideways"])
    #expect(r.code == 64)
    #expect(r.stderr.contains("--direction: expected one of ltr, rtl, auto, found 'sideways'"))
  }

  @Test("the default tour in rtl: page 1 of each spread right of the fold, the place held, the ltr pages")
  func defaultTour() throws {
    let rtl = try Self.shown(["--direction", "rtl"])
    let ltr = try Self.shown(["--direction", "ltr"])
    let fold = TestSupport.profile().poses[.openWide]!.division!
    #expect(rtl.count == ltr.count && rtl.count >= 6)
    var spreads = 0
    for (r, l) in zip(rtl, ltr) {
      // Same pagination, so the same pages and place; only the frames may differ.
      for key in ["offset", "pages", "ranges", "pageCount", "layout", "notes"] { #expect(r[key] == l[key], "\(key)") }
      let offset = r["offset"]?.number ?? -1
      let ranges = r["ranges"]?.array?.compactMap { $0.array?.compactMap(\.number) } ?? []
      #expect(ranges.contains { $0[0] <= offset && offset < $0[1] }, "the place \(offset) is on screen")
      let xs = r["frames"]?.array?.compactMap { $0["x"]?.number } ?? []
      let lxs = l["frames"]?.array?.compactMap { $0["x"]?.number } ?? []
      #expect(xs.count == r["pages"]?.array?.count)
      if r["layout"]?.string == "spread" {
        spreads += 1
        #expect(xs[0] >= fold.maxX && xs[1] < fold.x)  // page 1 right of the fold, page 2 left
        #expect(xs == lxs.reversed())
      } else {
        #expect(xs == lxs)
      }
    }
    #expect(spreads >= 3)  // open, and two turns
  }

  /// The Hebrew sample's first strong character is Hebrew: FriBidi makes the text
  /// right-to-left, so `auto` (the default) reads it as `rtl` does.
  @Test("auto takes the text's base direction: a Hebrew text reads right to left; auto is the default")
  func autoFollowsTheText() throws {
    let auto = try Self.shown(["--direction", "auto"])
    #expect(auto == (try Self.shown([])))
    #expect(auto == (try Self.shown(["--direction", "rtl"])))
    #expect(auto != (try Self.shown(["--direction", "ltr"])))
  }

  @Test("check passes in rtl")
  func checkRTL() {
    let r = CLIHarness.run(
      [
        "check", "traces/default.hinge", "traces/book-and-back.hinge", "--direction", "rtl", "--text",
        "texts/hebrew-sample.txt",
      ])
    #expect(r.code == 0, "\(r.stdout)")
    #expect(r.stdout.hasSuffix("2 passed, 0 failed\n"))
  }
}

extension JSONValue {
  fileprivate var string: String? { if case .string(let s) = self { s } else { nil } }
  fileprivate var number: Double? { if case .number(let n) = self { n } else { nil } }
  fileprivate var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
