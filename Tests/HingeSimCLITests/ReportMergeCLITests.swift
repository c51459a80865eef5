import Foundation
import HingeSimCLI
import Platform
import TestSupport
import Testing

/// `hingesim report --merge`: shards' JSON reports merged into the report one run over all
/// their sources writes, byte for byte.
@Suite("hingesim report --merge")
struct ReportMergeCLITests {
  /// Every bundled source (`traces/`), sorted, as the report names them.
  static let bundled: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.packageRoot + "/traces")) ?? []
    let extensions = [".jsonl", ".csv", ".hinge", ".evemu", ".yml"]
    return names.filter { name in extensions.contains { name.hasSuffix($0) } }.sorted().map { "traces/" + $0 }
  }()

  /// A deterministic cost model: the figures do not depend on the machine or the load.
  static let options = ["--compute-model", "device"]

  static func write(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "hingesim-merge-\(UUID().uuidString).json"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The shard reports of `groups` (each a list of sources), as files.
  static func shards(_ groups: [[String]]) throws -> [String] {
    try groups.map { group in
      let result = CLIHarness.run(["report", "--json", "--jobs", "2"] + options + group)
      #expect(result.code == 0 || result.code == 1, "\(result.stderr)")
      return try write(result.stdout)
    }
  }

  @Test("every bundled source, split in shards three ways: the merge is one report's output, byte for byte")
  func bundledShards() throws {
    let sources = Self.bundled
    try #require(sources.count >= 10)
    let single = CLIHarness.run(["report", "--json"] + Self.options + sources)
    #expect(single.code == 0 || single.code == 1, "\(single.stderr)")
    #expect(single.stdout.contains("\"records\":[{\"cause\""))

    let singletons = try Self.shards(sources.map { [$0] })
    let half = sources.count / 2
    let halves = try Self.shards([Array(sources[..<half]), Array(sources[half...])])
    // Uneven shards made from the singletons' sources: one of 1, one of 3, one of the rest.
    let uneven = try Self.shards([[sources[0]], Array(sources[1...3]), Array(sources[4...])])
    for shardFiles in [singletons, halves, uneven] {
      let merged = CLIHarness.run(["report", "--merge", "--json"] + shardFiles)
      #expect(merged.code == single.code, "\(merged.stderr)")
      #expect(merged.stdout == single.stdout)
      #expect(merged.stderr == single.stderr)
    }
    for format in [["--csv"], []] {
      let whole = CLIHarness.run(["report"] + format + Self.options + sources)
      let merged = CLIHarness.run(["report", "--merge"] + format + halves)
      #expect(!whole.stdout.isEmpty)
      #expect(merged.stdout == whole.stdout, "format \(format)")
      #expect(merged.code == whole.code)
    }
  }

  @Test("--settle-ms, --lenient and a reader rule broken carry through the merge: header, stderr and exit 1")
  func runFacts() throws {
    let bad = try Self.write(
      "{\"t\":0,\"type\":\"hinge\",\"angle\":10}\nnot json\n{\"t\":500,\"type\":\"hinge\",\"angle\":90}\n")
    let options = ["--compute-ms", "3", "--settle-ms", "150", "--lenient"]
    let sources = ["traces/open-wide.hinge", bad, "traces/text-sizes.hinge"]
    let whole = CLIHarness.run(["report"] + options + sources)
    #expect(whole.stdout.contains("settle window: 150 ms (--settle-ms)"))
    #expect(whole.stderr.contains("skipped 1 bad line"))
    let shards = try [[sources[0], sources[1]], [sources[2]]].map { group in
      try Self.write(CLIHarness.run(["report", "--json"] + options + group).stdout)
    }
    let merged = CLIHarness.run(["report", "--merge"] + shards)
    #expect(merged.stdout == whole.stdout)
    // The warning about the line itself came from the shard's run; the count comes again.
    #expect(merged.stderr.contains("hingesim: skipped 1 bad line(s) (--lenient)"))
    #expect(merged.code == whole.code)
  }

  @Test("shards that do not make one report are refused with exit 65, naming why; usage errors are 64")
  func refusals() throws {
    let a = try Self.write(CLIHarness.run(["report", "--json", "--compute-ms", "3", "traces/open-wide.hinge"]).stdout)
    let b = try Self.write(
      CLIHarness.run(["report", "--json", "--compute-ms", "3", "--settle-ms", "120", "traces/text-sizes.hinge"]).stdout)
    let different = CLIHarness.run(["report", "--merge", a, b])
    #expect(different.code == 65)
    #expect(different.stderr.contains("settle window: base 200 ms, new 120 ms"), "\(different.stderr)")
    #expect(different.stdout.isEmpty)

    let twice = CLIHarness.run(["report", "--merge", a, a])
    #expect(twice.code == 65)
    #expect(twice.stderr.contains("traces/open-wide.hinge is in both"))

    var text = try String(contentsOfFile: a, encoding: .utf8)
    text = String(text[..<text.range(of: ",\"run\":")!.lowerBound]) + "}\n"
    let old = try Self.write(text)
    let withoutRecords = CLIHarness.run(["report", "--merge", old])
    #expect(withoutRecords.code == 65)
    #expect(withoutRecords.stderr.contains("no records to merge"))

    #expect(CLIHarness.run(["report", "--merge"]).code == 64)
    #expect(CLIHarness.run(["report", "--merge", "--json", "--csv", a]).code == 64)
    #expect(CLIHarness.run(["report", "--merge", a, "/nonexistent/shard.json"]).code == 66)
    let notJSON = try Self.write("{")
    let broken = CLIHarness.run(["report", "--merge", notJSON])
    #expect(broken.code == 65)
    #expect(broken.stderr.contains(notJSON))
  }
}
