/// What started a settle cycle — a small closed vocabulary that reports group by.
///
/// The first trigger (a status change, an orientation, a text size or Split View input) at or
/// before the cycle's first layout change decides it; the stream's first cycle is `initial`;
/// a layout change with no trigger before it (a lagging region) is `other`.
public enum SettleCause: Sendable, Hashable, CustomStringConvertible {
  /// The stream's first cycle.
  case initial
  /// A hinge status change, from the first change's `from` to the last change's `to`.
  case status(from: HingeStatus, to: HingeStatus)
  /// An orientation input.
  case rotation
  /// A Dynamic Type input.
  case textSize
  /// A Split View input.
  case split
  /// A layout change with none of the above before it.
  case other

  /// The name in streams and reports: `initial`, `status closed→fullyOpen`, `rotation`,
  /// `text size`, `split`, `other`.
  public var name: String {
    switch self {
    case .initial: "initial"
    case .status(let from, let to): "status \(from.rawValue)→\(to.rawValue)"
    case .rotation: "rotation"
    case .textSize: "text size"
    case .split: "split"
    case .other: "other"
    }
  }

  public var description: String { name }

  /// The cause a name stands for, or nil.
  public init?(name: String) {
    switch name {
    case "initial": self = .initial
    case "rotation": self = .rotation
    case "text size": self = .textSize
    case "split": self = .split
    case "other": self = .other
    default:
      guard name.hasPrefix("status ") else { return nil }
      let parts = name.dropFirst("status ".count).split(separator: "→", omittingEmptySubsequences: false)
      guard parts.count == 2, let from = HingeStatus(rawValue: String(parts[0])),
        let to = HingeStatus(rawValue: String(parts[1]))
      else { return nil }
      self = .status(from: from, to: to)
    }
  }
}

/// One settle cycle as the settle stage saw it: its cause and when the layout changed.
///
/// The settle stage is the one place that decides whether the layout key changed; every
/// consumer (timing, the Chrome trace, the timeline plot) reads the cycle from `settled`.
public struct SettleCycle: Sendable, Equatable {
  /// What started the cycle.
  public var cause: SettleCause
  /// When the cause happened (the trigger's time; else the first change; never after the settle).
  public var causeTime: Double
  /// The first layout change of the cycle (a scene size, a new text size, a new fold frame).
  public var firstChange: Double
  /// The last layout change of the cycle.
  public var lastChange: Double
  /// The first scene size of the cycle, nil when no size came.
  public var firstSize: Double?
  /// The last scene size of the cycle.
  public var lastSize: Double?

  /// Makes a cycle.
  public init(
    cause: SettleCause, causeTime: Double, firstChange: Double, lastChange: Double, firstSize: Double?,
    lastSize: Double?
  ) {
    self.cause = cause
    self.causeTime = causeTime
    self.firstChange = firstChange
    self.lastChange = lastChange
    self.firstSize = firstSize
    self.lastSize = lastSize
  }
}
