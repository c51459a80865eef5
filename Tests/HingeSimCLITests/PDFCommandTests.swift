import Inputs
import TestSupport
import Testing

@testable import EventStream
@testable import HingeSimCLI

/// `--pdf` on the commands: the bundled 10-page PDF through the default tour, its page count
/// and sizes, and the exit codes of bad PDFs.
@Suite("PDF commands")
struct PDFCommandTests {
  static let sample = packageRoot + "/texts/pdf-sample.pdf"

  static func events(_ arguments: [String]) throws -> [JSONValue] {
    let r = CLIHarness.run(arguments)
    #expect(r.code == 0, "\(r.stderr)")
    return try r.stdout.split(separator: "\n").map { try JSONValue.parse(Array($0.utf8)) }
  }

  @Test("the default tour: the page index is on screen after every change, spreads centred on the fold")
  func defaultTour() throws {
    let all = try Self.events(["run", "--pdf", Self.sample, "--json", "--compute-ms", "5"])
    var fold: (centre: Double, active: Bool)?
    var spreads = 0
    var shownCount = 0
    for event in all {
      switch event["type"]?.text {
      case "regions":
        fold = event["division"]?["x"]?.double.map { x in
          (x + (event["division"]?["width"]?.double ?? 0) / 2, event["division"]?["isActive"] == .bool(true))
        }
      case "shown":
        shownCount += 1
        let place = try #require(event["offset"]?.double)
        let pages = try #require(event["pages"]?.list).compactMap(\.double)
        #expect(pages.contains(place), "place \(place) not in \(pages)")
        #expect(event["pageCount"]?.double == 10)
        guard event["layout"]?.text == "spread", let fold else { continue }
        spreads += 1
        let frames = try #require(event["frames"]?.list)
        let leftMaxX = try #require(frames[0]["x"]?.double) + (try #require(frames[0]["width"]?.double))
        let rightX = try #require(frames[1]["x"]?.double)
        #expect(abs((leftMaxX + rightX) / 2 - fold.centre) <= 0.5)
        if !fold.active { #expect(abs(leftMaxX - fold.centre) < 1e-9) }  // they meet at the centre
      case "violation": Issue.record("violation: \(event)")
      default: break
      }
    }
    #expect(spreads >= 4)
    #expect(shownCount >= 7)
  }

  @Test("report --pdf: one record per settle (6 in the default tour), the PDF named as the text and hashed")
  func report() throws {
    let r = CLIHarness.run([
      "report", packageRoot + "/traces/default.hinge", "--pdf", Self.sample, "--compute-ms", "5", "--json",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let report = try JSONValue.parse(Array(r.stdout.utf8))
    #expect(report["inputs"]?["text"]?["name"]?.text?.hasSuffix("texts/pdf-sample.pdf") == true)
    #expect(report["inputs"]?["text"]?["utf16Length"]?.double == 0)
    // initial, the opening, the rotation, two text sizes, the closing: six settles
    #expect(report["overall"]?["records"]?.double == 6)
  }

  @Test("paginate --pdf: 10 pages, page 5 landscape, page 8 US Letter (the generator's sizes)")
  func paginate() {
    let r = CLIHarness.run(["paginate", "--pdf", Self.sample])
    #expect(r.code == 0)
    #expect(r.stdout.contains(": 10 pages"))
    #expect(r.stdout.contains("page 5: 595.28 × 419.53 pt, landscape"))
    #expect(r.stdout.contains("page 8: 612 × 792 pt, portrait"))
  }

  @Test("simulate | read --pdf equals run --pdf --json on every bundled trace")
  func readEqualsRun() {
    for trace in AllProfilesCheckTests.traces {
      let path = packageRoot + "/traces/" + trace
      let simulated = CLIHarness.run(["simulate", path])
      let stream = TestSupport.temporaryFile(simulated.stdout)
      let read = CLIHarness.run(["read", stream, "--pdf", Self.sample, "--compute-ms", "5"])
      let run = CLIHarness.run(["run", path, "--pdf", Self.sample, "--json", "--compute-ms", "5"])
      #expect(read.stdout == run.stdout, "\(trace)")
    }
  }

  @Test("bad PDFs: missing 66; not a PDF, truncated, encrypted, zero pages 65, naming the file")
  func badInput() throws {
    let missing = CLIHarness.run(["run", "--pdf", "/nonexistent/x.pdf"])
    #expect(missing.code == 66)
    let truncated = Array(try FileBytes.read(path: Self.sample).prefix(3000))
    let zero =
      "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
    let cases: [(path: String, says: String)] = [
      (TestSupport.temporaryFile("plain text\n", suffix: ".pdf"), "expected a PDF, found a file poppler cannot open"),
      (TestSupport.temporaryFile(truncated, suffix: ".pdf"), "expected a PDF, found a file poppler cannot open"),
      (
        packageRoot + "/Tests/ReaderTests/Fixtures/encrypted.pdf", "expected an unencrypted PDF, found an encrypted one"
      ),
      (TestSupport.temporaryFile(zero, suffix: ".pdf"), "expected a PDF with at least one page, found none"),
    ]
    for (path, says) in cases {
      for command in [["run"], ["check", packageRoot + "/traces/default.hinge"], ["paginate"]] {
        let r = CLIHarness.run(command + ["--pdf", path])
        #expect(r.code == 65, "\(command) \(path)")
        #expect(r.stderr.contains(path + ": " + says), "\(r.stderr)")
      }
    }
  }

  /// A knob recording drives a PDF as it drives a text: the PowerMate's sweep opens the phone
  /// (a spread of pages 1–2) and closes it sideways again (one page), no rule broken — the same
  /// reader stream as `run --pdf` of that recording.
  @Test("knob --replay --pdf shows the PDF's pages as run --pdf does")
  func knobDrivesAPDF() {
    let recording = packageRoot + "/traces/knob-powermate.evemu"
    let knob = CLIHarness.run(["knob", "--replay", recording, "--pdf", Self.sample, "--speed", "100", "--json"])
    #expect(knob.code == 0, "\(knob.stderr)")
    let run = CLIHarness.run(["run", recording, "--pdf", Self.sample, "--json"])
    func shown(_ out: String) -> [Substring] {
      out.split(separator: "\n").filter { $0.contains(#""type":"shown""#) }.map {
        $0.drop(while: { $0 != "," })  // the layout, not the time (the knob's run is real time)
      }
    }
    #expect(!shown(knob.stdout).isEmpty)
    #expect(shown(knob.stdout) == shown(run.stdout))
    #expect(knob.stdout.contains(#""layout":"spread""#))
    #expect(!knob.stdout.contains(#""type":"violation""#))
  }

  @Test("--pdf with --text, --prepaginate, the demo page (--web) or an app log is a usage error (64)")
  func usage() {
    for arguments in [
      ["run", "--pdf", Self.sample, "--text", "x.txt"], ["run", "--pdf", Self.sample, "--prepaginate"],
      ["run", "--pdf", Self.sample, "--web"], ["knob", "--pdf", Self.sample, "--replay", "x", "--web"],
      ["run", "--pdf", Self.sample, "--emit-app-log", "/tmp/x.jsonl"],
      ["check", packageRoot + "/traces/default.hinge", "--pdf", Self.sample, "--app", "x.jsonl"],
      ["report", packageRoot + "/traces/default.hinge", "--pdf", Self.sample, "--app", "x.jsonl"],
    ] {
      #expect(CLIHarness.run(arguments).code == 64, "\(arguments)")
    }
  }
}

extension JSONValue {
  fileprivate var text: String? { if case .string(let s) = self { s } else { nil } }
  fileprivate var double: Double? { if case .number(let n) = self { n } else { nil } }
  fileprivate var list: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
}
