import Foundation
import TestSupport
import Testing

@testable import HingeSimCLI

/// `hingesim export`: a golden per format on a small fixed script, the usage errors, --rate and
/// --strict.
@Suite struct ExportCommandTests {
  static let script = "Tests/HingeSimCLITests/Golden/export/small.hinge"
  static let goldens: [(format: String, file: String)] = [
    ("agent-device", "small.agent-device.json"), ("wda", "small.wda.sh"), ("appium", "small.appium.py"),
    ("adb", "small.adb.sh"), ("cdp", "small.cdp.jsonl"),
  ]

  static func golden(_ name: String) -> String {
    (try? String(
      contentsOfFile: TestSupport.packageRoot + "/Tests/HingeSimCLITests/Golden/export/" + name, encoding: .utf8))
      ?? ""
  }

  /// Each format's output equals its reviewed golden (first lines checked by hand against the
  /// tools' documentation: docs/export.md cites them).
  @Test(arguments: goldens)
  func formatMatchesItsGolden(_ golden: (format: String, file: String)) {
    let result = CLIHarness.run(["export", TestSupport.packageRoot + "/" + Self.script, "--to", golden.format])
    #expect(result.code == 0)
    #expect(!Self.golden(golden.file).isEmpty)
    #expect(result.stdout == Self.golden(golden.file))
  }

  /// agent-device's documented shape: a JSON array of {atMs, angle}, starting at 0 ms, whole
  /// strictly increasing milliseconds, 2–64 frames, angles 0–180.
  @Test func agentDeviceKeyframesKeepTheToolsRules() throws {
    let result = CLIHarness.run(["export", TestSupport.packageRoot + "/" + Self.script, "--to", "agent-device"])
    let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    let frames = try #require(json as? [[String: Double]])
    #expect(frames.first?["atMs"] == 0)
    #expect((2...64).contains(frames.count))
    let times = frames.compactMap { $0["atMs"] }
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
    #expect(times.allSatisfy { $0 == $0.rounded() && $0 <= 60_000 })
    #expect(frames.compactMap { $0["angle"] }.allSatisfy { (0...180).contains($0) })
  }

  /// The script rotates and changes the text size: wda cannot carry either, so --strict is 65
  /// (and without it 0); adb carries the rotation but not the text size.
  @Test func strictExitsWithBadDataWhenSomethingIsLeftOut() {
    let path = TestSupport.packageRoot + "/" + Self.script
    let lenient = CLIHarness.run(["export", path, "--to", "wda"])
    #expect(lenient.code == 0)
    #expect(lenient.stderr.contains("left out 1 text-size change at 850 ms"))
    #expect(CLIHarness.run(["export", path, "--to", "wda", "--strict"]).code == 65)
    let adb = CLIHarness.run(["export", path, "--to", "adb", "--strict"])
    #expect(adb.code == 65)
    #expect(!adb.stderr.contains("orientation change"))
  }

  /// A misspelt format is a usage error with the nearest name; so is a rate of 0.
  @Test func badFormatAndRateAreUsageErrors() {
    let path = TestSupport.packageRoot + "/" + Self.script
    let typo = CLIHarness.run(["export", path, "--to", "agnet-device"])
    #expect(typo.code == 64)
    #expect(typo.stderr.contains("did you mean 'agent-device'?"))
    #expect(CLIHarness.run(["export", path]).code == 64)
    #expect(CLIHarness.run(["export", path, "--to", "wda", "--rate", "0"]).code == 64)
    #expect(CLIHarness.run(["export", path, "--to", "wda", "--rate", "x"]).code == 64)
  }

  /// --rate says how many angles it dropped, and the script has that many fewer calls: the small
  /// script's 18 delivered angles at 20 Hz.
  @Test func rateReportsTheDroppedCount() throws {
    let path = TestSupport.packageRoot + "/" + Self.script
    let full = CLIHarness.run(["export", path, "--to", "appium"])
    let thin = CLIHarness.run(["export", path, "--to", "appium", "--rate", "20"])
    let calls = { (text: String) in text.components(separatedBy: "setSimulatedHingeAngle").count - 1 }
    #expect(calls(full.stdout) == 18)
    let match = try #require(thin.stderr.firstMatch(of: /dropped (\d+) of 18 hinge angles/))
    let dropped = try #require(Int(match.1))
    #expect(dropped > 0)
    #expect(calls(thin.stdout) == 18 - dropped)
  }
}
