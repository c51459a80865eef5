import EventStream
import TestSupport
import Testing

@testable import Simulator

/// `scene` events carry the pose's size classes and safe area: the dual-pane guide's tables
/// (outer portrait compact × regular, trailing 84; outer landscape compact × compact, trailing
/// 84 on the camera edge; inner regular × regular, landscape trailing 84, portrait top 84 and
/// bottom 95), Split View assumed compact × regular.
@Suite("Scene size classes and safe areas")
struct SceneTraitsTests {
  @Test(
    "every pose's scene events carry the guide's size classes and safe area",
    arguments: [
      (Pose.closed, SplitMode.off, SizeClass.compact, SizeClass.regular, SafeArea(trailing: 84)),
      (.closedSideways, .off, .compact, .compact, SafeArea(trailing: 84)),
      (.openWide, .off, .regular, .regular, SafeArea(trailing: 84)),
      (.book, .off, .regular, .regular, SafeArea(trailing: 84)),
      (.openTall, .off, .regular, .regular, SafeArea(top: 84, bottom: 95)),
      (.tabletop, .off, .regular, .regular, SafeArea(top: 84, bottom: 95)),
      (.splitView, .left, .compact, .regular, SafeArea()),
      (.splitView, .right, .compact, .regular, SafeArea(trailing: 84)),
    ])
  func traits(_ pose: Pose, _ split: SplitMode, _ h: SizeClass, _ v: SizeClass, _ area: SafeArea) {
    // Start closed, then go to the pose: every size of the burst carries the target's traits.
    var inputs = [Event(time: 0, .pose(PoseChange(pose: .closed, from: .unknown, orientation: .portrait)))]
    if split != .off { inputs.append(Event(time: 500, .split(split))) }
    inputs.append(Event(time: 1000, .pose(PoseChange(pose: pose, from: .closed, orientation: .portrait))))
    let out = TestSupport.run(inputs, stages: [SceneStateMachine(profile: TestSupport.profile())])
    let scenes = out.compactMap { e -> SceneChange? in if case .scene(let s) = e.kind, e.time >= 1000 { s } else { nil }
    }
    let burst = pose == .closed ? [] : scenes
    #expect(pose == .closed || !burst.isEmpty)
    for scene in burst {
      #expect(scene.horizontalSizeClass == h && scene.verticalSizeClass == v && scene.safeArea == area, "\(scene)")
    }
    if case .scene(let first)? = out.first?.kind {
      #expect(first.horizontalSizeClass == .compact && first.safeArea == SafeArea(trailing: 84))
    }
  }
}
