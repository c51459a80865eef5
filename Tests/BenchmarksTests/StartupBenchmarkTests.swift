import Platform
import TestSupport
import Testing
import Typesetter

@testable import Benchmarks

/// `bench startup` times the built hingesim's commands as whole processes and skips, saying
/// so, what it cannot build or find: the yardstick without a working swiftc, the novel without
/// the shared corpus.
@Suite("bench startup", .serialized)
struct StartupBenchmarkTests {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"

  /// Runs the benchmark (3 rounds, no Pango) from a resource root that has `traces/` but no
  /// `../shared`, with `swiftc` as the yardstick's compiler; its output.
  static func output(swiftc: String?) throws -> String {
    let folder = try #require(POSIX.temporaryDirectory(prefix: "hingesim-startup-test"))
    defer { _ = Directory.removeTree(folder) }
    let root = folder + "/root"
    try #require(WholeFile.makeDirectories(root + "/traces"))
    let trace = try #require(WholeFile.read(TestSupport.packageRoot + "/traces/default.hinge", limit: 1 << 20))
    try #require(WholeFile.replace(root + "/traces/default.hinge", with: trace))
    let settings = StartupBenchmark.Settings(
      runs: 3, novelRuns: 1, skipPango: true, hingesim: binary, resourceRoot: root, swiftc: swiftc,
      swiftFlags: ["-Onone"], fontPath: "",
      style: TextStyle(pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0))
    let out = OutputFile.capturing()
    try StartupBenchmark.run(settings, out: out)
    return out.capturedText
  }

  @Test("without swiftc or the shared corpus: every command timed, the yardstick and novel skipped")
  func skipsWhatItCannotMeasure() throws {
    try #require(POSIX.isRegularFile(Self.binary))
    let text = try Self.output(swiftc: nil)
    #expect(text.contains("yardstick: no swiftc on PATH, the hello-world yardstick is skipped"))
    for label in [
      "hingesim --version", "hingesim simulate (a one-line trace)",
      "hingesim paginate (a one-line text, inter, no hyphenation)", "hingesim run traces/default.hinge --compute-ms 1",
    ] {
      let row = text.split(separator: "\n").first { $0.hasPrefix("  " + label + " ") }
      #expect(row != nil, "no row for \(label)")
      // Wall and CPU medians, no ratio without the yardstick, no failed runs.
      let fields = row.map { $0.dropFirst(2 + label.count).split(separator: " ") } ?? []
      #expect(fields.count == 3 && Double(fields[0]) != nil && Double(fields[1]) != nil && fields[2] == "–")
    }
    #expect(!text.contains("runs failed"))
    #expect(text.contains("pride-and-prejudice.txt not present, the whole-process comparison is skipped"))
    #expect(text.contains("  --version ≤ 3× hello world: not measured"))
    #expect(text.contains("  run traces/default.hinge --compute-ms 1 ≤ 30 ms: "))
    #expect(text.contains("  novel's whole-process paginate ≥ 13× Pango's: not measured"))
  }

  @Test("a compiler that cannot run: the yardstick is skipped, naming the command")
  func failingCompiler() throws {
    try #require(POSIX.isRegularFile(Self.binary))
    let text = try Self.output(swiftc: "/nonexistent/swiftc")
    #expect(text.contains("yardstick: /nonexistent/swiftc -Onone "))
    #expect(text.contains("failed, the hello-world yardstick is skipped"))
  }
}
