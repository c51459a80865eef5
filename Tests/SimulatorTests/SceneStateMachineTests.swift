import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// The scene stage on its own: poses, statuses and orientations in; sizes and regions out.
@Suite("Scene stage")
struct SceneStateMachineTests {
  let profile = TestSupport.profile()

  func pose(_ pose: Pose, at time: Double) -> Event {
    Event(time: time, .pose(PoseChange(pose: pose, from: .unknown, orientation: .portrait)))
  }

  func status(_ status: HingeStatus, at time: Double) -> Event {
    Event(time: time, .status(StatusChange(status: status, from: .unknown, angle: 0)))
  }

  func scenes(_ events: [Event]) -> [(time: Double, scene: SceneChange)] {
    events.compactMap {
      if case .scene(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  func regions(_ events: [Event]) -> [(time: Double, division: Division?)] {
    events.compactMap {
      if case .regions(let r) = $0.kind { return ($0.time, r.division) }
      return nil
    }
  }

  func lagging(_ ms: Double) -> Profile {
    var p = profile
    p.transitions.regionLagMs = ms
    return p
  }

  @Test("no scene until a pose, then steady at its size with nothing due")
  func firstPose() {
    var scene = SceneStateMachine(profile: profile)
    var out: [Event] = []
    #expect(scene.size == nil && scene.deadline == nil)
    scene.receive(pose(.unknown, at: 0), into: &out)
    #expect(scene.size == nil && out.isEmpty)
    scene.receive(pose(.closed, at: 10), into: &out)
    #expect(scene.size?.width == 382 && scene.size?.height == 620 && scene.size?.display == .outer)
    guard case .steady = scene.state else {
      Issue.record("not steady: \(scene.state)")
      return
    }
    #expect(scene.deadline == nil)
    #expect(scenes(out).map(\.scene.count) == [1])
  }

  @Test("a burst sends its first size at once and is due for the next; the size follows what was sent")
  func bursting() {
    var scene = SceneStateMachine(profile: profile)
    var out: [Event] = []
    scene.receive(pose(.closed, at: 0), into: &out)
    scene.receive(pose(.openWide, at: 1000), into: &out)
    guard case .bursting = scene.state else {
      Issue.record("not bursting: \(scene.state)")
      return
    }
    #expect(scene.deadline == 1033.333)
    #expect(scene.size?.display == .inner)
    #expect(scene.size?.width == scenes(out).last?.scene.width)
    scene.fire(at: 1033.333, into: &out)
    #expect(scenes(out).count == 3)
  }

  @Test("a pose heading to the size a burst is heading to lets the burst run on")
  func burstRunsOn() {
    let out = TestSupport.run(
      [pose(.closed, at: 0), pose(.book, at: 1000), pose(.openWide, at: 1050)],
      stages: [SceneStateMachine(profile: profile)])
    let burst = scenes(out).filter { $0.time >= 1000 }
    #expect(burst.map(\.scene.index) == Array(1...7))
    #expect(burst.last?.time == 1200)
  }

  @Test("after a rotation, a same-display resize is a resize burst, not another rotation")
  func resizeAfterRotation() {
    let out = TestSupport.run(
      [
        pose(.openWide, at: 0), Event(time: 1000, .orientation(.landscapeLeft)), pose(.openTall, at: 1000),
        pose(.tabletop, at: 2000),
      ],
      stages: [SceneStateMachine(profile: profile)])
    let rotation = scenes(out).filter { $0.time >= 1000 && $0.time < 2000 }
    #expect(rotation.count == profile.transitions.rotate.count)
    let resize = scenes(out).filter { $0.time >= 2000 }
    #expect(resize.count == profile.transitions.resize.count)
    #expect(resize.last?.time == 2000 + profile.transitions.resize.durationMs)
  }

  @Test("with a region lag the division follows the final size by the lag")
  func regionLag() {
    var scene = SceneStateMachine(profile: lagging(30))
    var out: [Event] = []
    scene.receive(pose(.openWide, at: 0), into: &out)
    guard case .regionsLagging(_, let due) = scene.state else {
      Issue.record("not lagging: \(scene.state)")
      return
    }
    #expect(due == 30 && scene.deadline == 30)
    #expect(regions(out).isEmpty)
    scene.fire(at: 30, into: &out)
    #expect(regions(out).map(\.time) == [30])
    #expect(scene.deadline == nil)
  }

  @Test("a lagged division is not reported mid-burst: a new burst takes it to its own end")
  func lagDuringBurst() {
    let out = TestSupport.run(
      [pose(.openWide, at: 0), Event(time: 10, .orientation(.landscapeLeft)), pose(.openTall, at: 10)],
      stages: [SceneStateMachine(profile: lagging(30))])
    let end = 10 + profile.transitions.rotate.durationMs
    #expect(scenes(out).last?.time == end)
    #expect(regions(out).map(\.time) == [end + 30])
    #expect(regions(out).first?.division?.frame == Rect(x: 0, y: 313.5, width: 669, height: 40))  // the frame rule
  }

  @Test("a fold undone within the lag reports nothing; the last change counts from its own time")
  func foldUndoneWithinTheLag() {
    let out = TestSupport.run(
      [
        pose(.openWide, at: 0), status(.partiallyOpen, at: 100), status(.fullyOpen, at: 110),
        status(.partiallyOpen, at: 200), status(.fullyOpen, at: 210), status(.partiallyOpen, at: 220),
      ],
      stages: [SceneStateMachine(profile: lagging(30))])
    #expect(regions(out).map(\.time) == [30, 250])
    #expect(regions(out).map { $0.division?.isActive } == [false, true])
  }

  @Test("a fold while a burst runs is reported when the burst ends")
  func foldDuringBurst() {
    let out = TestSupport.run(
      [pose(.closed, at: 0), pose(.openWide, at: 1000), status(.partiallyOpen, at: 1050)],
      stages: [SceneStateMachine(profile: profile)])
    #expect(regions(out).map(\.time) == [1200])
    #expect(regions(out).first?.division?.isActive == true)
  }

  /// The sources conflict on the fold when flat (docs/profiles.md): the reading guide measured
  /// that the frame stays put and only `isActive` changes; Apple's design resource says 0 pt.
  @Test(
    "flat ↔ book: frame-stays changes only isActive; zero-when-flat shrinks the flat fold to its centre line",
    arguments: [Profile.DivisionWhenFlat.frameStays, .zeroWhenFlat])
  func divisionWhenFlat(_ choice: Profile.DivisionWhenFlat) {
    var p = profile
    p.divisionWhenFlat = choice
    let out = TestSupport.run(
      [
        status(.fullyOpen, at: 0), pose(.openWide, at: 0), status(.partiallyOpen, at: 1000), pose(.book, at: 1000),
        status(.fullyOpen, at: 2000), pose(.openWide, at: 2000),
      ],
      stages: [SceneStateMachine(profile: p)])
    let book = Rect(x: 455.5, y: 0, width: 40, height: 611)  // measured held wide, 40 pt observed folded
    let flat = choice == .frameStays ? book : Rect(x: 475.5, y: 0, width: 0, height: 611)  // the fold's centre, 0 pt
    #expect(
      regions(out).map(\.division)
        == [
          Division(frame: flat, isActive: false), Division(frame: book, isActive: true),
          Division(frame: flat, isActive: false),
        ])
    #expect(scenes(out).count == 1)  // no size changes either way
  }
}
