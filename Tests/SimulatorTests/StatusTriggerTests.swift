import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

@Suite("Hinge status trigger")
struct StatusTriggerTests {
  /// The bundled thresholds: closed 5° opening / 2° closing, flat 160° / 140°, deadband 0.5°.
  let thresholds = TestSupport.profile().hinge!.status

  func change(_ from: HingeStatus, _ to: HingeStatus) -> StatusTrigger.Change {
    StatusTrigger.Change(from: from, to: to)
  }

  @Test("a first sample exactly at a threshold is on its opening side")
  func firstSampleAtThreshold() {
    for (angle, status) in [(4.9, HingeStatus.closed), (5, .partiallyOpen), (159.9, .partiallyOpen), (160, .fullyOpen)]
    {
      var trigger = StatusTrigger(thresholds: thresholds)
      #expect(trigger.sampleArrived(angle, at: 0) == change(.unknown, status), "\(angle)°")
    }
  }

  @Test("a crossing needs half the deadband beyond the threshold")
  func deadband() {
    var trigger = StatusTrigger(thresholds: thresholds)
    _ = trigger.sampleArrived(150, at: 0)
    #expect(trigger.sampleArrived(160.25, at: 10) == nil)
    #expect(trigger.sampleArrived(160.5, at: 20) == change(.partiallyOpen, .fullyOpen))
    #expect(trigger.sampleArrived(139.75, at: 30) == nil)
    #expect(trigger.sampleArrived(139.5, at: 40) == change(.fullyOpen, .partiallyOpen))
  }

  @Test("without a dwell the status holds and nothing is due")
  func settled() {
    var trigger = StatusTrigger(thresholds: thresholds)
    _ = trigger.sampleArrived(90, at: 0)
    #expect(trigger.state == .settled(.partiallyOpen, lastSample: 0))
    #expect(trigger.deadline == nil)
  }

  @Test("a dwell commits while samples keep indicating the candidate, counted from the first")
  func dwellCommitsWhileSamplesArrive() {
    var t = thresholds
    t.dwellMs = 100
    var trigger = StatusTrigger(thresholds: t)
    _ = trigger.sampleArrived(0, at: 0)
    for time in stride(from: 10.0, through: 100, by: 10) {
      #expect(trigger.sampleArrived(30, at: time) == nil)
    }
    #expect(trigger.state == .dwelling(candidate: .partiallyOpen, since: 10, committed: .closed, lastSample: 100))
    #expect(trigger.deadline == 110)
    #expect(trigger.dwellElapsed() == change(.closed, .partiallyOpen))
    #expect(trigger.state == .settled(.partiallyOpen, lastSample: 100))
  }

  @Test("a different candidate starts its dwell again; the committed status back ends it")
  func dwellRestartsAndCancels() {
    var t = thresholds
    t.dwellMs = 100
    var trigger = StatusTrigger(thresholds: t)
    _ = trigger.sampleArrived(0, at: 0)
    _ = trigger.sampleArrived(30, at: 10)
    _ = trigger.sampleArrived(170, at: 50)
    #expect(trigger.dwellDeadline == 150)
    _ = trigger.sampleArrived(1, at: 60)
    #expect(trigger.state == .settled(.closed, lastSample: 60))
    #expect(trigger.deadline == nil)
  }

  @Test("a silence makes the status unknown; the next sample reports at once, dwell or not")
  func silence() {
    var t = thresholds
    t.dwellMs = 100
    t.unknownAfterMs = 500
    var trigger = StatusTrigger(thresholds: t)
    _ = trigger.sampleArrived(90, at: 0)
    _ = trigger.sampleArrived(91, at: 200)
    #expect(trigger.deadline == 700)
    #expect(trigger.silenceElapsed() == change(.partiallyOpen, .unknown))
    #expect(trigger.state == .unknown)
    #expect(trigger.deadline == nil)
    #expect(trigger.sampleArrived(170, at: 900) == change(.unknown, .fullyOpen))
  }

  @Test("a silence during a dwell reports unknown and keeps the candidate for the dwell's end")
  func silenceDuringDwell() {
    var t = thresholds
    t.dwellMs = 300
    t.unknownAfterMs = 100
    var trigger = StatusTrigger(thresholds: t)
    _ = trigger.sampleArrived(0, at: 0)
    _ = trigger.sampleArrived(30, at: 10)
    #expect(trigger.silenceDeadline == 110)
    #expect(trigger.deadline == 110)
    #expect(trigger.silenceElapsed() == change(.closed, .unknown))
    #expect(trigger.state == .dwelling(candidate: .partiallyOpen, since: 10, committed: .unknown, lastSample: 10))
    #expect(trigger.deadline == 310)
    #expect(trigger.dwellElapsed() == change(.unknown, .partiallyOpen))
  }
}
