import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// Rules only the command line reached untested: a PDF spread's page order under each reading
/// direction and its two pages' one scale, and `select N 0` clearing the selection, in the text
/// reader and the chapter reader.
@Suite("Spread order, spread scale and an empty select on the command line")
struct SpreadRulesCLITests {
  static let sample = packageRoot + "/texts/pdf-sample.pdf"

  static func text(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }
  static func number(_ value: JSONValue?) -> Double? { if case .number(let n)? = value { n } else { nil } }
  static func list(_ value: JSONValue?) -> [JSONValue]? { if case .array(let a)? = value { a } else { nil } }

  static func events(_ arguments: [String]) throws -> [JSONValue] {
    let r = CLIHarness.run(arguments)
    #expect(r.code == 0, "\(r.stderr)")
    return try r.stdout.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
  }

  /// Every spread turned to, from pages 1–2 to 9–10: page 5 is A5 turned, page 8 US Letter.
  static func tour() -> String {
    TestSupport.temporaryFile(
      "start openWide portrait\nwait 500ms\n" + String(repeating: "turn next\nwait 300ms\n", count: 5), suffix: ".hinge"
    )
  }

  @Test(
    "a PDF spread runs in the reading direction: page n left of n+1 (ltr), right of it (rtl)",
    arguments: ["ltr", "rtl"])
  func spreadOrder(direction: String) throws {
    let all = try Self.events([
      "run", Self.tour(), "--pdf", Self.sample, "--direction", direction, "--json", "--compute-ms", "5",
    ])
    var spreads: Set<[Int]> = []
    for event in all where Self.text(event["type"]) == "shown" && Self.text(event["layout"]) == "spread" {
      let pages = try #require(Self.list(event["pages"])).compactMap { Self.number($0) }.map(Int.init)
      let frames = try #require(Self.list(event["frames"]))
      try #require(pages.count == 2 && frames.count == 2)
      let firstX = try #require(Self.number(frames[0]["x"]))
      let secondX = try #require(Self.number(frames[1]["x"]))
      #expect(pages[0] < pages[1], "\(pages)")
      #expect(
        direction == "ltr" ? firstX < secondX : firstX > secondX, "\(direction) \(pages): x \(firstX), \(secondX)")
      spreads.insert(pages)
    }
    #expect(spreads == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])
    #expect(!all.contains { Self.text($0["type"]) == "violation" })
  }

  /// The tablet held sideways has no fold: its spread splits at the middle of the frame, and
  /// still runs in the reading direction.
  @Test(
    "a PDF spread without a fold (tablet held sideways) runs in the reading direction: page n left of n+1 (ltr), right of it (rtl)",
    arguments: ["ltr", "rtl"])
  func foldlessSpreadOrder(direction: String) throws {
    let tour = TestSupport.temporaryFile(
      "start closedSideways\nwait 500ms\n" + String(repeating: "turn next\nwait 300ms\n", count: 4), suffix: ".hinge")
    let all = try Self.events([
      "run", tour, "--profile", "tablet", "--pdf", Self.sample, "--direction", direction, "--json", "--compute-ms", "5",
    ])
    var spreads: [[Int]] = []
    for event in all where Self.text(event["type"]) == "shown" {
      #expect(Self.text(event["layout"]) == "spread")
      let pages = try #require(Self.list(event["pages"])).compactMap { Self.number($0) }.map(Int.init)
      let frames = try #require(Self.list(event["frames"]))
      try #require(pages.count == 2 && frames.count == 2)
      let firstX = try #require(Self.number(frames[0]["x"]))
      let secondX = try #require(Self.number(frames[1]["x"]))
      #expect(
        direction == "ltr" ? firstX < secondX : firstX > secondX, "\(direction) \(pages): x \(firstX), \(secondX)")
      spreads.append(pages)
    }
    #expect(spreads == [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])
  }

  @Test("a PDF spread's two pages share one scale: two A5 pages the same size, A5 beside Letter at one scale")
  func spreadScale() throws {
    let all = try Self.events(["run", Self.tour(), "--pdf", Self.sample, "--json", "--compute-ms", "5"])
    var checked = 0
    for event in all where Self.text(event["type"]) == "shown" && Self.text(event["layout"]) == "spread" {
      let pages = try #require(Self.list(event["pages"])).compactMap { Self.number($0) }.map(Int.init)
      let scales = try #require(Self.list(event["pageScales"])).compactMap { Self.number($0) }
      let frames = try #require(Self.list(event["frames"]))
      try #require(scales.count == 2)
      #expect(abs(scales[0] - scales[1]) <= 1e-9 * scales[0], "pages \(pages): scales \(scales)")
      if pages == [0, 1] || pages == [2, 3] || pages == [8, 9] {  // A5 and A5: the same size on screen
        #expect(Self.number(frames[0]["width"]) == Self.number(frames[1]["width"]))
        #expect(Self.number(frames[0]["height"]) == Self.number(frames[1]["height"]))
      }
      checked += 1
    }
    #expect(checked >= 5)
  }

  static func selections(_ arguments: [String]) throws -> [(length: Int, warning: Bool)] {
    try Self.events(arguments).compactMap { event in
      switch Self.text(event["type"]) {
      case "selection": (Int(try #require(Self.number(event["length"]))), false)
      case "notes" where event["warning"] != nil: (-1, true)
      default: nil
      }
    }
  }

  @Test("select N 0 clears the selection: Add to Notes then adds nothing and says so", arguments: [false, true])
  func selectZeroClears(chapters: Bool) throws {
    let script = TestSupport.temporaryFile(
      "start openWide portrait\nwait 500ms\nselect 700 5\nwait 100ms\nselect 700 0\nwait 100ms\nadd-to-notes\nwait 300ms\n",
      suffix: ".hinge")
    let seen = try Self.selections(
      ["run", script, "--json", "--compute-ms", "5"] + (chapters ? ["--chapters"] : []))
    #expect(seen.first?.length == 5, "\(seen)")
    #expect(seen.dropFirst().first?.length == 0, "\(seen)")
    #expect(seen.contains { $0.warning }, "Add to Notes after select N 0 should warn: \(seen)")
  }
}
