import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// `conflicts.status` `angle-and-orientation`: while the hinge is horizontal the status follows
/// the profile's landscape thresholds (iphone-duo: fully open above 170° opening, below 150°
/// closing), and turning the phone reads the status again at the last angle.
@Suite("Status from angle and orientation")
struct HingeOrientationStatusTests {
  static let angleOnly = TestSupport.profile()
  static let oriented = try! TestSupport.profile().choosing(.status, "angle-and-orientation")

  static func run(_ profile: Profile, _ inputs: [Event]) -> (statuses: [HingeStatus], poses: [Pose]) {
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    return (
      out.compactMap { if case .status(let s) = $0.kind { s.status } else { nil } },
      out.compactMap { if case .pose(let p) = $0.kind { p.pose } else { nil } }
    )
  }

  @Test("165° with the hinge horizontal: fully open by the angle alone, partly open with the orientation")
  func sideways() {
    let inputs = [Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .sample(angle: 165))]
    #expect(Self.run(Self.angleOnly, inputs).poses.last == .openTall)
    #expect(Self.run(Self.oriented, inputs).poses.last == .tabletop)
    #expect(Self.run(Self.oriented, inputs).statuses == [.partiallyOpen])
  }

  /// Opened to 165° upright (fully open), folded to 145° (still fully open above 140°), then
  /// turned: the landscape thresholds read 145° as below 150°, partly open — tabletop.
  @Test("turning the phone reads the status again at the last angle")
  func turning() {
    let inputs = [
      Event(time: 0, .sample(angle: 165)), Event(time: 100, .sample(angle: 145)),
      Event(time: 200, .orientation(.landscapeLeft)), Event(time: 300, .orientation(.portrait)),
    ]
    let angle = Self.run(Self.angleOnly, inputs)
    #expect(angle.statuses == [.fullyOpen])
    #expect(angle.poses == [.openWide, .openTall, .openWide])
    let oriented = Self.run(Self.oriented, inputs)
    #expect(oriented.statuses == [.fullyOpen, .partiallyOpen])  // upright again, 145° stays partly open
    #expect(oriented.poses == [.openWide, .tabletop, .book])
  }

  @Test("with no sample yet, turning the phone reports no status")
  func unknownStaysUnknown() {
    let r = Self.run(Self.oriented, [Event(time: 0, .orientation(.landscapeLeft))])
    #expect(r.statuses.isEmpty)
  }
}
