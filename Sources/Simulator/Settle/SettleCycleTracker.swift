import EventStream

/// Collects one settle cycle as its events arrive: the trigger that caused it and the times
/// of its layout changes and scene sizes. The settle stage closes it at each settle.
struct SettleCycleTracker {
  private enum Trigger: Equatable {
    /// The statuses the hinge went through (see `SettleCause.status`).
    case status(path: [HingeStatus], elided: Bool)
    case rotation, textSize, split, notes

    /// The path with a further status change appended.
    func then(_ to: HingeStatus) -> Trigger {
      guard case .status(let path, let elided) = self,
        case .status(let next, let nextElided) = SettleCause.status(path: path, elided: elided, then: to)
      else { return self }
      return .status(path: next, elided: nextElided)
    }

    var cause: SettleCause {
      switch self {
      case .status(let path, let elided): .status(path: path, elided: elided)
      case .rotation: .rotation
      case .textSize: .textSize
      case .split: .split
      case .notes: .notes
      }
    }
  }

  private var trigger: (kind: Trigger, time: Double)?
  private var firstChange: Double?
  private var lastChange: Double?
  private var firstSize: Double?
  private var lastSize: Double?
  private var closed = 0
  /// Scene sizes since the cycle began.
  private(set) var sizes = 0

  /// A status change: a new trigger, or inside a cycle one more step of the status's path.
  mutating func statusChanged(from: HingeStatus, to: HingeStatus, at time: Double) {
    triggered(.status(path: [from, to], elided: false), at: time)
  }

  /// An orientation input.
  mutating func rotated(at time: Double) { triggered(.rotation, at: time) }

  /// A Dynamic Type input that changes the size.
  mutating func textSizeRequested(at time: Double) { triggered(.textSize, at: time) }

  /// A Split View input.
  mutating func splitChanged(at time: Double) { triggered(.split, at: time) }

  /// The notes opened or closed.
  mutating func notesToggled(at time: Double) { triggered(.notes, at: time) }

  /// A scene size: a layout change and one more size.
  mutating func sized(at time: Double) {
    layoutChanged(at: time)
    if firstSize == nil { firstSize = time }
    lastSize = time
    sizes += 1
  }

  /// The layout key changed (a new text size or fold frame).
  mutating func layoutChanged(at time: Double) {
    if firstChange == nil { firstChange = time }
    lastChange = time
  }

  /// Ends the cycle at a settle and starts the next one.
  mutating func close(at time: Double) -> SettleCycle {
    let cause: SettleCause = closed == 0 ? .initial : trigger?.kind.cause ?? .other
    let causeTime = min(trigger?.time ?? firstChange ?? time, time)
    let cycle = SettleCycle(
      cause: cause, causeTime: causeTime, firstChange: firstChange ?? time, lastChange: lastChange ?? time,
      firstSize: firstSize, lastSize: lastSize)
    closed += 1
    self = SettleCycleTracker(closed: closed)
    return cycle
  }

  init() {}

  private init(closed: Int) { self.closed = closed }

  /// The first trigger at or before the cycle's first layout change decides the cause; a
  /// trigger that led to no layout change (folding flat to book changes no size) is dropped
  /// when a later one arrives. Inside a cycle only a further status change matters.
  private mutating func triggered(_ new: Trigger, at time: Double) {
    if firstChange != nil {
      if let kind = trigger?.kind, case .status = kind, case .status(let step, _) = new, let to = step.last {
        trigger?.kind = kind.then(to)
      }
      return
    }
    if let previous = trigger?.time, time > previous { trigger = nil }
    guard let current = trigger?.kind else {
      trigger = (new, time)
      return
    }
    if case .status = current, case .status(let step, _) = new, let to = step.last {
      trigger?.kind = current.then(to)
    }
  }
}
