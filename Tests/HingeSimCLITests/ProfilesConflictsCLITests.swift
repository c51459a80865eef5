import TestSupport
import Testing

@testable import HingeSimCLI

/// `profiles --conflicts` lists the seven disagreements between the iPhone Duo's sources, both
/// sides with their sources, and every one is runnable: `--conflict NAME=SIDE` changes what a
/// run shows, as that side's source says it should.
@Suite("profiles --conflicts")
struct ProfilesConflictsCLITests {
  @Test("seven conflicts, each with the side followed and both sides' sources")
  func listing() {
    let r = CLIHarness.run(["profiles", "--conflicts"])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let heads = lines.filter { !$0.hasPrefix(" ") }
    #expect(
      heads.map { String($0.prefix { $0 != ":" }) } == [
        "divisionWhenFlat", "innerPortraitReader", "tabletopFold", "horizontalBar", "foldWidth", "status", "tent",
      ])
    #expect(heads.contains("tabletopFold: where the fold is in tabletop — follows fold-moves"))
    let sides = lines.filter { $0.hasPrefix(" ") }
    #expect(sides.count == 14)
    #expect(sides.filter { $0.hasPrefix("  * ") }.count == 7)
    #expect(
      sides.contains { $0.contains("fold-stays") && $0.contains("measured") && $0.contains("(the device study)") })
    #expect(sides.contains { $0.contains("avoidance-band") && $0.contains("design-kit") })
    #expect(sides.contains { $0.contains("safe-area") && $0.contains("apple-spec") && $0.contains("669 × 772") })
    let pixel = CLIHarness.run(["profiles", "--conflicts", "pixel-fold"])
    #expect(pixel.code == 0 && pixel.stdout.hasPrefix("no conflicts between sources in this profile"))
    #expect(CLIHarness.run(["profiles", "--conflicts", "nonexistent"]).code == 66)
  }

  static func run(_ script: String, _ extra: [String]) -> [String] {
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let r = CLIHarness.run(["run", path, "--compute-ms", "1"] + extra)
    #expect(r.code == 0, "\(extra): \(r.stderr)")
    return r.stdout.split(separator: "\n").map(String.init)
  }

  static func line(_ lines: [String], _ kind: String) -> String? {
    lines.first { $0.contains(" \(kind) ") }.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Each conflict's two sides, run on a script where they differ, with what each side's
  /// source says the run shows.
  @Test(
    "every conflict is runnable: each side gives what its source says",
    arguments: [
      // Apple's 0-pt flat fold: the flat spread splits at the fold's centre line.
      (
        "start openWide\nwait 1s\n", "divisionWhenFlat", "zero-when-flat", "paginated", "57 pages of 331.5×571",
        "pages of 351.5×571"
      ),
      // The guide's safe area, 669 × 772, against the study's 669 × 787 held tall.
      ("start openTall\nwait 1s\n", "innerPortraitReader", "safe-area", "settled", "669×787", "669×772"),
      // The reader flush with the bottom (339.5) against the fold held tall (313.5): pages 26 shorter.
      ("start tabletop\nwait 1s\n", "tabletopFold", "fold-stays", "paginated", "of 600×299.5", "of 600×273.5"),
      // No horizontal bar outside inner portrait: the closed reader is 678 tall, not 620.
      ("start closed\nwait 1s\n", "horizontalBar", "inner-portrait-only", "settled", "382×620", "382×678"),
      // A 27-pt band leaves 867 − 489 − 40 = 338-pt pages, not 331.5.
      ("start openWide\nwait 1s\n", "foldWidth", "avoidance-band", "paginated", "of 331.5×571", "of 338×571"),
      // 165° with the hinge horizontal: fully open by the angle alone, partly open with it.
      ("start 165 landscapeLeft\nwait 1s\n", "status", "angle-and-orientation", "pose", "openTall", "tabletop"),
      // tent: the closed phone held sideways, or partly open and turned over.
      (
        "start tent\nwait 1s\n", "tent", "partly-open-flipped", "pose", "closedSideways (landscapeLeft)",
        "tabletop (landscapeRight)"
      ),
    ])
  func runnable(_ script: String, _ name: String, _ other: String, _ kind: String, _ followed: String, _ taken: String)
  {
    let usual = Self.line(Self.run(script, []), kind) ?? ""
    let chosen = Self.line(Self.run(script, ["--conflict", "\(name)=\(other)"]), kind) ?? ""
    #expect(usual.contains(followed), "\(name): \(usual)")
    #expect(chosen.contains(taken), "\(name)=\(other): \(chosen)")
    #expect(usual != chosen)
  }

  @Test("a bad --conflict is a usage error; a conflict the profile does not name too")
  func usage() {
    let script = TestSupport.temporaryFile("start closed\nwait 1s\n", suffix: ".hinge")
    let unknown = CLIHarness.run(["run", script, "--conflict", "hinge=loose"])
    #expect(unknown.code == 64 && unknown.stderr.contains("--conflict: expected NAME=SIDE with NAME one of"))
    let side = CLIHarness.run(["simulate", script, "--conflict", "tent=pitched"])
    #expect(side.code == 64 && side.stderr.contains("expected tent=closed-sideways or tent=partly-open-flipped"))
    let pixel = CLIHarness.run(["run", script, "--profile", "pixel-fold", "--conflict", "tent=closed-sideways"])
    #expect(pixel.code == 64 && pixel.stderr.contains("profile pixel-fold names no conflict 'tent'"), "\(pixel.stderr)")
    // start tent needs a profile that says what tent is.
    let tent = TestSupport.temporaryFile("start tent\nwait 1s\n", suffix: ".hinge")
    let noTent = CLIHarness.run(["run", tent, "--profile", "pixel-fold"])
    #expect(
      noTent.code == 65 && noTent.stderr.contains(":1:7: expected a pose the profile knows; 'tent'"), "\(noTent.stderr)"
    )
    // The fold's rule for a flat phone applies to any profile.
    #expect(
      CLIHarness.run(["run", script, "--profile", "pixel-fold", "--conflict", "divisionWhenFlat=zero-when-flat"]).code
        == 0)
  }

  /// A report says which profile it measured; another side of a conflict is another profile.
  @Test("report hashes --conflict into the profile when it differs from the file")
  func reportHash() {
    func hash(_ extra: [String]) -> String? {
      let r = CLIHarness.run(["report", "traces/book-to-tabletop.hinge", "--compute-ms", "1", "--json"] + extra)
      guard let start = r.stdout.range(of: #""profile":{"#) else { return nil }
      return String(r.stdout[start.lowerBound...].prefix { $0 != "}" })
    }
    let plain = hash([])
    #expect(plain != nil)
    #expect(hash(["--conflict", "tabletopFold=fold-moves"]) == plain)  // the profile's own side
    #expect(hash(["--conflict", "tabletopFold=fold-stays"]) != plain)
    #expect(hash(["--conflict", "status=angle-and-orientation"]) != hash(["--conflict", "tabletopFold=fold-stays"]))
  }
}
