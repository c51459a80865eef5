import Reports
import Testing

@testable import HingeSimCLI
@testable import Simulator

/// `hingesim profiles --sources NAME`: one row per value, key, value, kind and reason.
@Suite("profiles --sources")
struct ProfilesSourcesCLITests {
  @Test("prints a row per value with its kind and reason")
  func table() {
    let r = CLIHarness.run(["profiles", "--sources", "iphone-duo"])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["key", "value", "kind", "reason"])
    let easing = lines.first { $0.hasPrefix("transitions.open.easing ") }
    #expect(
      easing?.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == [
        "transitions.open.easing", "ease-out", "assumed",
      ])
    let count = lines.first { $0.hasPrefix("transitions.open.count ") }
    #expect(
      count?.split(separator: " ", omittingEmptySubsequences: true).prefix(3) == [
        "transitions.open.count", "7", "measured",
      ])
    // Long values (font paths) are cut so the kind column stays readable.
    #expect(lines.contains { $0.hasPrefix("typography.font.file") && $0.contains("…  assumed") })
    #expect(CLIHarness.run(["profiles", "--sources", "nonexistent"]).code == 66)
    // The typography calibration's metrics, each with its own source.
    func kind(_ key: String) -> String? {
      lines.first { $0.hasPrefix(key + " ") }.map { $0.split(separator: " ", omittingEmptySubsequences: true)[2] }
        .map(String.init)
    }
    #expect(kind("typography.calibration.ascender") == "external")  // capsize's figures, not the study's
    #expect(kind("typography.calibration.unitsPerEm") == "external")
    #expect(kind("typography.calibration.descender") == "derived")
    #expect(kind("typography.calibration.advanceScale") == "derived")
  }

  @Test("on a terminal reasons wrap under their column at word boundaries")
  func wrapping() {
    let row = SourcedValue(
      path: "a.b", value: "1", kind: .assumed, reason: "one two three four five six seven eight nine ten eleven twelve")
    let lines = SourcesTable.lines([row], width: 50)
    let indent = "a.b".count + "value".count + "reference-code".count + 6
    #expect(lines.count > 2)
    for line in lines.dropFirst(2) {
      #expect(line.hasPrefix(String(repeating: " ", count: indent)) && line.count <= indent + 30)
    }
    #expect(lines.dropFirst().map { $0.dropFirst(indent) }.joined(separator: " ") == row.reason)
    #expect(SourcesTable.lines([row], width: nil).count == 2)  // piped: one line per value
  }

  /// Folding flat ↔ book paginates again only when the flat fold is 0 pt (Apple's resource).
  @Test("--division-when-flat selects a source; the profile's value is frame-stays; a bad value is a usage error")
  func divisionWhenFlat() {
    let stays = CLIHarness.run(["simulate", "traces/fold-book.csv"])
    let zero = CLIHarness.run(["simulate", "traces/fold-book.csv", "--division-when-flat", "zero-when-flat"])
    #expect(stays.code == 0 && zero.code == 0)
    let explicit = CLIHarness.run(["simulate", "traces/fold-book.csv", "--division-when-flat", "frame-stays"])
    #expect(explicit.stdout == stays.stdout)
    #expect(!stays.stdout.contains(#""width":0,"#))
    #expect(zero.stdout.contains(#""division":{"x":475.5,"y":0,"width":0,"height":611,"isActive":false}"#))
    let bad = CLIHarness.run(["simulate", "traces/fold-book.csv", "--division-when-flat", "thin"])
    #expect(bad.code == 64)
    #expect(bad.stderr.contains("--division-when-flat: expected frame-stays or zero-when-flat, found 'thin'"))
  }

  /// A report says which profile it measured; another fold when flat is another profile.
  @Test("report hashes --division-when-flat into the profile when it differs from the file")
  func reportHash() {
    func profileField(_ extra: [String]) -> String? {
      let r = CLIHarness.run(["report", "traces/fold-book.csv", "--compute-ms", "1", "--json"] + extra)
      guard let start = r.stdout.range(of: #""profile":{"#) else { return nil }
      return String(r.stdout[start.lowerBound...].prefix { $0 != "}" })
    }
    let plain = profileField([])
    #expect(plain != nil)
    #expect(profileField(["--division-when-flat", "frame-stays"]) == plain)
    #expect(profileField(["--division-when-flat", "zero-when-flat"]) != plain)
  }
}
