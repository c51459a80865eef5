import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Behaviours of the hinge stage that a user depends on and that only golden streams (or nothing)
/// caught before: each test names one, with the expected values taken from the profile.
@Suite("Hinge stage, pinned")
struct HingePinnedTests {
  let profile = TestSupport.profile()

  private func statuses(_ events: [Event]) -> [(time: Double, status: HingeStatus)] {
    events.compactMap {
      if case .status(let s) = $0.kind { return ($0.time, s.status) }
      return nil
    }
  }

  private func poses(_ events: [Event]) -> [(time: Double, pose: Pose)] {
    events.compactMap {
      if case .pose(let p) = $0.kind { return ($0.time, p.pose) }
      return nil
    }
  }

  private func scenes(_ events: [Event]) -> [(time: Double, scene: SceneChange)] {
    events.compactMap {
      if case .scene(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  /// The first sample has no direction of travel, so it is classified by the opening thresholds
  /// alone: closed *below* `closedBelow.opening` (5°), fully open from `fullyOpenAbove.opening`
  /// (160°) up, partially open in between — each threshold belongs to the band above it. The
  /// angles one precision step (0.5°) below each threshold fall in the band below.
  @Test(
    "a first sample exactly at an opening threshold takes the status above it",
    arguments: [(4.5, HingeStatus.closed), (5, .partiallyOpen), (159.5, .partiallyOpen), (160, .fullyOpen)])
  func firstSampleAtTheThreshold(angle: Double, expected: HingeStatus) {
    let t = profile.hinge!.status
    #expect(t.closedOpening == 5 && t.fullyOpenOpening == 160)  // profiles/iphone-duo.json
    let out = TestSupport.run([Event(time: 0, .sample(angle: angle))], stages: [HingeStateMachine(profile: profile)])
    #expect(statuses(out).map(\.status) == [expected], "first sample at \(angle)°")
    let hinge = out.compactMap { e -> HingeUpdate? in if case .hinge(let h) = e.kind { h } else { nil } }
    #expect(hinge.map(\.status) == [expected], "the first delivered update carries it")
    #expect(hinge.map(\.angle) == [angle])
  }

  /// With a dwell, a new status must *hold* for `dwellMs`; samples that keep confirming it do
  /// not restart the wait. Closed at 0, then 30° every 10 ms from t = 10: partially open is
  /// committed at 10 + 100 = 110, while samples are still arriving (until 500).
  @Test("a status dwell commits while samples of the new status keep arriving")
  func dwellCommitsUnderContinuousSamples() {
    var p = profile
    p.hinge!.status.dwellMs = 100
    var inputs = [Event(time: 0, .sample(angle: 0))]
    for i in 1...50 { inputs.append(Event(time: Double(i) * 10, .sample(angle: 30))) }
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: p)])
    let s = statuses(out)
    #expect(s.map(\.time) == [0, 110])
    #expect(s.map(\.status) == [.closed, .partiallyOpen])
    #expect(poses(out).map(\.pose) == [.closed, .book])
  }

  @Test("the dwell's deadline is the first sample of the new status plus dwellMs, and stays there")
  func dwellDeadlineDoesNotMove() {
    var p = profile
    p.hinge!.status.dwellMs = 100
    var hinge = HingeStateMachine(profile: p)
    var out: [Event] = []
    hinge.receive(Event(time: 0, .sample(angle: 0)), into: &out)
    hinge.receive(Event(time: 10, .sample(angle: 30)), into: &out)
    // The update policy may want to deliver 30° at 16; the dwell ends at 110.
    if let d = hinge.deadline, d < 110 { hinge.fire(at: d, into: &out) }
    hinge.receive(Event(time: 60, .sample(angle: 30)), into: &out)
    hinge.receive(Event(time: 100, .sample(angle: 30)), into: &out)
    #expect(hinge.deadline == 110)
    #expect(hinge.status == .closed)
    hinge.fire(at: 110, into: &out)
    #expect(hinge.status == .partiallyOpen)
  }

  /// DESIGN §3.2: the pose follows the hinge's direction, which faceUp/faceDown do not tell:
  /// lying flat keeps the last axis, so tabletop stays tabletop until the device is upright again.
  @Test("faceUp and faceDown keep the hinge's last axis")
  func flatOrientationKeepsTheAxis() {
    let inputs = [
      Event(time: 0, .sample(angle: 110)), Event(time: 100, .orientation(.landscapeLeft)),
      Event(time: 200, .orientation(.faceUp)), Event(time: 250, .orientation(.faceDown)),
      Event(time: 300, .orientation(.portrait)),
    ]
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    #expect(poses(out).map(\.pose) == [.book, .tabletop, .book])
    #expect(poses(out).map(\.time) == [0, 100, 300])
  }

  /// Split View is the multitasking pose of the inner display held wide (the profile's Split
  /// View frames are the reader's parts left and right of the vertical fold). Held landscape the
  /// hinge is horizontal — open tall or tabletop — and Split View does not change the pose.
  @Test("Split View while held landscape keeps open tall / tabletop; upright it is splitView")
  func splitViewHeldLandscape() {
    #expect(HingeStateMachine.pose(status: .fullyOpen, landscape: true, split: .left) == .openTall)
    #expect(HingeStateMachine.pose(status: .partiallyOpen, landscape: true, split: .right) == .tabletop)
    #expect(HingeStateMachine.pose(status: .closed, landscape: true, split: .left) == .closedSideways)
    #expect(HingeStateMachine.pose(status: .partiallyOpen, landscape: false, split: .right) == .splitView)

    let inputs = [
      Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .sample(angle: 180)),
      Event(time: 1000, .split(.left)),  // held tall: nothing changes
      Event(time: 2000, .orientation(.portrait)),  // upright now: the Split View applies
    ]
    let out = TestSupport.simulate(inputs, profile: profile)
    #expect(poses(out).map(\.pose) == [.openTall, .splitView])
    #expect(poses(out).map(\.time) == [0, 2000])
    #expect(!scenes(out).contains { $0.time >= 1000 && $0.time < 2000 })
    let left = profile.splitView[.left]!
    #expect(scenes(out).last?.scene.width == left.width)  // 455.5
  }
}
