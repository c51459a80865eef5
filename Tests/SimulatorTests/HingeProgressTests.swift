import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Issue 28, part 2: the dual-pane guide's progress normaliser exactly — `min(max(rad / maxSeen,
/// 0), 1)` partly open, 0 closed, 1 fully open (raising `maxSeen`, π at first), the last value
/// kept on `unknown`, and 1 when there is no hinge.
@Suite("Hinge progress")
struct HingeProgressTests {
  static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }

  /// The guide's formula at each angle, partly open, before any full open (maxSeen = π): the
  /// expectations are the angle's fraction of 180°, clamped to 0 … 1.
  @Test(
    "partly open: min(max(radians ÷ π, 0), 1)",
    arguments: [
      (0.0, 0.0), (9.0, 0.05), (45.0, 0.25), (90.0, 0.5), (150.0, 5.0 / 6), (160.0, 8.0 / 9), (180.0, 1.0),
      (190.0, 1.0),
    ])
  func table(_ degrees: Double, _ expected: Double) {
    var progress = HingeProgress()
    let value = progress.update(status: .partiallyOpen, radians: Self.radians(degrees))
    #expect(abs(value - expected) < 1e-12, "\(degrees)°: \(value)")
    #expect(value <= 1 && value >= 0)
  }

  @Test("unknown keeps the last value; closed is 0; fully open is 1 and raises the largest")
  func statuses() {
    var progress = HingeProgress()
    #expect(progress.update(status: .unknown, radians: 1) == 0)  // nothing before: 0
    #expect(abs(progress.update(status: .partiallyOpen, radians: Self.radians(90)) - 0.5) < 1e-12)
    #expect(abs(progress.update(status: .unknown, radians: Self.radians(170)) - 0.5) < 1e-12)  // kept
    #expect(progress.update(status: .fullyOpen, radians: Self.radians(190)) == 1)
    #expect(progress.largestRadians == Self.radians(190))
    #expect(progress.update(status: .unknown, radians: 0) == 1)  // kept
    #expect(abs(progress.update(status: .partiallyOpen, radians: Self.radians(95)) - 0.5) < 1e-12)  // ÷ 190°
    #expect(progress.update(status: .closed, radians: Self.radians(3)) == 0)
    #expect(progress.update(status: .unknown, radians: Self.radians(3)) == 0)
  }

  @Test("no hinge: the guide reports 1")
  func noHinge() {
    #expect(HingeProgress.noHinge == 1)
    #expect(HingeUpdate.noHinge.progress == 1)
    let out = TestSupport.run(
      [Event(time: 0, .sample(angle: 0))],
      stages: [HingeStateMachine(profile: TestSupport.profile("none"))])
    let update = out.compactMap { if case .hinge(let h) = $0.kind { h } else { nil } }
    #expect(update.count == 1 && !update[0].hasHinge && update[0].progress == 1)
  }

  /// 190° partly open on a profile whose range and flat threshold go past it: 1, not 190 ÷ 180.
  @Test("the hinge stage clamps: 190° partly open on a 0–200° profile gives 1, not 1.0556")
  func stageClamps() {
    var wide = TestSupport.profile()
    wide.hinge!.maxAngle = 200
    wide.hinge!.status.fullyOpenOpening = 195
    wide.hinge!.status.fullyOpenClosing = 192
    let inputs = [Event(time: 0, .sample(angle: 0)), Event(time: 100, .sample(angle: 190))]
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: wide)])
    let last = out.compactMap { if case .hinge(let h) = $0.kind { h } else { nil } }.last!
    #expect(last.status == .partiallyOpen && last.angle == 190)
    #expect(last.progress == 1)
  }
}
