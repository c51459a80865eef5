import EventStream

/// The system's update policy for the hinge angle: raw samples in, angles to deliver out.
///
/// Each raw sample is measured as the system would report it — seeded noise added, clamped
/// to the hinge's range, quantised to the policy's precision — and then delivered or held:
/// the first sample is always delivered (it carries the initial state); after that a change
/// smaller than the minimum change is dropped, and a larger one waits out the minimum interval
/// since the last delivery, when the latest angle is delivered. A status change is always
/// delivered with the angle that caused it.
///
/// ```swift
/// var filter = UpdatePolicyFilter(hinge: duo.hinge!)  // 16 ms, 0.5° steps, 0.5° minimum change
/// filter.sampleArrived(60.2, at: 0)    // 60: the first sample is delivered
/// filter.sampleArrived(61, at: 5)      // nil: pending until 16 ms
/// filter.sampleArrived(62, at: 10)     // nil: still pending, now 62
/// filter.deadline                      // 16
/// filter.deadlineFired(at: 16)         // 62
/// ```
struct UpdatePolicyFilter {
  /// One delivered angle and when it was delivered.
  struct Delivery: Equatable {
    /// When it was delivered, ms.
    var time: Double
    /// The angle delivered, degrees.
    var angle: Double
    /// When the next delivery may go out: the minimum interval after this one.
    var nextAllowed: Double
  }

  /// Where the filter is between deliveries.
  enum State: Equatable {
    /// Nothing delivered yet, or nothing since the sensor fell silent: the next sample goes out.
    case idle
    /// The last delivery; the latest angle is within the minimum change of it.
    case delivered(Delivery)
    /// The latest angle changed enough since the last delivery and waits out the minimum interval.
    case pending(after: Delivery)
  }

  let policy: Profile.UpdatePolicy
  private let minAngle: Double
  private let maxAngle: Double
  private var noise: SeededNoise
  private(set) var state: State = .idle
  /// The latest measured angle, which deliveries and status changes report.
  private(set) var angle: Double = 0

  /// Makes the filter for a hinge's policy and range.
  init(hinge: Profile.HingeProfile) {
    policy = hinge.policy
    minAngle = hinge.minAngle
    maxAngle = hinge.maxAngle
    noise = SeededNoise(seed: hinge.policy.seed)
  }

  /// When the pending angle is due: the minimum interval after the last delivery.
  var deadline: Double? {
    guard case .pending(let last) = state else { return nil }
    return last.nextAllowed
  }

  /// A raw sample arrived: measures it and returns the angle to deliver now, if any.
  mutating func sampleArrived(_ raw: Double, at time: Double) -> Double? {
    angle = measure(raw)
    switch state {
    case .idle:
      return deliver(at: time)
    case .delivered(let last), .pending(let last):
      let changedEnough = abs(angle - last.angle) >= max(policy.minChange, 1e-9)
      if changedEnough && time >= last.nextAllowed { return deliver(at: time) }
      state = changedEnough ? .pending(after: last) : .delivered(last)
      return nil
    }
  }

  /// The minimum interval has passed: returns the pending angle to deliver.
  mutating func deadlineFired(at now: Double) -> Double {
    guard case .pending = state else { preconditionFailure("update policy fired at \(now) with nothing pending") }
    return deliver(at: now)
  }

  /// The status changed: a status change always goes out with the latest angle.
  mutating func statusChanged(at time: Double) -> Double {
    deliver(at: time)
  }

  /// The sensor fell silent: the next sample is delivered as if it were the first.
  mutating func sensorFellSilent() {
    state = .idle
  }

  private mutating func deliver(at time: Double) -> Double {
    state = .delivered(
      Delivery(time: time, angle: angle, nextAllowed: StreamTime.adding(policy.minIntervalMs, to: time)))
    return angle
  }

  /// The angle the system reports for a raw sample: noise, clamping and quantisation.
  private mutating func measure(_ raw: Double) -> Double {
    var value = raw
    if policy.noise > 0 { value += noise.symmetric(policy.noise) }
    value = min(max(value, minAngle), maxAngle)
    if policy.precision > 0 {
      value = (value / policy.precision).rounded() * policy.precision
      value = min(max(value, minAngle), maxAngle)
    }
    return value
  }
}
