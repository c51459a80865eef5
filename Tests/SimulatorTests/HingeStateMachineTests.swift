import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

@Suite("Hinge model")
struct HingeStateMachineTests {
  let profile = TestSupport.profile()

  func statuses(_ events: [Event]) -> [(Double, HingeStatus, HingeStatus)] {
    events.compactMap {
      if case .status(let s) = $0.kind { return ($0.time, s.from, s.status) }
      return nil
    }
  }

  func hinges(_ events: [Event]) -> [(Double, HingeUpdate)] {
    events.compactMap {
      if case .hinge(let h) = $0.kind { return ($0.time, h) }
      return nil
    }
  }

  func poses(_ events: [Event]) -> [Pose] {
    events.compactMap {
      if case .pose(let p) = $0.kind { return p.pose }
      return nil
    }
  }

  @Test("the first delivered update carries the initial state")
  func firstUpdate() {
    let out = TestSupport.run([Event(time: 0, .sample(angle: 120))], stages: [HingeStateMachine(profile: profile)])
    let h = hinges(out)
    #expect(h.count == 1)
    #expect(h[0].1.angle == 120)
    #expect(h[0].1.status == .partiallyOpen)
    #expect(abs(h[0].1.radians - 120 * .pi / 180) < 1e-12)
    #expect(statuses(out).map(\.2) == [.partiallyOpen])
    #expect(poses(out) == [.book])
  }

  @Test("opening crosses 5° and 160°; closing crosses 140° and 2° (hysteresis)")
  func hysteresisBothDirections() {
    // Up in 1° steps, then down in 1° steps, 20 ms apart.
    var inputs: [Event] = []
    var t = 0.0
    for a in stride(from: 0.0, through: 180, by: 1) {
      inputs.append(Event(time: t, .sample(angle: a)))
      t += 20
    }
    for a in stride(from: 179.0, through: 0, by: -1) {
      inputs.append(Event(time: t, .sample(angle: a)))
      t += 20
    }
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    let s = statuses(out)
    #expect(s.map(\.2) == [.closed, .partiallyOpen, .fullyOpen, .partiallyOpen, .closed])
    // Deadband 0.5 → transitions need the threshold plus 0.25°: first whole degree past it.
    let angles = out.compactMap { e -> Double? in
      if case .status(let c) = e.kind { return c.angle }
      return nil
    }
    #expect(angles == [0, 6, 161, 139, 1])
  }

  @Test("between 140° and 160° the status depends on the direction of travel")
  func bandDependsOnDirection() {
    let opening = TestSupport.run(
      TestSupport.ramp(from: 100, to: 150, start: 0, duration: 500),
      stages: [HingeStateMachine(profile: profile)])
    #expect(statuses(opening).last?.2 == .partiallyOpen)
    let closing = TestSupport.run(
      TestSupport.ramp(from: 180, to: 150, start: 0, duration: 300),
      stages: [HingeStateMachine(profile: profile)])
    #expect(statuses(closing).last?.2 == .fullyOpen)
  }

  @Test("jitter around a threshold does not flap the status")
  func noFlapping() {
    var inputs: [Event] = []
    for i in 0..<100 {
      inputs.append(Event(time: Double(i) * 20, .sample(angle: i % 2 == 0 ? 159 : 161)))
    }
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    #expect(statuses(out).map(\.2) == [.partiallyOpen, .fullyOpen])
  }

