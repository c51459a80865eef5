import TestSupport
import Testing

@testable import EventStream

/// `--typography calibrated|inter` reaches the layout on every command that lays out text.
@Suite("--typography")
struct TypographyOptionTests {
  /// A public UIKit test asserts "This is a test string" 144.09326171875 pt wide in
  /// `UIFont.systemFont(ofSize: 17)`; research measured it 152.30 pt in Inter 17 with Pango.
  @Test("calibrated sets a line at SF Pro's width, inter at Inter's")
  func widths() throws {
    func width(_ typography: String) -> Double? {
      let r = CLIHarness.run([
        "paginate", "--text", "This is a test string", "--width", "1000", "--height", "100", "--lines",
        "--typography", typography,
      ])
      #expect(r.code == 0, "\(r.stderr)")
      let line = r.stdout.split(separator: "\n").last { $0.contains("This is a test string") }
      return line.flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst(2).first }
        .flatMap { Double($0) }
    }
    let sf = try #require(width("calibrated"))
    let inter = try #require(width("inter"))
    #expect(abs(sf - 144.09326171875) < 0.1, "\(sf)")
    #expect(abs(inter - 152.30) < 0.1, "\(inter)")
  }

  /// The page count of the closed page (342 × 580) as `paginate` gives it.
  static func closedPages(_ typography: String) throws -> Double {
    let r = CLIHarness.run([
      "paginate", "texts/sample-chapter.txt", "--width", "342", "--height", "580", "--json",
      "--typography", typography,
    ])
    guard case .number(let n)? = try JSONValue.parse(Array(r.stdout.utf8))["pages"] else { return .nan }
    return n
  }

  /// The page count of the first `shown` event a command writes (the closed phone).
  static func firstShownPageCount(_ stdout: String) -> Double? {
    for line in stdout.split(separator: "\n") where line.contains(#""type":"shown""#) {
      if case .number(let n)? = (try? JSONValue.parse(Array(line.utf8)))?["pageCount"] { return n }
    }
    return nil
  }

  @Test("run, read and report lay the text out with the typography asked for")
  func wiring() throws {
    let calibrated = try Self.closedPages("calibrated")
    let inter = try Self.closedPages("inter")
    #expect(calibrated < inter)  // SF Pro is narrower than Inter
    for (typography, pages) in [("calibrated", calibrated), ("inter", inter)] {
      let run = CLIHarness.run([
        "run", "traces/default.hinge", "--compute-ms", "1", "--json", "--typography", typography,
      ])
      #expect(Self.firstShownPageCount(run.stdout) == pages, "run --typography \(typography)")
      let stream = CLIHarness.run(["simulate", "traces/default.hinge"]).stdout
      let path = TestSupport.temporaryFile(stream)
      let read = CLIHarness.run(["read", path, "--compute-ms", "1", "--typography", typography])
      #expect(Self.firstShownPageCount(read.stdout) == pages, "read --typography \(typography)")
      let check = CLIHarness.run(["check", "traces/default.hinge", "--compute-ms", "1", "--typography", typography])
      #expect(check.code == 0, "\(check.stdout)\(check.stderr)")
    }
  }

  @Test("a report hashes a typography other than the default into its profile")
  func reportHash() {
    func profileField(_ extra: [String]) -> String? {
      let r = CLIHarness.run(["report", "traces/fold-book.csv", "--compute-ms", "1", "--json"] + extra)
      guard let start = r.stdout.range(of: #""profile":{"#) else { return nil }
      return String(r.stdout[start.lowerBound...].prefix { $0 != "}" })
    }
    let plain = profileField([])
    #expect(plain != nil)
    let calibrated = profileField(["--typography", "calibrated"])
    let inter = profileField(["--typography", "inter"])
    #expect(calibrated != inter)
    #expect(calibrated == plain || inter == plain)  // one of them is the default
  }

  @Test("a bad calibration is bad data at its file, line and column")
  func badCalibration() throws {
    let bundled = String(
      decoding: try FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json"), as: UTF8.self)
    #expect(bundled.contains(#""advanceScale": 0.946,"#))
    let path = TestSupport.temporaryFile(
      bundled.replacingOccurrences(of: #""advanceScale": 0.946,"#, with: #""advanceScale": 0,"#), suffix: ".json")
    let before = try #require(bundled.range(of: #""advanceScale": 0.946,"#)).lowerBound
    let line = bundled[..<before].count { $0 == "\n" } + 1
    let column = bundled[..<before].reversed().prefix { $0 != "\n" }.count + 1
    let check = CLIHarness.run(["profiles", "--check", path])
    #expect(check.code == 65)
    #expect(
      check.stderr.contains(
        "\(path):\(line):\(column): typography.calibration.advanceScale: expected a positive number, found 0"),
      "\(check.stderr)")
    let run = CLIHarness.run(["run", "--profile", path])
    #expect(run.code == 65)
  }

  @Test("an unknown typography is a usage error on every command that takes it")
  func usage() {
    for command in [["run"], ["check", "traces/default.hinge"], ["report"], ["read"], ["knob"]] {
      #expect(CLIHarness.run(command + ["--typography", "sf"]).code == 64, "\(command)")
    }
    #expect(
      CLIHarness.run(["paginate", "--text", "x", "--width", "9", "--height", "9", "--typography", "sf"]).code == 64)
  }
}
