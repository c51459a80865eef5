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

  @Test("usage and input errors map to 64, 65 and 66")
  func errors() throws {
    let cli = try ReportCLI()
    let scenario = try cli.scenario()
    #expect(try cli.run([scenario, "--json", "--csv"]).code == 64)
    #expect(try cli.run([scenario, "--jobs", "0"]).code == 64)
    #expect(try cli.run([scenario, "--threshold", "5"]).code == 64)
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
    let pipeline = RunPipeline.full(profile: profile, document: document, options: RunOptions(options))
    #expect(pipeline.stages.last is TimingStateMachine)
    #expect(pipeline.stages.dropLast().last is ReaderStateMachine)
    #expect(pipeline.measuresReader)
    #expect(
      (pipeline.stages.first { $0 is SettleStateMachine } as? SettleStateMachine)?.windowMs == 150)
  }
}
