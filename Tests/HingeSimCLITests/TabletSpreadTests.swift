import EventStream
import TestSupport
import Testing

@testable import HingeSimCLI

/// The tablet profile (no fold, regular width): held sideways the reader shows a spread split
/// at the middle (the dual-pane guide's "wide regular-width view without a fold"); upright, one
/// page. Frames by hand: 1180 / 2 = 590; pages 590 − 20 − 20 = 550 wide, from x 20 and 610.
@Suite("Tablet spreads")
struct TabletSpreadTests {
  func shown(_ profile: String, _ trace: String) -> [String] {
    let r = CLIHarness.run([
      "run", packageRoot + "/traces/" + trace, "--profile", profile, "--compute-ms", "1", "--json",
    ])
    #expect(r.code == 0, "\(r.stderr)")
    return r.stdout.split(separator: "\n").map(String.init).filter { $0.contains(#""type":"shown""#) }
  }

  @Test("held sideways the tablet shows a spread split at the middle, upright one page")
  func spreadAtTheMiddle() {
    let lines = shown("tablet", "closed-sideways.hinge")
    #expect(lines.count == 3)
    // Upright: 820 − 40 = 780 pt of room, narrowed to the design kit's 600 in regular width, centred.
    #expect(lines.first?.contains(#""layout":"single","frames":[{"x":110,"y":20,"width":600,"height":1038}]"#) == true)
    let sideways = lines.dropFirst().first ?? ""
    #expect(
      sideways.contains(
        #""layout":"spread","frames":[{"x":20,"y":20,"width":550,"height":678},{"x":610,"y":20,"width":550,"height":678}]"#
      ), "\(sideways)")
    #expect(sideways.contains(#""pages":[0,1]"#))
  }

  @Test("the iPhone Duo held sideways closed is compact: one page, not a spread")
  func compactSidewaysIsOnePage() {
    let sideways = shown("iphone-duo", "closed-sideways.hinge").dropFirst().first ?? ""
    #expect(sideways.contains(#""layout":"single","frames":[{"x":20,"y":20,"width":554,"height":368}]"#), "\(sideways)")
  }

  @Test("a bad size class or inset in a profile or a stream is exit 65 at file:line:column")
  func badValues() throws {
    let bundled = String(decoding: try FileBytes.read(path: packageRoot + "/profiles/tablet.json"), as: UTF8.self)
    let profile = TestSupport.temporaryFile(
      bundled.replacingOccurrences(
        of: #""horizontal": "regular", "vertical": "regular", "source": "apple-spec: as closed"#,
        with: #""horizontal": "wide", "vertical": "regular", "source": "apple-spec: as closed"#), suffix: ".json")
    let r = CLIHarness.run(["profiles", "--check", profile])
    #expect(r.code == 65)
    #expect(
      r.stderr.contains(
        "\(profile):35:22: poses.closedSideways.sizeClass.horizontal: expected compact or regular, found \"wide\""),
      "\(r.stderr)")
    let negative = TestSupport.temporaryFile(
      bundled.replacingOccurrences(of: #""safeArea": { "top": 24"#, with: #""safeArea": { "top": -24"#), suffix: ".json"
    )
    let n = CLIHarness.run(["profiles", "--check", negative])
    #expect(n.code == 65)
    #expect(n.stderr.contains("poses.closed.safeArea.top: expected a number ≥ 0, found -24"), "\(n.stderr)")
    let stream = TestSupport.temporaryFile(
      #"{"t":0,"type":"scene","width":382,"height":620,"display":"outer","transient":false,"index":1,"count":1,"horizontalSizeClass":"big"}"#
        + "\n")
    let s = CLIHarness.run(["read", stream])
    #expect(s.code == 65)
    #expect(
      s.stderr.contains("\(stream):1:126: expected one of compact, regular for 'horizontalSizeClass', found \"big\""),
      "\(s.stderr)")
  }
}
