import Foundation
import TestSupport
import Testing

@testable import HingeSimCLI

/// The wda and adb exports are runnable shell scripts: run with stand-ins for curl, adb and
/// sleep on PATH, they make one call per hinge angle, in order, and their sleeps add up to the
/// source's timing.
@Suite struct ExportScriptRunTests {
  static let script = TestSupport.packageRoot + "/Tests/HingeSimCLITests/Golden/export/small.hinge"

  /// Runs `text` with /bin/sh in a directory whose `curl`, `adb` and `sleep` append their
  /// arguments to a log; returns the exit status and the logged lines.
  static func runScript(_ text: String, environment: [String: String]) throws -> (status: Int32, calls: [String]) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hingesim-export-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let log = dir.appendingPathComponent("calls").path
    for tool in ["curl", "adb", "sleep"] {
      let path = dir.appendingPathComponent(tool).path
      try "#!/bin/sh\necho \"\(tool) $*\" >> '\(log)'\n".write(toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let scriptPath = dir.appendingPathComponent("export.sh").path
    try text.write(toFile: scriptPath, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [scriptPath]
    var env = environment
    env["PATH"] = dir.path + ":/usr/bin:/bin"
    process.environment = env
    try process.run()
    process.waitUntilExit()
    let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
    return (process.terminationStatus, calls.split(separator: "\n").map(String.init))
  }

  static func sleptMs(_ calls: [String]) -> Int {
    calls.filter { $0.hasPrefix("sleep ") }.reduce(0) { sum, line in
      sum + Int((Double(line.dropFirst(6)) ?? 0) * 1000 + 0.5)
    }
  }

  /// 18 delivered angles in the small script, the last at 1200 ms (its golden says so); WDA's
  /// endpoint gets each as {"angle": …} on the session's URL.
  @Test func wdaScriptPostsEveryAngleOnSchedule() throws {
    let result = CLIHarness.run(["export", Self.script, "--to", "wda"])
    let (status, calls) = try Self.runScript(
      result.stdout, environment: ["SESSION_ID": "S1", "WDA_URL": "http://wda:8100"])
    #expect(status == 0)
    let posts = calls.filter { $0.hasPrefix("curl ") }
    #expect(posts.count == 18)
    #expect(posts.allSatisfy { $0.hasSuffix("http://wda:8100/session/S1/wda/device/hingeAngle") })
    #expect(posts.first?.contains("{\"angle\": 0}") == true)
    #expect(posts.last?.contains("{\"angle\": 0}") == true)
    #expect(Self.sleptMs(calls) == 1200)
  }

  /// Without a session id the script stops before calling WebDriverAgent.
  @Test func wdaScriptNeedsASessionID() throws {
    let result = CLIHarness.run(["export", Self.script, "--to", "wda"])
    let (status, calls) = try Self.runScript(result.stdout, environment: ["SESSION_ID": ""])
    #expect(status != 0)
    #expect(!calls.contains { $0.hasPrefix("curl ") })
  }

  /// The adb script sets hinge-angle0 once per angle and rotates three quarter turns for the
  /// script's `rotate landscapeLeft` at 850 ms; the sleeps add up to the last command at 1200 ms.
  @Test func adbScriptSetsEveryAngleAndRotates() throws {
    let result = CLIHarness.run(["export", Self.script, "--to", "adb"])
    let (status, calls) = try Self.runScript(result.stdout, environment: ["ANDROID_SERIAL": "emulator-5554"])
    #expect(status == 0)
    #expect(calls.filter { $0.hasPrefix("adb -s emulator-5554 emu sensor set hinge-angle0 ") }.count == 18)
    #expect(calls.filter { $0 == "adb -s emulator-5554 emu rotate" }.count == 3)
    #expect(Self.sleptMs(calls) == 1200)
  }
}
