import Reader
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// The worked examples of docs/timing.md ("Cycles"), through `hingesim run --json`.
@Suite("Settle cycle examples")
struct CycleExampleTests {
  /// The events of `run SCRIPT --json ARGS…`, decoded enough to look at reader output.
  static func run(_ script: String, _ arguments: [String]) throws -> [JSONValue] {
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let r = CLIHarness.run(["run", path, "--json"] + arguments)
    #expect(r.code == 0, "\(r.stderr)")
    return try r.stdout.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
  }

  static func events(_ all: [JSONValue], _ type: String) -> [JSONValue] {
    all.filter { $0["type"]?.string == type }
  }

  /// The page count of the sample chapter at the page size a settle asks for, paginated
  /// directly (not through the run) with the typography `run` uses by default.
  static func pages(width: Double, height: Double, textSize: TextSize) throws -> Int {
    let text = try FileBytes.read(path: TestSupport.packageRoot + "/texts/sample-chapter.txt")
    var profile = TestSupport.profile()
    profile.typography = try #require(profile.typography.applying(profile.typography.defaultChoice))
    let document = try ReaderDocument(text: String(decoding: text, as: UTF8.self), profile: profile)
    return document.layout.paginate(width: width, height: height, style: document.style(for: textSize)).pageCount
  }

  /// The first layout takes 300 ms (200 → 500); the text size settles at 450, while the reader
  /// is busy, so it waits 50 ms and is paginated 500 → 800 — its own record, its own pages.
  @Test("a settle that arrives while the reader is busy gets its own pagination and record, at the time it ends")
  func slowPagination() throws {
    let all = try Self.run(
      "start openTall\nwait 250ms\ntext-size xSmall\nwait 2s\n", ["--compute-ms", "300"])
    let records = Self.events(all, "timing")
    #expect(records.map { $0["cause"]?.string } == ["initial", "text size"])
    #expect(records.map { $0["settled"]?.number } == [200, 450])
    #expect(records.map { $0["queuedMs"]?.number } == [0, 50])
    #expect(records.map { $0["paginationMs"]?.number } == [300, 300])
    #expect(records.map { $0["shown"]?.number } == [500, 800])
    #expect(records.map { $0["cache"]?.string } == ["miss", "miss"])
    let paginated = Self.events(all, "paginated")
    guard paginated.count == 2, let w = paginated[0]["pageWidth"]?.number, let h = paginated[0]["pageHeight"]?.number
    else {
      Issue.record("expected two paginations, got \(paginated.count)")
      return
    }
    let large = try Self.pages(width: w, height: h, textSize: .large)
    let xSmall = try Self.pages(width: w, height: h, textSize: .xSmall)
    #expect(large != xSmall)  // else the test could not tell them apart
    #expect(records.map { $0["pageCount"]?.number } == [Double(large), Double(xSmall)])
    let shown = Self.events(all, "shown")
    #expect(shown.map { $0["t"]?.number } == [500, 800])
    #expect(shown.map { $0["pageCount"]?.number } == [Double(large), Double(xSmall)])
  }

  /// The settle is due at 200 ms, as the three turns arrive: a deadline due at a time comes
  /// before an input at that time, so the turns find the first layout (or wait for it).
  @Test("page turns tied with the first settle turn pages", arguments: ["0", "5"])
  func turnsTiedWithTheSettle(computeMs: String) throws {
    let all = try Self.run(
      "start closed\nwait 200ms\nturn next\nturn next\nturn next\nwait 1s\n", ["--compute-ms", computeMs])
    let shown = Self.events(all, "shown")
    #expect(shown.compactMap { $0["pages"]?.array?.first?.number } == [0, 1, 2, 3])
  }

  /// Three text sizes while the first layout takes 1 s: only the last is paginated; the two
  /// between are superseded, with records that say so and show nothing.
  @Test("settles queued behind a slow pagination: all but the last are superseded")
  func superseded() throws {
    let all = try Self.run(
      "start closed\nwait 250ms\ntext-size xSmall\nwait 250ms\ntext-size AX1\nwait 250ms\ntext-size AX5\nwait 3s\n",
      ["--compute-ms", "1000"])
    let records = Self.events(all, "timing")
    #expect(records.map { $0["cache"]?.string } == ["miss", "superseded", "superseded", "miss"])
    #expect(records[1]["shown"] == .null && records[1]["causeToShownMs"] == .null)
    let skipped = Self.events(all, "skipped")
    #expect(skipped.map { $0["reason"]?.string } == ["superseded", "superseded"])
    #expect(skipped.map { $0["textSize"]?.string } == ["xSmall", "AX1"])
    let paginated = Self.events(all, "paginated")
    #expect(paginated.map { $0["textSize"]?.string } == ["large", "AX5"])
  }
}

extension JSONValue {
  fileprivate var string: String? { if case .string(let s) = self { s } else { nil } }
  fileprivate var number: Double? { if case .number(let n) = self { n } else { nil } }
  fileprivate var array: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
