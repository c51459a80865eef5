import EventStream

extension SceneStateMachine {
  /// A burst of sizes on its way from one reader size to another: when each goes out, and
  /// how far it has got.
  ///
  /// `count` sizes spread evenly over `durationMs` from the burst's start, the first at the
  /// start; the intermediate ones eased from the old size to the new and rounded to half
  /// points, all transient but the last, which is the target exactly.
  ///
  /// ```swift
  /// // closed → openWide with the bundled `open` kind (7 sizes over 200 ms, ease-out):
  /// var burst = Burst(from: closed, to: openWide, kind: duo.transitions.open, at: 1000)
  /// burst.nextSize(dueBy: 1000)  // 1000: the first transient size
  /// burst.deadline               // 1033.333
  /// ```
  struct Burst {
    /// The sizes and when they are due, the last one final.
    private let steps: [(time: Double, change: SceneChange)]
    /// The next step to send.
    private var next = 0
    /// The size the burst ends on.
    let target: Size
    /// The size last sent: the size before the burst until its first step goes out.
    private(set) var sent: Size

    /// Plans a burst of the profile's kind starting at `time`.
    init(from current: Size, to target: Size, kind: Profile.Burst, at time: Double) {
      self.target = target
      sent = current
      let count = kind.count
      var steps: [(time: Double, change: SceneChange)] = []
      for i in 1...count {
        let f = Double(i) / Double(count)
        let eased = kind.easing.apply(f)
        let last = i == count
        let t = count == 1 ? time : StreamTime.adding(kind.durationMs * Double(i - 1) / Double(count - 1), to: time)
        var size = target
        size.width = last ? target.width : Self.round(current.width + (target.width - current.width) * eased)
        size.height = last ? target.height : Self.round(current.height + (target.height - current.height) * eased)
        steps.append((t, size.change(transient: !last, index: i, count: count)))
      }
      self.steps = steps
    }

    /// When the next size is due.
    var deadline: Double { steps[next].time }

    /// True once the final size has gone out.
    var isFinished: Bool { next == steps.count }

    /// Takes the next size if it is due by `now`.
    mutating func nextSize(dueBy now: Double) -> (time: Double, change: SceneChange)? {
      guard next < steps.count, steps[next].time <= now else { return nil }
      let step = steps[next]
      next += 1
      sent = Size(
        width: step.change.width, height: step.change.height, display: step.change.display,
        horizontalSizeClass: step.change.horizontalSizeClass, verticalSizeClass: step.change.verticalSizeClass,
        safeArea: step.change.safeArea)
      return step
    }

    /// Sizes are whole or half points, as UIKit's layout hands them out at this scale.
    private static func round(_ value: Double) -> Double { (value * 2).rounded() / 2 }
  }
}
