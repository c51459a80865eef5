import Foundation
import Platform
import Reader
import TestSupport
import Testing

/// The oracle's self-test as a property (issue 26): the reader model's own app log is a correct
/// app's. For every bundled source × every profile × the cost models `fixed:1`, `fixed:400`,
/// `fixed:2000` and `device`, and for random scripts (`PipelinePropertyTests.script`, the pipeline's own generator: notes, selections, Split
/// View, the sidebar, chapters, turns, waits of 0–5 ms), `run --emit-app-log` then
/// `check --app` passes, and `report --app --csv` is byte for byte the model's `report --csv`.
/// Slow cost models queue settles behind paginations, supersede them and answer them with
/// 0-ms cache hits at the instant a pagination ends; short waits put turns, sizes and settles on
/// the same instant: every tie of docs/timing.md comes up.
///
/// `bin/test` runs a covering set of the bundled cases (`bundledCases`) and 200 random scripts;
/// `HINGESIM_SLOW=1` every bundled case, `HINGESIM_APPLOG_SCRIPTS=N` N scripts (the slow mode).
@Suite("app logs round trip: the model's own log passes and times as the model")
struct AppLogRoundTripTests {
  static let models = ["fixed:1", "fixed:400", "fixed:2000", "device"]
  static let profiles = ["iphone-duo", "pixel-fold", "tablet", "galaxy-z-flip", "none"]
  static let sources = AppLogCLITests.scenarios
  /// Random scripts: 200, or `HINGESIM_APPLOG_SCRIPTS`.
  static let scriptCount = Process.environment("HINGESIM_APPLOG_SCRIPTS").flatMap { Int($0) } ?? 200

  /// The bundled sample chapter's length and chapters, what the random scripts address.
  static let text: (length: Int, chapters: Int) = {
    let text =
      (try? String(contentsOfFile: TestSupport.packageRoot + "/texts/sample-chapter.txt", encoding: .utf8)) ?? ""
    return (text.utf16.count, Library(text: text).chapters.count)
  }()

  /// What went wrong in one round trip of `source` run with `args` (the cost model, the
  /// profile, `--chapters`): nothing when the property holds.
  static func roundTrip(_ source: String, _ args: [String], app appArgs: [String], name: String) -> [String] {
    let log = temporaryPath("round-trip-\(name).jsonl")
    defer { unlink(log) }
    let run = CLIHarness.run(["run", source] + args + ["--emit-app-log", log])
    guard run.code == 0 else { return ["run: exit \(run.code): \(run.stderr)"] }
    var problems: [String] = []
    let check = CLIHarness.run(["check", source, "--app", log] + appArgs)
    if check.code != 0 || !check.stdout.hasPrefix("ok    ") {
      problems.append(
        "check --app: exit \(check.code)\n\(check.stdout.split(separator: "\n").prefix(4).joined(separator: "\n"))")
    }
    let model = CLIHarness.run(["report", source] + args + ["--csv"])
    let app = CLIHarness.run(["report", source, "--app", log, "--csv"] + appArgs)
    if app.stdout != model.stdout || app.code != 0 || model.code != 0 {
      let first = zip(model.stdout.split(separator: "\n"), app.stdout.split(separator: "\n")).first { $0 != $1 }
      problems.append(
        "report --app --csv (exit \(app.code)) is not the model's (exit \(model.code)): \(first.map { "\($0) vs \($1)" } ?? "lengths differ")"
      )
    }
    if model.stdout.split(separator: "\n").count < 5 { problems.append("the model's report has no figures") }
    return problems
  }

  /// The bundled round trips: every source on every profile, each pair under one cost model,
  /// turning through the four (`models[(source + profile) % 4]`), so that every source meets
  /// every model and every profile every model — 105 round trips, a quarter of the whole product
  /// (about 90 s of CPU less in CI). `HINGESIM_SLOW=1` runs every source × profile × model (420).
  static let bundledCases: [BundledCase] = {
    let all = Process.environment("HINGESIM_SLOW") == "1"
    return sources.enumerated().flatMap { i, source in
      profiles.enumerated().flatMap { j, profile in
        (all ? models : [models[(i + j) % models.count]]).map {
          BundledCase(source: source, profile: profile, model: $0)
        }
      }
    }
  }()

  /// A bundled source under a profile and a cost model.
  struct BundledCase: Sendable, CustomTestStringConvertible {
    var source: String
    var profile: String
    var model: String
    var testDescription: String { "\(source.split(separator: "/").last!) \(profile) \(model)" }
  }

  @Test("the bundled cases pair every source with every profile, and each of both with every model")
  func everyPairIsCovered() {
    let cases = Self.bundledCases
    #expect(Self.sources.count >= 21)
    #expect(Set(cases.map { $0.profile + "|" + $0.source }).count == Self.sources.count * Self.profiles.count)
    for source in Self.sources {
      #expect(Set(cases.filter { $0.source == source }.map(\.model)) == Set(Self.models), "\(source)")
    }
    for profile in Self.profiles {
      #expect(Set(cases.filter { $0.profile == profile }.map(\.model)) == Set(Self.models), "\(profile)")
    }
  }

  @Test(
    "every bundled source on every profile: the model's own log passes check --app and reports the model's CSV",
    arguments: bundledCases)
  func bundled(_ bundled: BundledCase) {
    let (profile, model, source) = (bundled.profile, bundled.model, bundled.source)
    let args = ["--profile", profile, "--compute-model", model]
    let name = "\(profile)-\(model.replacingOccurrences(of: ":", with: ""))-\(source.split(separator: "/").last!)"
    let problems = Self.roundTrip(source, args, app: ["--profile", profile], name: name)
    #expect(problems.isEmpty, "\(source) \(args.joined(separator: " ")):\n\(problems.joined(separator: "\n"))")
  }

  /// The random scripts' seeds in batches of ten (the batches run side by side);
  /// `HINGESIM_APPLOG_SEED=N` runs that seed alone (a failure's replay).
  static let batches: [Range<Int>] =
    if let seed = Process.environment("HINGESIM_APPLOG_SEED").flatMap({ Int($0) }) {
      [seed..<(seed + 1)]
    } else {
      stride(from: 0, to: scriptCount, by: 10).map { $0..<min($0 + 10, scriptCount) }
    }

  @Test(
    "random scripts (notes, selections, Split View, sidebar, chapters, turns, 0–5 ms waits) round trip",
    arguments: batches)
  func randomScripts(seeds: Range<Int>) {
    var failures = 0
    for seed in seeds {
      var g = PipelinePropertyTests.Generator(state: UInt64(seed) &+ 26_000)
      let script = PipelinePropertyTests.script(
        &g, textLength: Self.text.length, chapters: Self.text.chapters, pdf: false)
      let model = g.pick(Self.models)
      let profile = g.pick(Self.profiles)
      let chapters = g.int(0...3) == 0 ? ["--chapters"] : []
      let path = temporaryPath("random-\(seed).hinge")
      writeFile(path, Array(script.utf8))
      defer { unlink(path) }
      let app = ["--profile", profile] + chapters
      let problems = Self.roundTrip(path, app + ["--compute-model", model], app: app, name: "random-\(seed)")
      #expect(
        problems.isEmpty,
        "seed \(seed), \(model), \(app.joined(separator: " ")):\n\(problems.joined(separator: "\n"))\n\(script)")
      if !problems.isEmpty { failures += 1 }
      if failures >= 5 { return }
    }
  }
}