  @Test("updates respect the minimum interval and the trailing value is delivered")
  func rateLimit() {
    // Samples every 5 ms for 100 ms, 1° apart: at most one update per 16 ms.
    let inputs = (0...20).map { Event(time: Double($0) * 5, .sample(angle: 60 + Double($0))) }
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    let h = hinges(out)
    for (a, b) in zip(h, h.dropFirst()) { #expect(b.0 - a.0 >= 16) }
    #expect(h.last?.1.angle == 80)
    #expect(h.map(\.0) == [0, 16, 32, 48, 64, 80, 96, 112])  // the trailing value waits out the interval
  }

  @Test("precision quantises and changes below the minimum are not reported")
  func precisionAndMinChange() {
    let inputs = [
      Event(time: 0, .sample(angle: 90.1)), Event(time: 100, .sample(angle: 90.2)),
      Event(time: 200, .sample(angle: 90.8)),
    ]
    let h = hinges(TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)]))
    #expect(h.map(\.1.angle) == [90, 91])
    #expect(h.map(\.0) == [0, 200])
  }

  /// The dual-pane patterns guide's normaliser: the largest angle seen starts at π; closed → 0;
  /// fully open → 1 (and raises the largest); partly open → min(max(radians ÷ largest, 0), 1).
  /// Its formula gives 9° → 0.05, 90° → 0.5, 150° → 0.833 before the first full open (the guide
  /// prints no figures; these are π's fractions).
  @Test("progress before the first full open is the guide's formula: 9° → 0.05, 90° → 0.5, 150° → 0.833")
  func progressBeforeFullOpen() {
    let inputs = [0.0, 9, 90, 150].enumerated().map { Event(time: Double($0.offset) * 100, .sample(angle: $0.element)) }
    let h = hinges(TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)]))
    #expect(h.map(\.1.status) == [.closed, .partiallyOpen, .partiallyOpen, .partiallyOpen])
    #expect(h.first?.1.progress == 0)
    let expected = [0.05, 0.5, 0.8333]
    for (update, guide) in zip(h.dropFirst().map(\.1), expected) {
      #expect(abs(update.progress - guide) < 0.0001, "\(update.angle)°: \(update.progress), guide \(guide)")
    }
  }

  @Test("a full open at 180° gives 1 and leaves the largest at π; iphone-duo's range clamps above it")
  func progressAfterFullOpen() {
    var inputs = TestSupport.ramp(from: 0, to: 180, start: 0, duration: 360)
    inputs += [Event(time: 1000, .sample(angle: 200)), Event(time: 1100, .sample(angle: 90))]
    let h = hinges(TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)]))
    #expect(h.first(where: { $0.1.status == .fullyOpen })?.1.progress == 1)
    #expect(h.map(\.1.angle).max() == 180)  // the profile's range is 0–180
    let last = h.last!.1
    #expect(last.status == .partiallyOpen)
    #expect(last.progress == 0.5)  // 90° ÷ π
  }

  @Test("an angle above 180° in a range that allows it raises the largest")
  func progressPastFlat() {
    var wide = profile
    wide.hinge!.maxAngle = 200
    let inputs = [
      Event(time: 0, .sample(angle: 0)), Event(time: 100, .sample(angle: 195)), Event(time: 200, .sample(angle: 97.5)),
    ]
    let h = hinges(TestSupport.run(inputs, stages: [HingeStateMachine(profile: wide)]))
    #expect(h.map(\.1.angle) == [0, 195, 97.5])
    #expect(h[1].1.progress == 1)
    #expect(abs(h[2].1.progress - 0.5) < 1e-12)  // 97.5° ÷ 195°, not ÷ 180°
  }

  @Test("poses follow status and orientation; Split View only when open upright")
  func poseClassification() {
    #expect(HingeStateMachine.pose(status: .closed, landscape: false, split: .off) == .closed)
    #expect(HingeStateMachine.pose(status: .closed, landscape: true, split: .off) == .closedSideways)
    #expect(HingeStateMachine.pose(status: .fullyOpen, landscape: false, split: .off) == .openWide)
    #expect(HingeStateMachine.pose(status: .partiallyOpen, landscape: false, split: .off) == .book)
    #expect(HingeStateMachine.pose(status: .fullyOpen, landscape: true, split: .off) == .openTall)
    #expect(HingeStateMachine.pose(status: .partiallyOpen, landscape: true, split: .off) == .tabletop)
    #expect(HingeStateMachine.pose(status: .fullyOpen, landscape: false, split: .left) == .splitView)
    #expect(HingeStateMachine.pose(status: .closed, landscape: false, split: .left) == .closed)
  }

  @Test("rotation to landscape turns book into tabletop; faceUp keeps the last axis")
  func rotation() {
    let inputs = [
      Event(time: 0, .sample(angle: 110)), Event(time: 100, .orientation(.landscapeLeft)),
      Event(time: 200, .orientation(.faceUp)), Event(time: 300, .orientation(.portrait)),
    ]
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    #expect(poses(out) == [.book, .tabletop, .book])
  }

  @Test("events are emitted only on change")
  func onlyOnChange() {
    let inputs = (0..<50).map { Event(time: Double($0) * 20, .sample(angle: 180)) }
    let out = TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])
    #expect(hinges(out).count == 1)
    #expect(statuses(out).count == 1)
  }

  @Test("dwell delays a status until it has held")
  func dwell() {
    var p = profile
    p.hinge!.status.dwellMs = 100
    let inputs = [
      Event(time: 0, .sample(angle: 0)), Event(time: 10, .sample(angle: 30)),
      Event(time: 50, .sample(angle: 1)), Event(time: 200, .sample(angle: 40)),
    ]
    let s = statuses(TestSupport.run(inputs, stages: [HingeStateMachine(profile: p)]))
    #expect(s.map(\.0) == [0, 300])
    #expect(s.map(\.2) == [.closed, .partiallyOpen])
  }

  @Test("a sensor silence makes the status unknown when the profile says so")
  func silence() {
    var p = profile
    p.hinge!.status.unknownAfterMs = 500
    let inputs = [Event(time: 0, .sample(angle: 90)), Event(time: 2000, .sample(angle: 90))]
    let s = statuses(TestSupport.run(inputs, stages: [HingeStateMachine(profile: p)]))
    #expect(s.map(\.0) == [0, 500, 2000, 2500])
    #expect(s.map(\.2) == [.partiallyOpen, .unknown, .partiallyOpen, .unknown])
  }

  @Test("seeded noise is deterministic")
  func noise() {
    var p = profile
    p.hinge!.policy.noise = 2
    let inputs = TestSupport.ramp(from: 80, to: 100, start: 0, duration: 1000)
    let a = TestSupport.run(inputs, stages: [HingeStateMachine(profile: p)])
    let b = TestSupport.run(inputs, stages: [HingeStateMachine(profile: p)])
    #expect(a == b)
    #expect(
      hinges(a).map(\.1.angle)
        != hinges(TestSupport.run(inputs, stages: [HingeStateMachine(profile: profile)])).map(\.1.angle))
  }

  /// UIHingeInteraction hands a view without a hinge one update whose hinge is nil.
  @Test("the none profile has no hinge: samples give one closed pose and one update with no hinge")
  func noHinge() {
    let none = TestSupport.profile("none")
    #expect(none.hinge == nil)
    let out = TestSupport.simulate(TestSupport.ramp(from: 0, to: 180, start: 0, duration: 500), profile: none)
    #expect(hinges(out).map(\.0) == [0])
    #expect(hinges(out).map(\.1) == [.noHinge])
    #expect(!HingeUpdate.noHinge.hasHinge)
    let line = out.first { if case .hinge = $0.kind { true } else { false } }.map(EventWriter.string)
    #expect(line == #"{"t":0,"type":"hinge","hinge":null}"#)
    #expect(statuses(out).isEmpty)
    #expect(poses(out) == [.closed])
    let sizes = out.filter { if case .scene = $0.kind { true } else { false } }
    #expect(sizes.count == 1)
  }
}
