import TestSupport
import Testing

@testable import EventStream

@Suite("hingesim paginate")
struct PaginateCommandTests {
  @Test("--json carries the page and line starts")
  func json() throws {
    let r = CLIHarness.run(["paginate", "--text", "Hello world", "--width", "100", "--height", "100", "--json"])
    #expect(r.code == 0)
    let value = try JSONValue.parse(Array(r.stdout.utf8))
    #expect(value["pages"] == .number(1))
    #expect(value["page_starts"] == .array([.number(0)]))
    #expect(value["line_starts"] == .array([.number(0)]))
    #expect(value["utf16_count"] == .number(11))
    if case .number(let ms)? = value["ms"] { #expect(ms >= 0) } else { Issue.record("no ms") }
  }

  @Test("--lang picks the language's hyphenation patterns, none when none is installed")
  func language() throws {
    let text = "Donaudampfschifffahrtsgesellschaftskapitän und Bundesverfassungsgericht"
    func run(_ lang: String) throws -> JSONValue {
      let r = CLIHarness.run([
        "paginate", "--text", text, "--width", "150", "--height", "300", "--json", "--lang", lang,
      ])
      #expect(r.code == 0)
      return try JSONValue.parse(Array(r.stdout.utf8))
    }
    // Debian's hyphen-de installs hyph_de_DE.dic; no Hebrew patterns exist in Debian.
    let german = try run("de")
    #expect(german["language"] == .string("de"))
    #expect(german["hyphenation_dictionary"] == .string("/usr/share/hyphen/hyph_de_DE.dic"))
    let hebrew = try run("he")
    #expect(hebrew["hyphenation_dictionary"] == .null)
    #expect(hebrew["direction"] == .string("ltr"))  // the text is German
    let bad = CLIHarness.run(["paginate", "--text", "x", "--width", "9", "--height", "9", "--lang", "../x"])
    #expect(bad.code == 64)
    // The text's first line may name it; --lang wins.
    let hinted = try JSONValue.parse(
      Array(
        CLIHarness.run(["paginate", "--text", "lang: de\n" + text, "--width", "150", "--height", "300", "--json"])
          .stdout.utf8))
    #expect(hinted["hyphenation_dictionary"] == .string("/usr/share/hyphen/hyph_de_DE.dic"))
    let overridden = try JSONValue.parse(
      Array(
        CLIHarness.run([
          "paginate", "--text", "lang: de\n" + text, "--width", "150", "--height", "300", "--json", "--lang", "en",
        ]).stdout.utf8))
    #expect(overridden["hyphenation_dictionary"] == .string("/usr/share/hyphen/hyph_en_US.dic"))
  }

  @Test("the page holding an offset, and each page's start and first words")
  func text() {
    let r = CLIHarness.run([
      "paginate", "texts/sample-chapter.txt", "--width", "342", "--height", "580", "--offset", "20000",
      "--typography", "inter",
    ])
    #expect(r.code == 0)
    #expect(
      r.stdout.contains(
        "texts/sample-chapter.txt: 49990 UTF-16 units, 61 pages of 342 × 580 pt, large (17 pt, line height 22 pt), inter typography, hyphenation on"
      ))
    #expect(r.stdout.contains("offset 20000 is on page 25 of 61"))
    #expect(r.stdout.contains("page    1 @      0  Chapter One: The Night Ferry"))
  }

  @Test("invalid UTF-8 is replaced by U+FFFD with a warning naming the byte")
  func invalidUTF8() {
    let path = TestSupport.temporaryFile([0x61, 0x62, 0xFF, 0x63, 0x64, 0x0A], suffix: ".txt")
    let r = CLIHarness.run(["paginate", path, "--width", "100", "--height", "100"])
    #expect(r.code == 0)
    #expect(r.stderr.contains("\(path): invalid UTF-8 at byte 2 (1 invalid sequence replaced by U+FFFD)"))
    #expect(r.stdout.contains("6 UTF-16 units, 1 page of 100 × 100 pt"))
  }

  @Test("bad arguments and missing files")
  func errors() {
    #expect(CLIHarness.run(["paginate", "texts/sample-chapter.txt", "--width", "0", "--height", "100"]).code == 64)
    #expect(CLIHarness.run(["paginate", "texts/sample-chapter.txt", "--height", "100"]).code == 64)
    #expect(
      CLIHarness.run([
        "paginate", "texts/sample-chapter.txt", "--width", "100", "--height", "100", "--text-size", "huge",
      ]).code == 64)
    let missing = CLIHarness.run(["paginate", "/nonexistent.txt", "--width", "100", "--height", "100"])
    #expect(missing.code == 66)
    #expect(missing.stderr.contains("/nonexistent.txt: cannot open: No such file or directory"))
  }
}
