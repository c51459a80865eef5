import Foundation
import TestSupport
import Testing

/// Every numeric option has a documented range (docs/limits.md), checked when the command line
/// is parsed: a value outside it is exit 64 naming the range, never a run that writes what it
/// cannot read back (`"t":1e+308`, "null ms", `null` in a report).
@Suite("Option ranges")
struct OptionRangeTests {
  /// The issue's cases, and one value past each end of every numeric option.
  @Test(
    "a value outside an option's range: exit 64 naming the range",
    arguments: [
      (
        ["simulate", "traces/default.hinge", "--settle-ms", "1e308"],
        "--settle-ms: expected a number from 0 to 60000 ms, found '1e308'"
      ),
      (
        ["run", "traces/default.hinge", "--compute-ms", "1e308"],
        "--compute-ms: expected a number from 0 to 60000 ms, found '1e308'"
      ),
      (["run", "traces/default.hinge", "--compute-model", "fixed:1e9"], "fixed:MS (MS from 0 to 60000)"),
      (
        ["paginate", "texts/sample-chapter.txt", "--width", "1e308", "--height", "1e308"],
        "--width: expected a number from 20 to 14400 pt, found '1e308'"
      ),
      (
        ["paginate", "texts/sample-chapter.txt", "--width", "0.0001", "--height", "500"],
        "--width: expected a number from 20 to 14400 pt, found '0.0001'"
      ),
      (
        ["paginate", "texts/sample-chapter.txt", "--width", "300", "--height", "-5"],
        "--height: expected a number from 20 to 14400 pt, found '-5'"
      ),
      (
        ["paginate", "texts/sample-chapter.txt", "--width", "300", "--height", "500", "--line-height", "0"],
        "--line-height: expected a number from 1 to 1000 pt, found '0'"
      ),
      (
        ["simulate", "traces/default.hinge", "--from", "1e13"],
        "--from: expected a time from 0 to 1e12 ms (about 31 years)"
      ),
      (
        ["simulate", "traces/default.hinge", "--max-events", "0"],
        "--max-events: expected an integer from 1 to 1000000000, found '0'"
      ),
      (
        ["run", "traces/default.hinge", "--offset", "-0"],
        "--offset: expected a UTF-16 offset from 0 to 2147483647, found '-0'"
      ),
      (
        ["run", "traces/default.hinge", "--realtime", "--speed", "1000"],
        "--speed: expected a number from 0.1 to 100 (a factor), found '1000'"
      ),
      (
        ["export", "traces/default.hinge", "--to", "adb", "--rate", "0"],
        "--rate: expected a number from 0.01 to 10000 Hz, found '0'"
      ),
      (
        ["report", "--compare", "a.json", "b.json", "--threshold", "1e300"],
        "--threshold: expected a number from 0 to 1000000 %"
      ),
      (
        ["report", "--compare", "a.json", "b.json", "--min-delta", "-1"],
        "--min-delta: expected a number from 0 to 3600000 ms"
      ),
      (
        ["report", "traces/default.hinge", "--jobs", "100000"],
        "--jobs: expected an integer from 1 to 256, found '100000'"
      ),
      (
        ["knob", "--replay", "traces/knob-powermate.evemu", "--duration", "0"],
        "--duration: expected a number from 1 to 1000000000000 ms"
      ),
      (
        ["simulate", "traces/default.hinge", "--read-limit", "text=1e9"],
        "--read-limit: expected a size from 1KiB to 1TiB"
      ),
    ])
  func outOfRange(_ arguments: [String], _ message: String) {
    let result = CLIHarness.run(arguments)
    #expect(result.code == 64, "\(result.stderr)")
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// The issue's case: a window of 0 was accepted though the profile may not set one below the
  /// gap inside its bursts (75 ms for the bundled profile's open burst).
  @Test("--settle-ms below the profile's burst gap: exit 64 with the profile's rule")
  func settleBelowTheBurstGap() {
    let result = CLIHarness.run(["simulate", "traces/default.hinge", "--settle-ms", "0"])
    #expect(result.code == 64)
    #expect(
      result.stderr.contains("--settle-ms: expected more than 75 ms (the gap between two sizes of the"),
      "\(result.stderr)")
    #expect(CLIHarness.run(["simulate", "traces/default.hinge", "--settle-ms", "76"]).code == 0)
  }

  /// A small deterministic generator, so a failure names a case that can be run again.
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    /// Mostly the range's ends, sometimes inside it.
    mutating func value(in range: ClosedRange<Double>) -> Double {
      switch next() % 4 {
      case 0: range.lowerBound
      case 1: range.upperBound
      default: range.lowerBound + Double(next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
      }
    }
  }

