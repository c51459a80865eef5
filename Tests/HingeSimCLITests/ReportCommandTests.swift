import EventStream
import Foundation
import Platform
import Reader
import Testing

@testable import HingeSimCLI
@testable import Simulator
@testable import Timing

/// Runs `hingesim report …` in-process with stdout and stderr captured in files.
private struct ReportCLI {
  let dir: String

  init() throws {
    dir = NSTemporaryDirectory() + "hingesim-report-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  static var root: String {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/HingeSimCLITests/ReportCommandTests.swift
    return parts.joined(separator: "/")
  }

  func path(_ name: String) -> String { dir + "/" + name }

  func write(_ name: String, _ text: String) throws -> String {
    try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    return path(name)
  }

  func read(_ name: String) throws -> String {
    try String(contentsOfFile: path(name), encoding: .utf8)
  }

  func run(_ arguments: [String]) throws -> (code: Int32, out: String, err: String) {
    let id = UUID().uuidString
    let out = try OutputFile.create(path: path("out-\(id)"))
    let err = try OutputFile.create(path: path("err-\(id)"))
    let context = CommandContext(stdout: out, stderr: err, resourceRoot: Self.root)
    var args = Arguments(arguments)
    let code: Int32
    do {
      code = try ReportCommand.run(&args, context).rawValue
    } catch {
      err.line("hingesim: \(error.message)")
      code = error.code.rawValue
    }
    out.close()
    err.close()
    return (code, try read("out-\(id)"), try read("err-\(id)"))
  }

  /// A second scenario: open, rotate, bigger text.
  func scenario() throws -> String {
    var lines = [
      "{\"t\":0,\"type\":\"orientation\",\"orientation\":\"portrait\"}",
      "{\"t\":0,\"type\":\"hinge\",\"angle\":0}",
    ]
    for i in 0...15 {
      lines.append("{\"t\":\(1000 + i * 10),\"type\":\"hinge\",\"angle\":\(i * 12)}")
    }
    lines.append("{\"t\":2000,\"type\":\"orientation\",\"orientation\":\"landscapeLeft\"}")
    lines.append("{\"t\":3000,\"type\":\"textSize\",\"size\":\"AX3\"}")
    return try write("scenario.jsonl", lines.joined(separator: "\n") + "\n")
  }
}

