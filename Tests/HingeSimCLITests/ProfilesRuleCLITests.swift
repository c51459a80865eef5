import Testing

@testable import HingeSimCLI

/// `hingesim profiles --rule NAME`: the profile's frames next to the frame rule's, with the
/// measured ones that win marked where they differ (hand computations in the comments).
@Suite("profiles --rule")
struct ProfilesRuleCLITests {
  func row(_ lines: [String], _ pose: String) -> [String] {
    (lines.first { $0.hasPrefix(pose + " ") } ?? "").split(separator: "  ", omittingEmptySubsequences: true).map {
      String($0.drop { $0 == " " })
    }
  }

  @Test("the iPhone Duo: the rule agrees with the measured closed and wide frames and differs held tall")
  func duo() {
    let r = CLIHarness.run(["profiles", "--rule", "iphone-duo"])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(row(lines, "closed") == ["closed", "382 × 620", "382 × 620", "—", "—"])  // 466 − 84, 678 − 58
    #expect(row(lines, "closedSideways") == ["closedSideways", "594 × 408", "594 × 408", "—", "—"])
    #expect(row(lines, "openWide") == ["openWide", "867 × 611", "867 × 611", "x 455.5", "x 455.5"])
    // 951 − 84 − 95 − 58 = 714 against the measured 787; the tall fold 475.5 − 142 − 20.
    #expect(row(lines, "openTall") == ["openTall", "669 × 787", "669 × 714", "differs", "y 313.5", "y 313.5"])
    #expect(
      row(lines, "tabletop") == ["tabletop", "669 × 835", "669 × 714", "differs", "y 339.5", "y 313.5", "differs"])
    #expect(row(lines, "splitViewRight") == ["splitViewRight", "391.5 × 611", "391.5 × 611", "—", "—"])
    #expect(CLIHarness.run(["profiles", "--rule", "nonexistent"]).code == 66)
  }
}
