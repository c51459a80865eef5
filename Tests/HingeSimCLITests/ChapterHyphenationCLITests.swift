import EventStream
import TestSupport
import Testing

/// Under `--chapters` a chapter is laid out as its text alone is, hyphenation included: the
/// chapter reader lays a chapter out with the fonts and hyphenator its document loaded, so
/// `run --chapters` shows the pages `paginate` gives the chapter's text by itself.
@Suite("A chapter hyphenates as its text alone")
struct ChapterHyphenationCLITests {
  /// Short words among long ones: a line that would end before a long word is less than 70 %
  /// full, so TextKit's rule (hyphenationFactor 0.7) hyphenates the word, and the text after it
  /// moves up: lines and pages break elsewhere than without hyphenation.
  static let words = [
    "the", "ferry", "crossed", "a", "dark", "and", "uncharacteristically", "quiet", "harbour", "while",
    "international", "correspondents", "were", "discussing", "extraordinarily", "complicated", "negotiations",
    "about", "responsibility", "for", "the", "disproportionately", "heavy", "consequences", "of",
    "misunderstanding",
  ]

  /// Chapter one, then chapter two: paragraphs of the words in a shifting order.
  static let text: String = {
    func paragraphs(_ count: Int, shift: Int) -> String {
      (0..<count).map { p in
        (0..<90).map { i in words[(p * 7 + i * 11 + shift + (i * i) % 5) % words.count] }.joined(separator: " ")
          + "."
      }.joined(separator: "\n\n")
    }
    return "Chapter One\n\n" + paragraphs(1, shift: 0) + "\n\nChapter Two\n\n" + paragraphs(3, shift: 1) + "\n"
  }()

  static func json(_ line: some StringProtocol) throws -> JSONValue {
    try JSONValue.parse(Array(line.utf8))
  }

  static func number(_ value: JSONValue?) -> Int? {
    guard case .number(let n)? = value else { return nil }
    return Int(exactly: n)
  }

  static func numbers(_ value: JSONValue?) -> [Int] {
    guard case .array(let items)? = value else { return [] }
    return items.compactMap { number($0) }
  }

  /// `run --chapters --json` of chapter 2 opened on the closed phone, then `turns` page turns.
  static func run(_ textPath: String, turns: Int) -> CLIResult {
    let script =
      "start closed\nwait 300ms\nopen-chapter 2\nwait 1s\n" + String(repeating: "turn next\nwait 300ms\n", count: turns)
    let path = TestSupport.temporaryFile(Array(script.utf8), suffix: ".hinge")
    return CLIHarness.run(["run", path, "--text", textPath, "--chapters", "--compute-ms", "1", "--json"])
  }

  @Test("run --chapters shows a hyphenating chapter's pages where paginate breaks its text alone")
  func chapterPagesAreTheTextsAlone() throws {
    let textPath = TestSupport.temporaryFile(Array(Self.text.utf8), suffix: ".txt")
    let library = CLIHarness.run(["paginate", textPath, "--chapters", "--json"])
    #expect(library.code == 0, "\(library.stderr)")
    guard case .array(let chapters)? = try Self.json(library.stdout)["chapters"], chapters.count == 2,
      let start = Self.number(chapters[1]["start"]), let end = Self.number(chapters[1]["end"])
    else {
      Issue.record("expected two chapters: \(library.stdout)")
      return
    }
    // The text is ASCII: UTF-16 offsets are byte offsets.
    let bytes = Array(Self.text.utf8)
    let chapterPath = TestSupport.temporaryFile(Array(bytes[start..<end]), suffix: ".txt")

    // The page chapter 2 is laid out on.
    let first = Self.run(textPath, turns: 0)
    #expect(first.code == 0, "\(first.stderr)")
    let paginated = try #require(first.stdout.split(separator: "\n").last { $0.contains(#""type":"paginated""#) })
    let page = try Self.json(paginated)
    guard case .number(let width)? = page["pageWidth"], case .number(let height)? = page["pageHeight"] else {
      Issue.record("no page size: \(paginated)")
      return
    }
    let size = ["--width", NumberFormat.shortest(width), "--height", NumberFormat.shortest(height)]
    let alone = try Self.json(CLIHarness.run(["paginate", chapterPath, "--json"] + size).stdout)
    let unhyphenated = try Self.json(
      CLIHarness.run(["paginate", chapterPath, "--json", "--no-hyphenation"] + size).stdout)
    let starts = Self.numbers(alone["page_starts"])
    // The fixture hyphenates: without hyphenation the same text breaks its lines and pages
    // elsewhere (else this test could not tell a chapter laid out without it).
    #expect(Self.numbers(alone["line_starts"]) != Self.numbers(unhyphenated["line_starts"]))
    #expect(starts != Self.numbers(unhyphenated["page_starts"]))
    #expect(starts.count >= 2, "\(alone)")

    // Turn through every page of chapter 2: each starts where the chapter's text alone does.
    let walk = Self.run(textPath, turns: starts.count - 1)
    #expect(walk.code == 0, "\(walk.stderr)")
    let shown = try walk.stdout.split(separator: "\n").filter { $0.contains(#""type":"shown""#) }.map(Self.json)
      .filter { Self.number($0["chapter"]) == 2 }
    #expect(shown.first.flatMap { Self.number($0["pageCount"]) } == starts.count)
    let shownStarts = shown.compactMap { s -> Int? in
      guard case .array(let ranges)? = s["ranges"], let range = ranges.first else { return nil }
      return Self.numbers(range).first.map { $0 - start }
    }
    #expect(shownStarts == starts)
  }
}
