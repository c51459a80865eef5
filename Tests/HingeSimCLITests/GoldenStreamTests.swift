import Testing

@testable import EventStream
@testable import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Pins the full `hingesim simulate` output of bundled scripts. When a change is intended,
/// rewrite the goldens with `HINGESIM_UPDATE_GOLDEN=1 swift test --filter GoldenStreamTests`
/// and review the diff.
@Suite struct GoldenStreamTests {
  static let scripts = [
    "open-wide", "flip-flop", "book-to-tabletop", "text-sizes", "split-view", "tabletop-to-closed",
    "default",
  ]

  @Test(arguments: scripts)
  func streamMatchesTheGolden(name: String) throws {
    let output = try simulateBytes(packageRoot + "/traces/\(name).hinge")
    let goldenPath = packageRoot + "/Tests/HingeSimCLITests/Golden/\(name).jsonl"
    if getenv("HINGESIM_UPDATE_GOLDEN") != nil {
      writeFile(goldenPath, output)
      return
    }
    let golden = try FileBytes.read(path: goldenPath)
    if output != golden {
      let a = String(decoding: output, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let b = String(decoding: golden, as: UTF8.self).split(
        separator: "\n", omittingEmptySubsequences: false)
      let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }
      Issue.record(
        "\(name): the stream differs from Golden/\(name).jsonl at line \((first?.offset ?? min(a.count, b.count)) + 1): got \(first.map { String($0.element.0) } ?? "(end)"), expected \(first.map { String($0.element.1) } ?? "(end)") — if intended, rerun with HINGESIM_UPDATE_GOLDEN=1"
      )
    }
  }
}
