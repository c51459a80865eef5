import Foundation
import Platform
import TestSupport
import Testing

/// The Dask recipe (`recipes/dask/report_library.py`, docs/benchmarks.md, Scale): a trace
/// library reported in shards on a local cluster of 2 workers, then `report --merge`, equals one
/// `hingesim report` over the whole library. Slow (about a minute; needs python3 with
/// `dask[distributed]`): runs only with HINGESIM_SLOW=1, never in the default bin/test.
@Suite("Dask recipe (slow: HINGESIM_SLOW=1)", .enabled(if: ProcessInfo.processInfo.environment["HINGESIM_SLOW"] == "1"))
struct DaskRecipeTests {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"
  static let recipe = TestSupport.packageRoot + "/recipes/dask/report_library.py"

  /// `count` small JSONL traces with seeded variety: openings and closings at different
  /// speeds, turns, rotations, text sizes; some with a time going back (a bad trace would end
  /// the run, so none), each 20–80 lines.
  static func library(count: Int) throws -> String {
    let dir = NSTemporaryDirectory() + "hingesim-library-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir + "/a", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: true)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    for i in 0..<count {
      var t = 0
      var angle = next(2) == 0 ? 0 : 180
      var lines = [
        "{\"t\":0,\"type\":\"orientation\",\"orientation\":\"portrait\"}",
        "{\"t\":0,\"type\":\"hinge\",\"angle\":\(angle)}",
      ]
      for _ in 0..<(2 + next(5)) {
        t += 100 + next(900)
        switch next(6) {
        case 0, 1, 2:
          let target = [0, 90, 120, 180][next(4)]
          let steps = 5 + next(20)
          for s in 1...steps {
            t += 5 + next(20)
            lines.append("{\"t\":\(t),\"type\":\"hinge\",\"angle\":\(angle + (target - angle) * s / steps)}")
          }
          angle = target
        case 3:
          lines.append(
            "{\"t\":\(t),\"type\":\"orientation\",\"orientation\":\"\(["portrait", "landscapeLeft", "landscapeRight"][next(3)])\"}"
          )
        case 4:
          lines.append(
            "{\"t\":\(t),\"type\":\"textSize\",\"size\":\"\(["large", "xLarge", "AX2", "small"][next(4)])\"}")
        default:
          lines.append("{\"t\":\(t),\"type\":\"turn\",\"direction\":\"\(next(2) == 0 ? "next" : "previous")\"}")
        }
      }
      let name = String(format: "%@/trace-%04d.jsonl", i % 2 == 0 ? "a" : "b", i)
      try (lines.joined(separator: "\n") + "\n").write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
    }
    return dir
  }

  @Test("1,000 generated traces on a local cluster of 2 workers: the merged report is the single one, byte for byte")
  func thousandTraces() throws {
    let python = try #require(PathLookup.find("python3"), "python3 is needed")
    let probe = Subprocess.run([python, "-c", "import dask.distributed"])
    try #require(probe?.status == 0, "pip install 'dask[distributed]'")
    let library = try Self.library(count: 1000)
    defer { try? FileManager.default.removeItem(atPath: library) }
    let text = NSTemporaryDirectory() + "hingesim-library-text-\(UUID().uuidString).txt"
    try String(repeating: "A short text the reader pages through quickly. ", count: 80).write(
      toFile: text, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: text) }
    let options = ["--compute-model", "device", "--text", text]

    // The recipe's order: every trace under the folder, sorted by path.
    let sources = (FileManager.default.subpaths(atPath: library) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
      .map { library + "/" + $0 }
    #expect(sources.count == 1000)
    let single = try #require(Subprocess.run([Self.binary, "report", "--json", "--jobs", "2"] + options + sources))
    #expect(single.status == 0 || single.status == 1)
    let merged = try #require(
      Subprocess.run(
        [python, Self.recipe, library, "--workers", "2", "--shards", "8", "--hingesim", Self.binary, "--json", "--"]
          + options))
    #expect(merged.status == single.status)
    #expect(merged.output.count > 100_000)
    #expect(merged.output == single.output)
  }
}