@Suite("hingesim report")
struct ReportCommandTests {
  @Test("with no SOURCE it reports every bundled scenario")
  func bundled() throws {
    let cli = try ReportCLI()
    let result = try cli.run([])
    #expect(result.code == 0, "\(result.err)")
    #expect(result.out.contains("overall — "))
    #expect(result.out.contains("initial — "))
    #expect(
      !ReportCommand.bundledScenarios(
        CommandContext(stdout: .stdout, stderr: .stderr, resourceRoot: ReportCLI.root)
      ).isEmpty)
  }

  @Test("--json reads back; --csv has its header")
  func formats() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let json = try cli.run([scenario, "--json"])
    #expect(json.code == 0)
    let report = try LatencyReport(json: Array(json.out.utf8))
    #expect(
      report.causes.map(\.scope.name) == ["initial", "rotation", "status closed→fullyOpen", "text size"])
    #expect(report.overall.records == 4)
    let csv = try cli.run([scenario, "--csv"])
    #expect(csv.out.hasPrefix("cause,metric,count,min_ms,p50_ms,p90_ms,p99_ms,max_ms\n"))
  }

  @Test("--jobs 2 gives the same aggregate as --jobs 1, in source order")
  func jobs() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let bundled = ReportCLI.root + "/traces/open-wide.jsonl"
    // Pagination pinned, so the reader's real compute time cannot make runs differ.
    let sources = [scenario, bundled, scenario, bundled, scenario, "--compute-ms", "20"]
    let one = try cli.run(sources + ["--jobs", "1", "--json"])
    let two = try cli.run(sources + ["--jobs", "2", "--json"])
    #expect(one.code == 0)
    #expect(two.code == 0)
    #expect(one.out == two.out)
    #expect(try LatencyReport(json: Array(one.out.utf8)).overall.records == 3 * 4 + 2 * 2)
    let table1 = try cli.run(sources + ["--jobs", "1"])
    let table2 = try cli.run(sources + ["--jobs", "2"])
    #expect(table1.out == table2.out)
    #expect(
      table1.out.hasPrefix("5 sources, 16 settle cycles (virtual time; profile iphone-duo)\n"))
  }

  @Test("--trace-out writes one process per source; --plot one SVG per source")
  func pictures() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let bundled = ReportCLI.root + "/traces/open-wide.jsonl"
    let result = try cli.run([
      scenario, bundled, "--trace-out", cli.path("t.json"), "--plot", cli.path("p.svg"),
    ])
    #expect(result.code == 0, "\(result.err)")
    let object =
      try JSONSerialization.jsonObject(with: Data(try cli.read("t.json").utf8)) as? [String: Any]
    let events = try #require(object?["traceEvents"] as? [[String: Any]])
    let processes = events.filter { $0["name"] as? String == "process_name" }.compactMap {
      $0["pid"] as? Int
    }
    #expect(processes == [1, 2])
    #expect(try cli.read("p-scenario.svg").contains("<svg"))
    #expect(try cli.read("p-open-wide.svg").contains("hingesim timeline — \(bundled)"))
  }

  @Test("--compare exits 0 without a regression and 1 with one")
  func compare() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let base = try cli.run([scenario, "--json"])
    let basePath = try cli.write("base.json", base.out)
    let same = try cli.run(["--compare", basePath, basePath])
    #expect(same.code == 0)
    #expect(same.out.contains("no regression"))

    var slower = try LatencyReport(json: Array(base.out.utf8))
    slower.overall.metrics[.causeToShown]?.p90 *= 1.5
    let slowerPath = try cli.write("slower.json", slower.json())
    let regressed = try cli.run(["--compare", basePath, slowerPath])
    #expect(regressed.code == 1)
    #expect(regressed.out.contains("REGRESSION"))
    #expect(try cli.run(["--compare", basePath, slowerPath, "--threshold", "60"]).code == 0)
    #expect(try cli.run(["--compare", slowerPath, basePath]).code == 0)  // faster is fine
    let json = try cli.run(["--compare", basePath, slowerPath, "--json"])
    #expect(json.code == 1)
    #expect(json.out.contains("\"regression\":true"))
  }

  @Test("--compare refuses bad files and bad usage")
  func compareErrors() throws {
    let cli = try ReportCLI()
    let good = try cli.write("good.json", LatencyReport(records: []).json())
    let garbage = try cli.write("garbage.json", "{\"format\": nope")
    let trace = try cli.write("trace.json", "{\"traceEvents\":[]}")
    #expect(try cli.run(["--compare", good]).code == 64)
    #expect(try cli.run(["--compare", good, good, good]).code == 64)
    #expect(try cli.run(["--compare", good, good, "--threshold", "-5"]).code == 64)
    #expect(try cli.run(["--compare", good, good, "--threshold", "ten"]).code == 64)
    #expect(try cli.run(["--compare", good, garbage]).code == 65)
    #expect(try cli.run(["--compare", trace, good]).code == 65)
    #expect(try cli.run(["--compare", good, cli.path("missing.json")]).code == 66)
  }

  /// FNV-1a 64 written out here, independently of `ContentHash`, to check the hashes a report
  /// records.
  static func fnv1a(_ bytes: some Sequence<UInt8>) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  @Test("the JSON report says what it measured; the text report's header says it too")
  func inputs() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let bundled = ReportCLI.root + "/traces/open-wide.jsonl"
    let text = try cli.write("chapter.txt", "Call me Ishmael. Some years ago — never mind how long precisely.\n")
    let options = ["--compute-ms", "20", "--settle-ms", "150", "--offset", "5", "--text", text]
    let result = try cli.run([scenario, bundled, "--json"] + options)
    #expect(result.code == 0, "\(result.err)")
    let report = try LatencyReport(json: Array(result.out.utf8))
    let inputs = try #require(report.inputs)
    #expect(inputs.computeModel == "fixed:20")
    #expect(inputs.settleWindowMs == 150)  // the override, not the profile's 200
    #expect(inputs.offset == 5)
    #expect(inputs.prepaginate == false)
    #expect(inputs.clock == .virtual)
    #expect(inputs.text.name == text)
    let chapter = try String(contentsOfFile: text, encoding: .utf8)
    #expect(inputs.text.utf16Length == (chapter as NSString).length)
    #expect(inputs.text.hash == Self.fnv1a(Array(chapter.utf8)))
    #expect(inputs.profile.name == "iphone-duo")
    // Bundled files are named from the repository, so two checkouts agree.
    #expect(inputs.sources.map(\.path) == [scenario, "traces/open-wide.jsonl"])
    let bytes = [scenario, bundled].map { [UInt8](FileManager.default.contents(atPath: $0)!) }
    #expect(inputs.sources.map(\.hash) == bytes.map { Self.fnv1a($0) })
    #expect(report.producer?.version == HingeSimCLI.version)
    #expect((report.producer?.cores ?? 0) >= 1)
    #expect(report.producer?.operatingSystem.hasPrefix("Linux") == true)

    let table = try cli.run([scenario, bundled] + options)
    #expect(table.code == 0)
    let lines = table.out.split(separator: "\n", omittingEmptySubsequences: false).prefix(4).map(String.init)
    #expect(
      lines == [
        "2 sources, 6 settle cycles (virtual time; profile iphone-duo)",
        "compute model: fixed:20 (fixed: 20 ms per layout)",
        "text: \(text), \((chapter as NSString).length) UTF-16 units, from offset 5",
        "settle window: 150 ms (--settle-ms)",
      ])
    #expect(table.out.hasSuffix("reader rules: no violation in 2 sources\n"))
  }

  @Test("--compare refuses reports of different inputs (exit 65, each difference listed) unless allowed")
  func compareDifferentInputs() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let bundled = ReportCLI.root + "/traces/open-wide.jsonl"
    let base = try cli.write(
      "base.json", try cli.run([scenario, bundled, "--json", "--compute-ms", "5"]).out)
    let new = try cli.write("new.json", try cli.run([scenario, "--json", "--compute-ms", "20"]).out)
    let refused = try cli.run(["--compare", base, new])
    #expect(refused.code == 65)
    #expect(refused.out.isEmpty)  // no table of figures that do not compare
    #expect(refused.err.hasPrefix("hingesim: \(base) and \(new) measured different inputs"))
    #expect(refused.err.contains("\n  sources: base has 2, new has 1\n"))
    #expect(refused.err.contains("\n  sources only in base: traces/open-wide.jsonl\n"))
    #expect(refused.err.contains("\n  compute model: base fixed:5, new fixed:20\n"))
    #expect(refused.err.contains("--allow-different-inputs"))

    let allowed = try cli.run(["--compare", base, new, "--allow-different-inputs"])
    #expect(allowed.code == 0 || allowed.code == 1)  // a comparison, whatever its verdict
    #expect(allowed.out.hasPrefix("note: inputs differ: sources: base has 2, new has 1\n"))
    #expect(allowed.out.contains("note: inputs differ: compute model: base fixed:5, new fixed:20\n"))
    #expect(allowed.out.contains("scope "))
  }

  @Test("--compare of two runs of the same inputs compares, whatever the paths")
  func compareSameInputs() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let copy = try cli.write("copy.jsonl", try cli.read("scenario.jsonl"))
    let base = try cli.write("base.json", try cli.run([scenario, "--json", "--compute-ms", "5"]).out)
    let new = try cli.write("new.json", try cli.run([copy, "--json", "--compute-ms", "5"]).out)
    let result = try cli.run(["--compare", base, new])
    #expect(result.code == 0, "\(result.err)")
    #expect(result.out.hasPrefix("note: source paths differ, contents are the same"))
    #expect(result.out.hasSuffix("no regression (threshold 10 % and 1 ms)\n"))
  }

  @Test("--compare refuses a report that does not say what it measured, unless allowed")
  func compareOldReport() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let current = try cli.run([scenario, "--json", "--compute-ms", "5"]).out
    let base = try cli.write("base.json", current)
    // What hingesim wrote before reports carried their inputs: format 1, figures only.
    let figures = try LatencyReport(json: Array(current.utf8))
    let old = try cli.write(
      "old.json",
      LatencyReport(causes: figures.causes, overall: figures.overall).json()
        .replacingOccurrences(of: #""version":2"#, with: #""version":1"#))
    let refused = try cli.run(["--compare", old, base])
    #expect(refused.code == 65)
    #expect(refused.err.hasPrefix("hingesim: \(old) does not say what it measured"))
    #expect(refused.err.contains("regenerate"))
    let allowed = try cli.run(["--compare", old, base, "--allow-different-inputs"])
    #expect(allowed.code == 0)
    #expect(allowed.out.hasPrefix("note: inputs unknown: \(old) does not say what it measured\n"))
  }

  @Test("--compare names the file and the JSON path of a bad or missing field")
  func compareBadField() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    let good = try cli.run([scenario, "--json", "--compute-ms", "5"]).out
    let goodPath = try cli.write("good.json", good)
    // causes[2] is "status closed→fullyOpen" (sorted), with a size change, so lastSizeToShown.
    let object = try #require(try JSONSerialization.jsonObject(with: Data(good.utf8)) as? [String: Any])
    let causes = try #require(object["causes"] as? [[String: Any]])
    #expect(causes[2]["cause"] as? String == "status closed→fullyOpen")
    let p90 = try #require(
      ((causes[2]["metrics"] as? [String: Any])?["lastSizeToShown"] as? [String: Any])?["p90"] as? Double)
    let needle =
      #""cause":"status closed→fullyOpen","records":1,"superseded":0,"interrupted":0,"metrics":{"lastSizeToShown":{"count":1,"min":\#(NumberFormat.shortest(p90)),"p50":\#(NumberFormat.shortest(p90)),"p90":\#(NumberFormat.shortest(p90))"#
    #expect(good.contains(needle))
    let bad = try cli.write(
      "base.json",
      good.replacingOccurrences(of: needle, with: needle.dropLast(NumberFormat.shortest(p90).count) + #""x""#))
    let result = try cli.run(["--compare", bad, goodPath])
    #expect(result.code == 65)
    #expect(
      result.err == "hingesim: \(bad): causes[2].metrics.lastSizeToShown.p90: expected a number, found \"x\"\n")
    let missing = try cli.write(
      "missing.json", good.replacingOccurrences(of: #""computeModel":"fixed:5","#, with: ""))
    let second = try cli.run(["--compare", goodPath, missing])
    #expect(second.code == 65)
    #expect(second.err == "hingesim: \(missing): inputs.computeModel: missing, expected a string\n")
  }

  @Test("superseded cycles are counted per cause and left out of every latency")
  func superseded() throws {
    let cli = try ReportCLI()
    let trace = ReportCLI.root + "/traces/default.hinge"
    // 2 s per layout: the reader is still busy when the next settle comes.
    let stream = CLIHarness.run(["run", trace, "--compute-ms", "2000", "--json"])
    #expect(stream.code == 0)
    let timing = stream.stdout.split(separator: "\n").filter { $0.contains(#""type":"timing""#) }
    let supersededInStream = timing.filter { $0.contains(#""cache":"superseded""#) }.count
    #expect(supersededInStream >= 1)
    let result = try cli.run([trace, "--compute-ms", "2000", "--json"])
    #expect(result.code == 0, "\(result.err)")
    let report = try LatencyReport(json: Array(result.out.utf8))
    #expect(report.overall.records == timing.count)
    #expect(report.overall.superseded == supersededInStream)
    for metric in [LatencyReport.Metric.causeToShown, .settleWait, .pagination] {
      #expect(report.overall.metrics[metric]?.count == timing.count - supersededInStream, "\(metric)")
    }
    #expect(report.causes.reduce(0) { $0 + $1.superseded } == supersededInStream)
  }

  @Test("report exits 1 and names the source that broke a reader rule, as check does")
  func violations() throws {
    let cli = try ReportCLI()
    // A 555.5-pt open-wide reader with AX5 "W"s: the spread's lines run into the fold (see
    // CheckFailsTests). Closed sideways, nothing folds.
    let profile = try CheckFailsTests.narrowProfile()
    let closed = ReportCLI.root + "/traces/closed-sideways.hinge"
    let open = CheckFailsTests.openWideAX5
    let arguments = [closed, open, "--profile", profile, "--compute-ms", "5", "--text", CheckFailsTests.wideGlyphs]
    // `check`, the model, fails the open one only.
    let check = CLIHarness.run(["check"] + arguments)
    #expect(check.code == 1)
    #expect(check.stdout.contains("FAIL  \(open): 1 violation"))
    #expect(check.stdout.contains("ok    \(closed)"))

    let text = try cli.run(arguments)
    #expect(text.code == 1)
    #expect(text.out.contains("reader rules: 1 of 2 sources broke a rule\nFAIL  \(open): 1 violation\n"))
    #expect(text.out.contains("        fold-clear ×1, first at "))
    #expect(!text.out.contains("FAIL  traces/closed-sideways.hinge"))
    #expect(text.out.contains("overall — "))  // the figures are still reported

    let json = try cli.run(arguments + ["--json"])
    #expect(json.code == 1)
    #expect(json.err.contains("hingesim: 1 of 2 sources broke a reader rule: \(open)\n"))
    let report = try LatencyReport(json: Array(json.out.utf8))
    #expect(report.violations.map(\.source) == [open])
    #expect(report.violations.map(\.rule) == ["fold-clear"])
    #expect(report.violations.map(\.count) == [1])
  }

  @Test("usage and input errors map to 64, 65 and 66")
  func errors() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    #expect(try cli.run([scenario, "--json", "--csv"]).code == 64)
    #expect(try cli.run([scenario, "--jobs", "0"]).code == 64)
    #expect(try cli.run([scenario, "--threshold", "5"]).code == 64)
    #expect(try cli.run([scenario, "--allow-different-inputs"]).code == 64)
    #expect(try cli.run([scenario, "--bogus"]).code == 64)
    #expect(try cli.run([cli.path("nope.jsonl")]).code == 66)
    #expect(try cli.run([scenario, "--text", cli.path("nope.txt")]).code == 66)
    let bad = try cli.write("bad.jsonl", "{\"t\":0,\"type\":\"hinge\",\"angle\":\"wide\"}\n")
    let result = try cli.run([scenario, bad, "--jobs", "2"])
    #expect(result.code == 65)
    #expect(result.err.contains("bad.jsonl"))
  }

  @Test("the run pipeline is simulator, reader, timing")
  func pipeline() throws {
    let profile = try Profile.load("iphone-duo", root: ReportCLI.root)
    var options = SourceOptions()
    options.settleMs = 150
    let document = try ReaderDocument(text: "A short text.\n", profile: profile)
    let pipeline = RunPipeline.build(.full, profile: profile, input: .text(document), options: RunOptions(options))
      .pipeline
    #expect(pipeline.stages.last is TimingStateMachine)
    #expect(pipeline.stages.dropLast().last is ReaderStateMachine)
    #expect(pipeline.measuresReader)
    #expect(
      (pipeline.stages.first { $0 is SettleStateMachine } as? SettleStateMachine)?.windowMs == 150)
  }
}
