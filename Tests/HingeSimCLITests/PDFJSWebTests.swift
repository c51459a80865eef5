import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `web --reader pdfjs`: what is refused before anything starts (no browser needed), and one
/// short run of Mozilla's PDF.js in Chromium whose log is checked against what poppler and the
/// profile say, not against the page.
struct PDFJSWebTests {
  static let pdf = "texts/pdf-sample.pdf"
  /// Chromium and PDF.js are installed (the runs below need both).
  static let canRun = PathLookup.find("chromium") != nil && POSIX.isReadable("/usr/share/javascript/pdf/build/pdf.js")
  static let needs: Comment = "needs Debian's chromium and libjs-pdf (bin/test installs them)"

  static func read(_ path: String) -> String? {
    WholeFile.read(path, limit: 1 << 24).map { String(decoding: $0, as: UTF8.self) }
  }

  /// docs/pdfjs.md shows the adapter as it is, and it stays within "30 lines".
  @Test func theDocsShowTheAdapterVerbatim() throws {
    let adapter = try #require(Self.read(TestSupport.packageRoot + "/web/pdfjs/adapter.js"))
    let docs = try #require(Self.read(TestSupport.packageRoot + "/docs/pdfjs.md"))
    #expect(docs.contains("```js\n" + adapter + "```"))
    #expect(adapter.split(separator: "\n").filter { !$0.hasPrefix("//") }.count <= 30)
  }

  @Test func badCommandLinesAreRefusedBeforeAnythingStarts() {
    let cases: [([String], Int32, String)] = [
      (["web", "--reader", "okular", "--pdf", Self.pdf], 64, "--reader: expected pdfjs"),
      (["web", "--reader", "pdfjs"], 64, "needs --pdf FILE"),
      (
        ["web", "--reader", "pdfjs", "--pdf", Self.pdf, "--spread", "both"], 64, "--spread: expected none, odd or even"
      ),
      (["web", "--reader", "pdfjs", "--pdf", Self.pdf, "--zoom", "5%"], 64, "--zoom: expected"),
      (["web", "--reader", "pdfjs", "--pdf", "texts/none.pdf"], 66, "texts/none.pdf"),
      (["web", "--reader", "pdfjs", "--pdf", "texts/sample-chapter.txt"], 65, "expected a PDF"),
      (["web", "--reader", "pdfjs", "--pdf", Self.pdf, "--pdfjs", "/nonexistent"], 69, "install Debian's libjs-pdf"),
      (["web", "--reader", "pdfjs", "--pdf", Self.pdf, "--clock", "wall"], 64, "--clock: expected stream or real"),
      (["web", "--reader", "pdfjs", "--pdf", Self.pdf, "--speed", "2"], 64, "--realtime and --speed do not apply"),
    ]
    for (arguments, code, message) in cases {
      let result = CLIHarness.run(arguments)
      #expect(result.code == code, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
    }
  }

