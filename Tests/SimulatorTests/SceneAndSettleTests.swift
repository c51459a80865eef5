import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

@Suite("Scene bursts and settle")
struct SceneAndSettleTests {
  let profile = TestSupport.profile()

  func scenes(_ events: [Event]) -> [(Double, SceneChange)] {
    events.compactMap {
      if case .scene(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  func settles(_ events: [Event]) -> [(Double, Settled)] {
    events.compactMap {
      if case .settled(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  func regions(_ events: [Event]) -> [(Double, Division?)] {
    events.compactMap {
      if case .regions(let r) = $0.kind { return ($0.time, r.division) }
      return nil
    }
  }

  /// Closed for a second, then a 100 ms jump open to 180.
  var opening: [Event] {
    [Event(time: 0, .sample(angle: 0)), Event(time: 1000, .sample(angle: 90)), Event(time: 1100, .sample(angle: 180))]
  }

  @Test("opening from closed sends 7 sizes within 200 ms and exactly one settled ≥ 200 ms after the last")
  func openingBurst() {
    let out = TestSupport.simulate(opening)
    let burst = scenes(out).filter { $0.0 >= 1000 }
    #expect(burst.count == 7)
    #expect(burst.first!.0 == 1000)
    #expect(burst.last!.0 - burst.first!.0 <= 200)
    #expect(burst.dropLast().allSatisfy { $0.1.transient })
    #expect(!burst.last!.1.transient)
    #expect(burst.last!.1.width == 867 && burst.last!.1.height == 611)
    #expect(burst.map(\.1.index) == Array(1...7))
    // Intermediate sizes move monotonically from 382 to 867 wide.
    let widths = burst.map(\.1.width)
    #expect(widths == widths.sorted())
    #expect(widths.first! > 382)
    let s = settles(out).filter { $0.0 > 1000 }
    #expect(s.count == 1)
    #expect(s[0].0 >= burst.last!.0 + 200)
    #expect(s[0].0 == 1400)
    #expect(s[0].1.sizes == 7)
    #expect(s[0].1.width == 867)
    #expect(s[0].1.changed)
  }

  @Test("the division appears with the final size, in reader coordinates, active when folded")
  func divisionAppears() {
    let out = TestSupport.simulate([Event(time: 0, .sample(angle: 0)), Event(time: 500, .sample(angle: 110))])
    let r = regions(out)
    #expect(r.count == 1)
    #expect(r[0].0 == 700)
    #expect(r[0].1 == Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true))
  }

  @Test("flat ↔ book changes only the region's isActive: no new size, no changed settle")
  func flatToBook() {
    var inputs = [Event(time: 0, .sample(angle: 180))]
    inputs += TestSupport.ramp(from: 180, to: 110, start: 1000, duration: 300)
    inputs += TestSupport.ramp(from: 110, to: 180, start: 2000, duration: 300)
    let out = TestSupport.simulate(inputs)
    #expect(scenes(out).count == 1)
    let r = regions(out)
    #expect(r.map { $0.1?.isActive } == [false, true, false])
    #expect(Set(r.compactMap { $0.1?.frame }).count == 1)
    let s = settles(out)
    #expect(s.count == 1)  // only the initial one: isActive is not part of the layout key
  }

  @Test("a burst interrupted by a reversal stops and heads back from the last size")
  func interruptedBurst() {
    // Open at 1000 (7 sizes over 200 ms), close again at 1050 before the burst ends.
    let inputs = [
      Event(time: 0, .sample(angle: 0)), Event(time: 1000, .sample(angle: 180)),
      Event(time: 1050, .sample(angle: 0)),
    ]
    let out = TestSupport.simulate(inputs)
    let after = scenes(out).filter { $0.0 >= 1000 }
    let opening = after.filter { $0.1.display == .inner }
    #expect(opening.count == 2)  // 1000 and 1033.333: the rest was cancelled
    let closing = after.filter { $0.1.display == .outer }
    #expect(closing.count == 4)
    #expect(closing.first!.0 == 1050)
    #expect(closing.first!.1.width < opening.last!.1.width)
    #expect(closing.last!.1.width == 382)
    let s = settles(out).filter { $0.0 > 1000 }
    #expect(s.count == 1)
    #expect(s[0].1.width == 382)
    #expect(!s[0].1.changed)  // back to the key already shown
    #expect(s[0].1.sizes == 6)
  }

  @Test("rotation open wide → open tall is a rotate burst; tabletop folds with an active horizontal fold")
  func rotationBurst() {
    let inputs = [
      Event(time: 0, .sample(angle: 180)), Event(time: 1000, .orientation(.landscapeLeft)),
      Event(time: 2000, .sample(angle: 110)),
    ]
    let out = TestSupport.simulate(inputs)
    let rotate = scenes(out).filter { $0.0 >= 1000 && $0.0 < 2000 }
    #expect(rotate.count == profile.transitions.rotate.count)
    #expect(rotate.last!.1.width == 669 && rotate.last!.1.height == 787)
    let fold = scenes(out).filter { $0.0 >= 2000 }
    #expect(fold.last!.1.height == 835)
    #expect(regions(out).last!.1 == Division(frame: Rect(x: 0, y: 339.5, width: 669, height: 40), isActive: true))
  }

  @Test("text size changes restart the settle and are part of the key")
  func textSize() {
    let inputs = [
      Event(time: 0, .sample(angle: 0)), Event(time: 1000, .textSize(.AX5)),
      Event(time: 1100, .textSize(.large)), Event(time: 2000, .textSize(.AX1)),
    ]
    let s = settles(TestSupport.simulate(inputs))
    #expect(s.map(\.0) == [200, 1300, 2200])
    #expect(s.map(\.1.textSize) == [.large, .large, .AX1])
    #expect(s.map(\.1.changed) == [true, false, true])
    #expect(s.map(\.1.sizes) == [1, 0, 0])
  }

  @Test("the settle window can be overridden")
  func settleOverride() {
    let stages = Pipeline.simulator(profile: profile, settleMs: 50)
    let s = settles(TestSupport.run([Event(time: 0, .sample(angle: 0))], stages: stages))
    #expect(s.map(\.0) == [50])
  }

  @Test("Split View gives the reader the side of the fold, and back")
  func splitView() {
    let inputs = [
      Event(time: 0, .sample(angle: 180)), Event(time: 1000, .split(.left)), Event(time: 2000, .split(.right)),
      Event(time: 3000, .split(.off)),
    ]
    let out = TestSupport.simulate(inputs)
    let finals = scenes(out).filter { !$0.1.transient }.map { $0.1.width }
    // The frame rule: half the inner width (951 / 2), less the trailing 84-pt bar on the right.
    #expect(finals == [867, 475.5, 391.5, 867])
    #expect(regions(out).map { $0.1 == nil } == [false, true, false])
  }

  @Test("a silent sensor makes the pose unknown but leaves the scene as it is")
  func silenceKeepsTheScene() {
    var p = profile
    p.hinge!.status.unknownAfterMs = 500
    let out = TestSupport.simulate(
      [Event(time: 0, .sample(angle: 180)), Event(time: 2000, .sample(angle: 180))], profile: p)
    let poses = out.compactMap { e -> Pose? in if case .pose(let c) = e.kind { c.pose } else { nil } }
    #expect(poses == [.openWide, .unknown, .openWide, .unknown])  // silent again after the last sample
    #expect(scenes(out).count == 1)
    #expect(settles(out).count == 1)
  }

  @Test("region lag delays the division behind the final size")
  func regionLag() {
    var p = profile
    p.transitions.regionLagMs = 30
    let out = TestSupport.simulate(
      [Event(time: 0, .sample(angle: 0)), Event(time: 500, .sample(angle: 180))], profile: p)
    #expect(regions(out).map(\.0) == [730])
  }

  /// Ctrl-C in the middle of a burst used to settle the transient size at once: a settle that
  /// never happened, with a wait of a few milliseconds.
  @Test("a run cut short settles nothing: the end comes in the window and the stream ends with it")
  func endSettlesNothing() {
    var inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 300, step: 10)
    inputs.append(Event(time: 320, .end(.interrupted)))
    let out = TestSupport.simulate(inputs)
    #expect(out.last == Event(time: 320, .end(.interrupted)))
    #expect(!out.contains { if case .settled = $0.kind { true } else { false } })
    // The same inputs to their end settle the burst's last size.
    let whole = TestSupport.simulate(Array(inputs.dropLast()))
    #expect(whole.contains { if case .settled = $0.kind { true } else { false } })
  }

  @Test("two runs give identical bytes")
  func determinism() {
    var inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 700, step: 7)
    inputs.append(Event(time: 900, .orientation(.landscapeLeft)))
    inputs += TestSupport.ramp(from: 180, to: 100, start: 1500, duration: 300, step: 3)
    var p = profile
    p.hinge!.policy.noise = 0.7
    let a = TestSupport.jsonl(TestSupport.simulate(inputs, profile: p))
    let b = TestSupport.jsonl(TestSupport.simulate(inputs, profile: p))
    #expect(a == b)
    #expect(a.count > 1000)
  }
}