  /// What the tool writes it reads back: for option values drawn from their ranges (their ends
  /// most of all), `simulate`'s stream is accepted by `read`, and `report --json` by `report
  /// --compare` of the same file.
  @Test("for random valid option values, simulate → read and report --json → report --compare accept what was written")
  func writesWhatItReads() throws {
    var random = Generator(state: 27)
    for round in 0..<8 {
      let source = random.pick([
        "traces/default.hinge", "traces/open-wide.jsonl", "traces/fold-book.csv", "traces/notes.hinge",
      ])
      let profile = random.pick(["iphone-duo", "pixel-fold", "tablet"])
      let settle = TypedNumber.format(random.value(in: 200...60_000))
      let compute = TypedNumber.format(random.value(in: 0...60_000))
      var window: [String] = []
      if random.next() % 2 == 0 {
        let from = random.value(in: 0...5_000)
        window = [
          "--from", TypedNumber.format(from), "--to", TypedNumber.format(from + random.value(in: 1...1e12 - 5_000)),
        ]
      }
      let options = ["--profile", profile, "--settle-ms", settle] + window
      let label = "round \(round): \(source) \(options.joined(separator: " ")) --compute-ms \(compute)"
      let simulated = CLIHarness.run(["simulate", source] + options)
      try #require(simulated.code == 0, "\(label): \(simulated.stderr)")
      let stream = TestSupport.temporaryFile(simulated.stdout)
      let read = CLIHarness.run(["read", stream, "--profile", profile, "--compute-ms", compute])
      #expect(read.code == 0 || read.code == 1, "\(label): read: \(read.stderr)")
      #expect(!read.stderr.contains("expected"), "\(label): read: \(read.stderr)")
      let report = CLIHarness.run(["report", source, "--json", "--compute-ms", compute] + options)
      #expect(report.code == 0 || report.code == 1, "\(label): report: \(report.stderr)")
      let saved = TestSupport.temporaryFile(report.stdout, suffix: ".json")
      let compared = CLIHarness.run(["report", "--compare", saved, saved])
      #expect(compared.code == 0, "\(label): compare: \(compared.stderr)")
    }
  }

  /// The issue's case: `+89.55+113350.6%` — a wide figure ran into the column before it. A
  /// wide figure widens its column: every figure still ends under the end of its header, on
  /// every line, so the columns read down as a table.
  @Test("report --compare keeps two spaces between columns and each figure under its header whatever its width")
  func compareColumnsApart() throws {
    let base = CLIHarness.run(["report", "traces/default.hinge", "--json", "--compute-ms", "0.05"])
    try #require(base.code == 0 || base.code == 1)
    let slow = CLIHarness.run(["report", "traces/default.hinge", "--json", "--compute-ms", "60000"])
    let paths = [
      TestSupport.temporaryFile(base.stdout, suffix: ".json"), TestSupport.temporaryFile(slow.stdout, suffix: ".json"),
    ]
    let compared = CLIHarness.run(["report", "--compare", paths[0], paths[1], "--allow-different-inputs"])
    #expect(compared.code == 1)
    let rows = compared.stdout.split(separator: "\n").filter { $0.contains("pagination") && $0.contains("%") }
    #expect(!rows.isEmpty)
    for row in rows {
      // delta and delta %: "+59999.95  +119999900.0%", never "+59999.95+119999900.0%".
      #expect(row.range(of: #"[0-9]\+"#, options: .regularExpression) == nil, "\(row)")
      #expect(row.contains("  +"), "\(row)")
    }
    let lines = compared.stdout.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex { $0.hasPrefix("scope ") })
    let header = lines[start]
    let table = lines[(start + 1)...].prefix { !$0.hasPrefix("note:") && !$0.contains("regression") }
      .map { line in
        [line.range(of: "  REGRESSION"), line.range(of: "  not comparable:")].compactMap { $0 }.first
          .map { String(line[..<$0.lowerBound]) } ?? line
      }
    #expect(!table.isEmpty)
    let ends = try ["base ms", "new ms", "delta", "delta %"].map { title in
      header.distance(from: header.startIndex, to: try #require(header.range(of: title)).upperBound)
    }
    for line in table {
      #expect(line.count == header.count, "\(line)")
      for end in ends where end <= line.count {
        #expect(Array(line)[end - 1] != " ", "a figure ends under its header at column \(end): \(line)")
      }
    }
  }
}

/// Option values written the way a user would type them.
enum TypedNumber {
  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
  }
}
