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

  static let generator = TestSupport.packageRoot + "/recipes/dask/make_library.py"

  @Test("1,000 generated traces on a local cluster of 2 workers: the merged report is the single one, byte for byte")
  func thousandTraces() throws {
    let python = try #require(PathLookup.find("python3"), "python3 is needed")
    let probe = Subprocess.run([python, "-c", "import dask.distributed"])
    try #require(probe?.status == 0, "pip install 'dask[distributed]'")
    let library = NSTemporaryDirectory() + "hingesim-library-\(UUID().uuidString)"
    let made = try #require(Subprocess.run([python, Self.generator, "1000", library]))
    #expect(made.status == 0)
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
