import TestSupport
import Testing

@testable import EventStream

/// Behaviours of the scene stage: which burst a size change gets, and when the division region
/// is reported. Expected counts and durations are the profile's transition numbers.
@Suite("Scene stage, pinned")
struct ScenePinnedTests {
  let profile = TestSupport.profile()

  private func scenes(_ events: [Event]) -> [(time: Double, scene: SceneChange)] {
    events.compactMap {
      if case .scene(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  private func regions(_ events: [Event]) -> [(time: Double, division: Division?)] {
    events.compactMap {
      if case .regions(let r) = $0.kind { return ($0.time, r.division) }
      return nil
    }
  }

  @Test("the profile tells a rotation burst from a same-display resize burst")
  func burstKindsDiffer() {
    // profiles/iphone-duo.json: rotate 5 sizes in 300 ms, resize 3 sizes in 100 ms.
    #expect(profile.transitions.rotate.count == 5 && profile.transitions.rotate.durationMs == 300)
    #expect(profile.transitions.resize.count == 3 && profile.transitions.resize.durationMs == 100)
  }

  /// After a rotation (open wide → open tall, a rotate burst), folding to tabletop changes the
  /// height on the same display without turning the device: a resize burst (3 sizes in 100 ms).
  @Test("after a rotation, a later same-display resize is a resize burst, not a rotation")
  func resizeAfterRotation() {
    let inputs = [
      Event(time: 0, .sample(angle: 180)),  // open wide, portrait
      Event(time: 1000, .orientation(.landscapeLeft)),  // open tall: rotation
      Event(time: 2000, .sample(angle: 110)),  // tabletop: same display, taller reader
      Event(time: 3000, .sample(angle: 180)),  // open tall again: same display, shorter
    ]
    let out = TestSupport.simulate(inputs, profile: profile)
    let rotate = profile.transitions.rotate
    let resize = profile.transitions.resize

    let rotation = scenes(out).filter { $0.time >= 1000 && $0.time < 2000 }
    #expect(rotation.count == rotate.count)
    #expect(rotation.last!.time - rotation.first!.time == rotate.durationMs)

    for start in [2000.0, 3000] {
      let burst = scenes(out).filter { $0.time >= start && $0.time < start + 1000 }
      #expect(burst.count == resize.count, "burst at \(start)")
      #expect(burst.map(\.scene.count) == Array(repeating: resize.count, count: burst.count))
      #expect(burst.last!.time - burst.first!.time == resize.durationMs, "burst at \(start)")
      #expect(burst.allSatisfy { $0.scene.display == .inner })
    }
    #expect(scenes(out).last?.scene.height == profile.poses[.openTall]!.height)
  }

  /// Starting in landscape (tabletop), the first size already belongs to the landscape
  /// orientation: opening to open tall is a resize, not a rotation.
  @Test("a stream that starts held landscape resizes without a rotation burst")
  func startInLandscape() {
    let inputs = [
      Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .sample(angle: 110)),  // tabletop
      Event(time: 1000, .sample(angle: 180)),  // open tall
    ]
    let out = TestSupport.simulate(inputs, profile: profile)
    let burst = scenes(out).filter { $0.time >= 1000 }
    #expect(burst.count == profile.transitions.resize.count)
    #expect(burst.last!.time - burst.first!.time == profile.transitions.resize.durationMs)
    #expect(burst.last?.scene.height == profile.poses[.openTall]!.height)
  }

  /// With a region lag, the division is reported `regionLagMs` after the final size of the last
  /// burst. A rotation that starts before a lagged report is due cancels it: the report comes
  /// after the rotation's burst, never in the middle of it.
  @Test("a lagged regions report never fires mid-burst")
  func laggedRegionsWaitForTheNextBurst() {
    var p = profile
    p.transitions.regionLagMs = 150
    let inputs = [
      Event(time: 0, .sample(angle: 0)),
      Event(time: 500, .sample(angle: 180)),  // open: 7 sizes 500…700, regions due at 850
      Event(time: 750, .orientation(.landscapeLeft)),  // rotation: 5 sizes 750…1050
    ]
    let out = TestSupport.simulate(inputs, profile: p)
    let rotation = scenes(out).filter { $0.time >= 750 }
    #expect(rotation.count == p.transitions.rotate.count)
    #expect(rotation.last?.time == 1050)
    let r = regions(out)
    #expect(r.map(\.time) == [1050 + 150])
    let tall = p.poses[.openTall]!.division!
    #expect(r.map(\.division) == [Division(frame: tall, isActive: false)])
  }

  /// Without a lag, a fold that changes only `isActive` while an opening burst runs is reported
  /// when the burst ends (with the final size), not at the moment of the fold.
  @Test("a division that activates mid-burst is reported when the burst ends")
  func activationMidBurst() {
    let inputs = [
      Event(time: 0, .sample(angle: 0)),
      Event(time: 500, .sample(angle: 180)),  // open: 7 sizes 500…700
      Event(time: 600, .sample(angle: 110)),  // book before the burst ends
    ]
    let out = TestSupport.simulate(inputs, profile: profile)
    #expect(scenes(out).last?.time == 700)
    let fold = profile.poses[.book]!.division!
    #expect(regions(out).map(\.time) == [700])
    #expect(regions(out).map(\.division) == [Division(frame: fold, isActive: true)])
  }
}