  /// Closed, portrait, odd spreads at page fit, on the stream clock (the default): PDF.js shows
  /// pages 1–2 side by side in the closed frame the profile gives (382×620) and the log says so;
  /// the PDF has 10 pages (poppler). Its spread is centred in its scroll area, not on the reader's middle: the verdict
  /// names `pdf-spread-centred`, and nothing else.
  @Test(.enabled(if: Self.canRun, Self.needs))
  func pdfjsOpensTheDocumentAndItsLogIsHeldToThePDFRules() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-pdfjs-test"))
    defer { Directory.removeTree(directory) }
    let script = directory + "/closed.hinge"
    #expect(WholeFile.replace(script, with: Array("start closed portrait\nwait 700ms\n".utf8)))
    let log = directory + "/app.jsonl"
    let result = CLIHarness.run([
      "web", "--reader", "pdfjs", "--pdf", Self.pdf, script, "--spread", "odd", "--zoom", "page-fit",
      "--app-log", log, "--quiet-ms", "500",
    ])
    let lines = (Self.read(log) ?? "").split(separator: "\n").compactMap {
      try? JSONValue.parse(Array($0.utf8))
    }
    #expect(lines.first?["type"] == .string("sync"))
    #expect(lines.first?["textLength"] == .number(10))
    // The stream clock is the default: the verdict below may not depend on the host's load.
    #expect(lines.first?["clock"] == .string("stream"))
    let frames = lines.filter { $0["type"] == .string("frame") }
    #expect(frames.last?["width"] == .number(382) && frames.last?["height"] == .number(620), "\(frames)")
    let shown = lines.filter { $0["type"] == .string("shown") }
    #expect(shown.last?["pages"] == .array([.number(0), .number(1)]), "\(shown)")
    #expect(shown.last?["layout"] == .string("spread"))
    #expect(result.code == 1, "\(result.stderr)\n\(result.stdout)")
    #expect(result.stdout.contains("FAIL  PDF.js on"), "\(result.stdout)")
    let rules = Set(
      result.stdout.split(separator: "\n").compactMap { line in
        line.split(separator: " ").first { $0.hasPrefix("pdf-") }.map { String($0.dropLast()) }
      })
    #expect(rules == ["pdf-spread-centred"], "\(result.stdout)")
    #expect(result.stderr.contains("app log \(log)"))
  }

  /// The stream clock makes PDF.js's verdict the stream's: two runs of the default tour's first
  /// 3.2 s (closed, book, open wide with two page turns) name the same violations at the same
  /// settles. At `auto` zoom PDF.js shows one page 699 pt wide in the 867-pt open-wide view, so
  /// whatever its offset it crosses the active fold at x 455.5, at the settle (page 1) and after
  /// each turn (pages 2 and 3, at the turns' own times, 2300 and 2900 ms).
  @Test(.enabled(if: Self.canRun, Self.needs))
  func theStreamClockGivesTheSameVerdictAtTheStreamsTimes() {
    let arguments = [
      "web", "--reader", "pdfjs", "--pdf", Self.pdf, TestSupport.packageRoot + "/traces/default.hinge", "--to", "3200",
      "--quiet-ms", "300",
    ]
    let verdicts = (0..<2).map { _ in
      let result = CLIHarness.run(arguments)
      // "line 26  1220 ms  pdf-fold-clear: page 1 at x …": the settle, the rule and the page.
      let findings = result.stdout.split(separator: "\n").filter { $0.contains(" pdf-") }.map { line in
        line.split(separator: " ").dropFirst(2).prefix(6).joined(separator: " ")
      }
      return (result.code, findings)
    }
    let expected = [
      "1220 ms pdf-fold-clear: page 1 at", "2300 ms pdf-fold-clear: page 2 at", "2900 ms pdf-fold-clear: page 3 at",
    ]
    for (code, findings) in verdicts {
      #expect(code == 1)
      #expect(findings == expected, "\(findings)")
    }
  }

  /// Each screenshot is of the state its `shown` describes: the turn at 2300 ms shows page 2 and
  /// the one at 2900 ms page 3, so their two screenshots differ (taken after the next turn had
  /// reached the page, both would show page 3).
  @Test(.enabled(if: Self.canRun, Self.needs))
  func eachScreenshotIsOfTheStateItsShownDescribes() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-pdfjs-shots"))
    defer { Directory.removeTree(directory) }
    let result = CLIHarness.run([
      "web", "--reader", "pdfjs", "--pdf", Self.pdf, TestSupport.packageRoot + "/traces/default.hinge", "--to", "3200",
      "--quiet-ms", "300", "--screenshots", directory + "/shots",
    ])
    #expect(result.code == 1, "\(result.stderr)")
    let names = Directory.files(in: directory + "/shots")
    let afterTurn = try #require(names.first { $0.hasSuffix("-2300ms.png") }, "\(names)")
    let afterNextTurn = try #require(names.first { $0.hasSuffix("-2900ms.png") }, "\(names)")
    let first = try #require(WholeFile.read(directory + "/shots/" + afterTurn, limit: 1 << 24))
    let second = try #require(WholeFile.read(directory + "/shots/" + afterNextTurn, limit: 1 << 24))
    #expect(first != second)
  }
}
