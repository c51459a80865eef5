import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

@Suite("Hinge update policy")
struct UpdatePolicyFilterTests {
  /// The bundled policy: 16 ms minimum interval, 0.5° precision, 0.5° minimum change, range 0…180.
  let hinge = TestSupport.profile().hinge!

  @Test("the first sample is delivered at once, whatever the interval")
  func firstSample() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    #expect(filter.state == .idle)
    #expect(filter.sampleArrived(42, at: 3) == 42)
    #expect(filter.state == .delivered(.init(time: 3, angle: 42, nextAllowed: 19)))
    #expect(filter.deadline == nil)
  }

  @Test("raw samples are clamped to the range and quantised to the precision")
  func measurement() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    #expect(filter.sampleArrived(185, at: 0) == 180)
    #expect(filter.sampleArrived(90.26, at: 100) == 90.5)
    #expect(filter.sampleArrived(-3, at: 200) == 0)
  }

  @Test("a change within the interval waits for it; the latest angle goes out at the deadline")
  func pending() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    _ = filter.sampleArrived(60, at: 0)
    #expect(filter.sampleArrived(61, at: 5) == nil)
    #expect(filter.sampleArrived(62, at: 10) == nil)
    #expect(filter.state == .pending(after: .init(time: 0, angle: 60, nextAllowed: 16)))
    #expect(filter.deadline == 16)
    #expect(filter.deadlineFired(at: 16) == 62)
    #expect(filter.state == .delivered(.init(time: 16, angle: 62, nextAllowed: 32)))
    #expect(filter.deadline == nil)
  }

  @Test("a change that has waited out the interval goes out with its sample")
  func afterTheInterval() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    _ = filter.sampleArrived(60, at: 0)
    #expect(filter.sampleArrived(61, at: 16) == 61)
  }

  @Test("a sample back within the minimum change cancels the pending angle")
  func pendingCancelled() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    _ = filter.sampleArrived(60, at: 0)
    _ = filter.sampleArrived(61, at: 5)
    #expect(filter.sampleArrived(60, at: 10) == nil)
    #expect(filter.state == .delivered(.init(time: 0, angle: 60, nextAllowed: 16)))
    #expect(filter.deadline == nil)
  }

  @Test("changes below the minimum change are never delivered, however long they hold")
  func belowMinimumChange() {
    var p = hinge
    p.policy.precision = 0
    var filter = UpdatePolicyFilter(hinge: p)
    _ = filter.sampleArrived(60, at: 0)
    #expect(filter.sampleArrived(60.4, at: 1000) == nil)
    #expect(filter.deadline == nil)
    #expect(filter.sampleArrived(60.5, at: 2000) == 60.5)
  }

  @Test("a status change goes out at once with the latest angle")
  func statusChange() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    _ = filter.sampleArrived(60, at: 0)
    _ = filter.sampleArrived(61, at: 5)
    #expect(filter.statusChanged(at: 5) == 61)
    #expect(filter.state == .delivered(.init(time: 5, angle: 61, nextAllowed: 21)))
  }

  @Test("after a silence the next sample is delivered as the first")
  func silence() {
    var filter = UpdatePolicyFilter(hinge: hinge)
    _ = filter.sampleArrived(60, at: 0)
    _ = filter.sampleArrived(61, at: 5)
    filter.sensorFellSilent()
    #expect(filter.state == .idle)
    #expect(filter.deadline == nil)
    #expect(filter.sampleArrived(60, at: 6) == 60)
  }

  @Test("through the stage: a status change within the interval is delivered with it")
  func statusChangeThroughTheStage() {
    let out = TestSupport.run(
      [Event(time: 0, .sample(angle: 159)), Event(time: 5, .sample(angle: 161))],
      stages: [HingeStateMachine(profile: TestSupport.profile())])
    let hinges = out.compactMap { e -> (Double, Double)? in
      if case .hinge(let h) = e.kind { return (e.time, h.angle) }
      return nil
    }
    #expect(hinges.map(\.0) == [0, 5])
    #expect(hinges.map(\.1) == [159, 161])
    // Status, then the pose it makes, then the update that carries it.
    let kinds = out.filter { $0.time == 5 }.map { e -> String in
      switch e.kind {
      case .status: "status"
      case .pose: "pose"
      case .hinge: "hinge"
      default: "other"
      }
    }
    #expect(kinds == ["status", "pose", "hinge"])
  }
}
