import EventStream
import TestSupport
import Testing

@testable import Simulator

/// The one frame rule (docs/profiles.md): reader = display − safe area − the 58-pt bar; a fold
/// = the display's middle − the reader's origin − half the fold. Expectations are hand
/// computations from the displays (466 × 678, 951 × 669) and the guide's inset table.
@Suite("Frame rule")
struct FrameRuleTests {
  let duo = TestSupport.profile()

  @Test("the rule by hand: closed sideways 594 × 408, the tall fold at y 313.5, the wide fold at x 455.5")
  func byHand() {
    let sideways = FrameRule.reader(display: (678, 466), safeArea: SafeArea(trailing: 84), bar: 58)
    #expect(sideways.width == 594 && sideways.height == 408)  // 678 − 84, 466 − 58
    let origin = FrameRule.origin(safeArea: SafeArea(top: 84, bottom: 95), bar: 58)
    #expect(origin.y == 142)  // 84 + 58
    #expect(FrameRule.foldOffset(displayLength: 951, origin: origin.y, thickness: 40) == 313.5)  // 475.5 − 142 − 20
    #expect(FrameRule.foldOffset(displayLength: 951, origin: 0, thickness: 40) == 455.5)  // the measured x
  }

  @Test(
    "the profile's derived frames are the rule's",
    arguments: [
      (Pose.closedSideways, SplitMode.off, 594.0, 408.0, nil as Double?),
      (.splitView, .left, 475.5, 611, nil),  // 951 / 2, 669 − 58
      (.splitView, .right, 391.5, 611, nil),  // 951 / 2 − 84
    ])
  func derivedFrames(_ pose: Pose, _ split: SplitMode, _ width: Double, _ height: Double, _ fold: Double?) throws {
    let rule = try #require(duo.ruleFrame(for: pose, split: split))
    #expect(rule.width == width && rule.height == height)
    let geometry = try #require(pose == .splitView ? duo.splitView[split] : duo.poses[pose])
    #expect(geometry.width == width && geometry.height == height)
  }

  @Test("where the rule meets a measurement they agree, or the measurement wins and the gap is known")
  func measuredWins() throws {
    // Agree: closed 466 − 84 × 678 − 58, held wide 951 − 84 × 669 − 58, the wide fold 475.5 − 20.
    let closed = try #require(duo.ruleFrame(for: .closed))
    #expect(closed.width == 382 && closed.height == 620)
    let wide = try #require(duo.ruleFrame(for: .openWide))
    #expect(wide.width == 867 && wide.height == 611 && wide.fold == 455.5)
    #expect(duo.poses[.openWide]?.division?.x == 455.5)
    // Disagree: the rule's 951 − 84 − 95 − 58 = 714; the guide measured 787 tall and 835 tabletop.
    let tall = try #require(duo.ruleFrame(for: .openTall))
    #expect(tall.width == 669 && tall.height == 714)
    #expect(duo.poses[.openTall]?.height == 787 && duo.poses[.tabletop]?.height == 835)
    // The tall fold is the rule's; the tabletop one cannot be (142 + 835 > 951): it moves to
    // 339.5 (conflicts.tabletopFold, fold-moves), or stays where it was held tall (fold-stays).
    #expect(tall.fold == 313.5 && duo.poses[.openTall]?.division?.y == 313.5)
    #expect(duo.poses[.tabletop]?.division?.y == 339.5)
    #expect(try duo.choosing(.tabletopFold, "fold-stays").poses[.tabletop]?.division?.y == 313.5)
  }

  @Test("every pose value labelled derived from the frame rule is what the rule gives")
  func labelsMatchTheRule() throws {
    let document = try Profile.document("iphone-duo", root: TestSupport.packageRoot)
    let rows = try ProfileSources.values(of: document).filter {
      $0.kind == .derived && $0.reason.contains("the frame rule") && $0.path.hasPrefix("poses.")
    }
    #expect(rows.count >= 5)  // closedSideways width and height, both panes' heights, the tall fold
    for row in rows {
      let parts = row.path.split(separator: ".").map(String.init)
      let (pose, split): (Pose, SplitMode) =
        switch parts[1] {
        case "splitViewLeft": (.splitView, .left)
        case "splitViewRight": (.splitView, .right)
        default: (Pose(rawValue: parts[1])!, .off)
        }
      let rule = try #require(duo.ruleFrame(for: pose, split: split))
      let expected: Double? =
        switch (parts[2], parts[3]) {
        case ("reader", "width"): rule.width
        case ("reader", "height"): rule.height
        case ("division", "x"), ("division", "y"): rule.fold
        default: nil
        }
      #expect(expected.map { String(NumberFormat.shortest($0)) } == row.value, "\(row.path)")
    }
  }
}
