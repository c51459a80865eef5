import Platform
import Testing

@testable import HingeSimCLI
@testable import Simulator

/// Every bundled scenario runs on every bundled profile and `check` passes: no reader rule is
/// broken on a phone without a hinge, a tablet or a second foldable.
@Suite("All profiles × all traces")
struct AllProfilesCheckTests {
  static let traces = TracesCommand.listing(packageRoot + "/traces").map(\.name)

  @Test("there are five profiles and every trace kind to run")
  func inventory() {
    #expect(Profile.available(root: packageRoot) == ["galaxy-z-flip", "iphone-duo", "none", "pixel-fold", "tablet"])
    #expect(Self.traces.count >= 18)
  }

  @Test("check passes", arguments: ["galaxy-z-flip", "iphone-duo", "none", "pixel-fold", "tablet"])
  func checkPasses(_ profile: String) {
    for trace in Self.traces {
      let r = CLIHarness.run(["check", packageRoot + "/traces/" + trace, "--profile", profile, "--compute-ms", "1"])
      #expect(r.code == 0, "\(profile) \(trace): \(r.stderr)")
    }
  }
}

/// The same with the fixed-layout reader: the bundled PDF through every trace on every profile.
@Suite("All profiles × all traces, PDF")
struct AllProfilesPDFCheckTests {
  @Test("check --pdf passes", arguments: ["galaxy-z-flip", "iphone-duo", "none", "pixel-fold", "tablet"])
  func checkPasses(_ profile: String) {
    let traces = AllProfilesCheckTests.traces.map { packageRoot + "/traces/" + $0 }
    let r = CLIHarness.run(
      ["check"] + traces + ["--pdf", packageRoot + "/texts/pdf-sample.pdf", "--profile", profile, "--compute-ms", "1"])
    #expect(r.code == 0, "\(profile): \(r.stdout) \(r.stderr)")
    #expect(r.stdout.contains("\(traces.count) passed, 0 failed"))
  }
}

/// The same on the iPhone Duo under the other side of each conflict between its sources: the
/// guide's safe area, the fold kept where it is held tall, no bar outside inner portrait, the
/// kit's 27-pt band, the orientation-aware status, Apple's 0-pt flat fold, the guide's tent.
@Suite("All traces × every conflict's other side")
struct AllConflictsCheckTests {
  @Test(
    "check passes",
    arguments: [
      "divisionWhenFlat=zero-when-flat", "innerPortraitReader=safe-area", "tabletopFold=fold-stays",
      "horizontalBar=inner-portrait-only", "foldWidth=avoidance-band", "status=angle-and-orientation",
      "tent=partly-open-flipped",
    ])
  func checkPasses(_ side: String) {
    let traces = AllProfilesCheckTests.traces.map { packageRoot + "/traces/" + $0 }
    let r = CLIHarness.run(["check"] + traces + ["--conflict", side, "--compute-ms", "1"])
    #expect(r.code == 0, "\(side): \(r.stdout) \(r.stderr)")
    #expect(r.stdout.contains("\(traces.count) passed, 0 failed"), "\(side)")
  }
}
