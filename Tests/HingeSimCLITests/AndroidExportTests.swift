import Foundation
import TestSupport
import Testing

@testable import HingeSimCLI

/// `export --to espresso` and `--to jetpack` (issue 29, part 4): Kotlin tests for Android's two
/// fold-testing APIs, on every bundled source; agent-device past its 64 keyframes; the Appium
/// export as a Python script.
@Suite struct AndroidExportTests {
  static let sources = AllProfilesCheckTests.traces.map { TestSupport.packageRoot + "/traces/" + $0 }

  /// The statements of a Kotlin test's body, trimmed: the lines between `fun …() {` and the
  /// method's closing brace.
  static func body(_ text: String, method: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("fun \(method)() {") }) else { return [] }
    let rest = lines[(start + 1)...]
    guard let end = rest.firstIndex(where: { $0 == "    }" }) else { return [] }
    return lines[(start + 1)..<end].map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Braces and parentheses balance outside string literals (the outputs have none that hold one).
  static func balanced(_ text: String) -> Bool {
    var depth = (brace: 0, paren: 0)
    for c in text {
      switch c {
      case "{": depth.brace += 1
      case "}": depth.brace -= 1
      case "(": depth.paren += 1
      case ")": depth.paren -= 1
      default: continue
      }
      if depth.brace < 0 || depth.paren < 0 { return false }
    }
    return depth == (0, 0)
  }

  /// The sum of the `SystemClock.sleep` waits up to each comment's `t=… ms`: every statement runs
  /// at its stream time, rounded to the millisecond.
  static func checkTiming(_ body: [String]) {
    var elapsed = 0
    for line in body {
      if let sleep = line.firstMatch(of: /^SystemClock\.sleep\((\d+)\)$/) {
        elapsed += Int(sleep.1)!
      } else if let time = line.firstMatch(of: /^\/\/ t=([0-9.]+) ms/) {
        #expect(Int(Double(time.1)!.rounded()) == elapsed, "\(line)")
      }
    }
  }

  /// Every bundled source: a test class with the Device API's imports, one body statement per
  /// kind the API has (sleep, comment, a posture call, an orientation), the postures in the
  /// order the simulator's poses came, and the waits adding up to each pose's time.
  @Test("espresso: every bundled source is a Kotlin test of posture calls at the poses' times", arguments: sources)
  func espresso(_ source: String) throws {
    let r = CLIHarness.run(["export", source, "--to", "espresso"])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("import androidx.test.espresso.device.EspressoDevice.Companion.onDevice"))
    #expect(r.stdout.contains("class HingesimPostureTest {"))
    #expect(Self.balanced(r.stdout), "\(source)")
    let body = Self.body(r.stdout, method: "replaysTheSource")
    #expect(!body.isEmpty)
    let allowed: [Regex<Substring>] = [
      try Regex(#"SystemClock\.sleep\(\d+\)"#), try Regex(#"// t=[0-9.]+ ms: [a-zA-Z]+, [a-zA-Z]+"#),
      try Regex(#"onDevice\(\)\.set(?:Closed|Book|Tabletop|Flat)Mode\(\)"#),
      try Regex(#"onDevice\(\)\.setScreenOrientation\(ScreenOrientation\.(?:PORTRAIT|LANDSCAPE)\)"#),
    ]
    for line in body {
      #expect(allowed.contains { line.wholeMatch(of: $0) != nil }, "\(source): \(line)")
    }
    Self.checkTiming(body)
    // The calls follow the simulator's poses: closed poses close, book and tabletop fold, the rest flatten.
    let simulated = CLIHarness.run(["simulate", source])
    var expected: [String] = []
    for line in simulated.stdout.split(separator: "\n") where line.contains("\"type\":\"pose\"") {
      let pose = try #require(line.firstMatch(of: /"pose":"([a-zA-Z]+)"/)).1
      let mode: String? =
        switch pose {
        case "closed", "closedSideways": "Closed"
        case "book": "Book"
        case "tabletop": "Tabletop"
        case "openWide", "openTall", "splitView": "Flat"
        default: nil
        }
      if let mode, expected.last != mode { expected.append(mode) }
    }
    let calls = body.compactMap {
      $0.firstMatch(of: /^onDevice\(\)\.set(Closed|Book|Tabletop|Flat)Mode/).map { String($0.1) }
    }
    #expect(calls == expected, "\(source)")
  }

  /// Every bundled source: one publish per distinct settled layout, the fold 40 pt across (the
  /// iPhone Duo's division, 2 × (475.5 − 455.5)) and centred in the window (where the frame rule
  /// puts it), half-opened exactly when the settle's fold is active.
  @Test("jetpack: every bundled source publishes each settled fold from the profile's frames", arguments: sources)
  func jetpack(_ source: String) throws {
    let r = CLIHarness.run(["export", source, "--to", "jetpack"])
    #expect(r.code == 0, "\(r.stderr)")
    #expect(r.stdout.contains("import androidx.window.testing.layout.WindowLayoutInfoPublisherRule"))
    #expect(r.stdout.contains("publisherRule.overrideWindowLayoutInfo(TestWindowLayoutInfo(listOf(fold)))"))
    #expect(r.stdout.contains("center = -1,"))
    #expect(Self.balanced(r.stdout), "\(source)")
    let body = Self.body(r.stdout, method: "replaysTheSettledLayouts")
    #expect(!body.isEmpty)
    Self.checkTiming(body)
    var previous: String?
    var comment = ""
    for line in body where !line.hasPrefix("SystemClock") {
      if line.hasPrefix("//") {
        comment = line
        continue
      }
      #expect(line != previous, "\(source): published twice in a row: \(line)")
      previous = line
      if line == "publishNoFold()" {
        #expect(comment.hasSuffix("no fold"), "\(source): \(comment)")
        continue
      }
      let call = try #require(
        line.wholeMatch(
          of:
            /publish\(sizeDp = ([0-9.]+), state = FoldingFeature\.State\.(FLAT|HALF_OPENED), orientation = FoldingFeature\.Orientation\.(VERTICAL|HORIZONTAL)\)/
        ), "\(source): \(line)")
      #expect(Double(call.1) == 40, "\(source): \(line)")
      #expect((call.2 == "HALF_OPENED") == comment.hasSuffix(", active"), "\(source): \(comment) \(line)")
      #expect((call.3 == "VERTICAL") == comment.contains("fold x "), "\(source): \(comment) \(line)")
    }
  }

  /// The flip phone held upright half-open: a horizontal fold across the reader at y 415,
  /// half-opened, 0 dp thick (a fold with no occlusion); the Device API's tabletop mode.
  @Test("the flip phone in flex mode: setTabletopMode, and a HORIZONTAL fold at the display's middle")
  func flipPhone() throws {
    let script = TestSupport.temporaryFile(
      "start closed\nwait 500ms\nopen to 100 over 300ms\nwait 1s\n", suffix: ".hinge")
    let jetpack = CLIHarness.run(["export", script, "--to", "jetpack", "--profile", "galaxy-z-flip"])
    #expect(jetpack.code == 0, "\(jetpack.stderr)")
    #expect(
      jetpack.stdout.contains(
        "publish(sizeDp = 0.0, state = FoldingFeature.State.HALF_OPENED, orientation = FoldingFeature.Orientation.HORIZONTAL)"
      ), "\(jetpack.stdout)")
    #expect(jetpack.stdout.contains("tabletop: reader 411 × 894, fold y 415–415, active"), "\(jetpack.stdout)")
    let espresso = CLIHarness.run(["export", script, "--to", "espresso", "--profile", "galaxy-z-flip"])
    #expect(Self.body(espresso.stdout, method: "replaysTheSource").contains("onDevice().setTabletopMode()"))
  }

  /// The default tour's layouts in order: closed (no fold), the book, opened flat (the fold only
  /// turns inactive: no new settle, but WindowManager reports FLAT), the book again, tabletop,
  /// closed sideways.
  @Test("jetpack: the default tour publishes each settle and each fold that turns flat or active")
  func jetpackDefaultTour() {
    let r = CLIHarness.run(["export", TestSupport.packageRoot + "/traces/default.hinge", "--to", "jetpack"])
    let calls = Self.body(r.stdout, method: "replaysTheSettledLayouts").filter { $0.hasPrefix("publish") }
      .map { $0.replacingOccurrences(of: "FoldingFeature.", with: "") }
    #expect(
      calls == [
        "publishNoFold()",
        "publish(sizeDp = 40.0, state = State.HALF_OPENED, orientation = Orientation.VERTICAL)",
        "publish(sizeDp = 40.0, state = State.FLAT, orientation = Orientation.VERTICAL)",
        "publish(sizeDp = 40.0, state = State.HALF_OPENED, orientation = Orientation.VERTICAL)",
        "publish(sizeDp = 40.0, state = State.HALF_OPENED, orientation = Orientation.HORIZONTAL)",
        "publishNoFold()",
      ], "\(calls)")
  }

  /// On the flip phone `start tabletop` is upright (its hinge is horizontal held upright), and
  /// `start book` sideways.
  @Test("the flip phone: start tabletop is upright, start book sideways")
  func flipStartPoses() {
    for (pose, orientation) in [("tabletop", "PORTRAIT"), ("book", "LANDSCAPE")] {
      let script = TestSupport.temporaryFile("start \(pose)\nwait 1s\n", suffix: ".hinge")
      let r = CLIHarness.run(["export", script, "--to", "espresso", "--profile", "galaxy-z-flip"])
      let body = Self.body(r.stdout, method: "replaysTheSource")
      #expect(body.contains("onDevice().setScreenOrientation(ScreenOrientation.\(orientation))"), "\(body)")
      let mode = pose == "tabletop" ? "setTabletopMode()" : "setBookMode()"
      #expect(body.contains("onDevice().\(mode)"), "\(pose): \(body)")
    }
  }

  /// What neither API can carry is named: the angles (a posture or a state, not an angle) and
  /// the bursts; --strict is 65.
  @Test("the continuous angles and the bursts are named as left out; --strict is 65")
  func leftOut() {
    let source = TestSupport.packageRoot + "/traces/default.hinge"
    for format in ["espresso", "jetpack"] {
      let r = CLIHarness.run(["export", source, "--to", format])
      #expect(r.stderr.contains("hinge angles"), "\(format): \(r.stderr)")
      #expect(r.stderr.contains("burst"), "\(format): \(r.stderr)")
      #expect(CLIHarness.run(["export", source, "--to", format, "--strict"]).code == 65)
    }
  }

  /// The default tour is 74 keyframes at agent-device's own tolerance: the export thins it to the
  /// tool's 64 (status changes kept), says so, exits 0 — and 65 with --strict.
  @Test("agent-device: the default tour is thinned to 64 keyframes, named, and --strict is 65")
  func agentDeviceThins() throws {
    let source = TestSupport.packageRoot + "/traces/default.hinge"
    let r = CLIHarness.run(["export", source, "--to", "agent-device"])
    #expect(r.code == 0)
    let frames = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Double]])
    #expect(frames.count <= 64 && frames.count >= 50, "\(frames.count)")
    #expect(r.stderr.contains("keyframes thinned away to fit agent-device's 64"), "\(r.stderr)")
    #expect(!r.stderr.contains("over the target's limits"), "\(r.stderr)")
    #expect(CLIHarness.run(["export", source, "--to", "agent-device", "--strict"]).code == 65)
    // The status changes survive: the angles either side of 5° and 160° are still there.
    let angles = frames.compactMap { $0["angle"] }
    #expect(angles.contains { $0 > 160 } && angles.contains { $0 > 5 && $0 < 160 } && angles.first == 0)
  }

  /// The Appium export is a Python script Appium's Python client runs: it compiles, and its step
  /// list is the JSON array of the hinge angles.
  @Test("appium: a Python script that compiles, its STEPS the step list")
  func appiumPython() throws {
    let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    let interpreter = try #require(python, "python3 is needed to check the script (bin/bootstrap.sh installs it)")
    let out = TestSupport.temporaryFile("")
    let r = CLIHarness.run(["export", TestSupport.packageRoot + "/traces/default.hinge", "--to", "appium", "-o", out])
    #expect(r.code == 0, "\(r.stderr)")
    let script = try String(contentsOfFile: out, encoding: .utf8)
    #expect(script.hasPrefix("#!/usr/bin/env python3\n"))
    #expect(script.contains("driver.execute_script(step[\"script\"], step[\"args\"])"))
    let compile = Process()
    compile.executableURL = URL(fileURLWithPath: interpreter)
    compile.arguments = [
      "-c",
      "import json, py_compile, sys; py_compile.compile(sys.argv[1], doraise=True); "
        + "src = open(sys.argv[1]).read(); start = src.index('STEPS = ') + 8; "
        + "steps, _ = json.JSONDecoder().raw_decode(src[start:]); "
        + "print(len(steps), all(s['script'] == 'mobile: setSimulatedHingeAngle' for s in steps))",
      out,
    ]
    let pipe = Pipe()
    compile.standardOutput = pipe
    try compile.run()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    compile.waitUntilExit()
    #expect(compile.terminationStatus == 0)
    #expect(printed == "113 True\n", "\(printed)")
  }
}
