/// What started a settle cycle — a small closed vocabulary that reports group by.
///
/// The first trigger (a status change, an orientation, a text size or Split View input) at or
/// before the cycle's first layout change decides it; the stream's first cycle is `initial`;
/// a layout change with no trigger before it (a lagging region) is `other`.
public enum SettleCause: Sendable, Hashable, CustomStringConvertible {
  /// The stream's first cycle.
  case initial
  /// Hinge status changes: the statuses the hinge went through, from the first change's
  /// `from` on (`closed→partiallyOpen`, a flip-flop `fullyOpen→partiallyOpen→fullyOpen`). At
  /// most `maxPath` are kept — the first ones and the last — and `elided` says some were left
  /// out between them.
  case status(path: [HingeStatus], elided: Bool)
  /// An orientation input.
  case rotation
  /// A Dynamic Type input.
  case textSize
  /// A Split View input.
  case split
  /// The notes opened or closed (in a spread pose the reader then shows one page beside them).
  case notes
  /// The library's sidebar shown or hidden (the navigation stage re-settles the reader's frame).
  case sidebar
  /// A chapter opened (the navigation stage re-settles: a chapter is paginated on its own).
  case chapter
  /// A layout change with none of the above before it.
  case other

  /// The longest status path kept: a cycle that went through more statuses keeps the first
  /// three and the last.
  public static let maxPath = 4

  /// One status change, `from → to`.
  public static func status(from: HingeStatus, to: HingeStatus) -> SettleCause {
    .status(path: [from, to], elided: false)
  }

  /// The path with one more status at its end (a status change inside the cycle). A step
  /// that goes on the same way (closed → partiallyOpen → fullyOpen: an open) extends the last
  /// one, so only turning points stay (fullyOpen → partiallyOpen → fullyOpen: a flip-flop);
  /// past `maxPath` the last one is replaced and the path is marked elided.
  public static func status(path: [HingeStatus], elided: Bool, then next: HingeStatus) -> SettleCause {
    guard let last = path.last, last != next else { return .status(path: path, elided: elided) }
    if path.count >= 2 {
      let before = path[path.count - 2]
      if (rank(before) < rank(last)) == (rank(last) < rank(next)) {
        return .status(path: Array(path.dropLast()) + [next], elided: elided)
      }
    }
    if path.count < maxPath { return .status(path: path + [next], elided: elided) }
    return .status(path: path.dropLast() + [next], elided: true)
  }

  /// How open a status is: unknown, closed, partiallyOpen, fullyOpen.
  private static func rank(_ status: HingeStatus) -> Int {
    switch status {
    case .unknown: 0
    case .closed: 1
    case .partiallyOpen: 2
    case .fullyOpen: 3
    }
  }

  /// The name in streams and reports: `initial`, `status closed→fullyOpen`,
  /// `status fullyOpen→partiallyOpen→fullyOpen`, `status a→b→c→…→z` (elided), `rotation`,
  /// `text size`, `split`, `other`.
  public var name: String {
    switch self {
    case .initial: "initial"
    case .status(let path, let elided):
      "status "
        + path.enumerated().map { i, s in
          (elided && i == path.count - 1 ? "…→" : "") + s.rawValue
        }.joined(separator: "→")
    case .rotation: "rotation"
    case .textSize: "text size"
    case .split: "split"
    case .notes: "notes"
    case .sidebar: "sidebar"
    case .chapter: "chapter"
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
    case "notes": self = .notes
    case "sidebar": self = .sidebar
    case "chapter": self = .chapter
    case "other": self = .other
    default:
      guard name.hasPrefix("status ") else { return nil }
      var parts = name.dropFirst("status ".count).split(separator: "→", omittingEmptySubsequences: false)
      let elided = parts.count == Self.maxPath + 1 && parts[parts.count - 2] == "…"
      if elided { parts.remove(at: parts.count - 2) }
      let path = parts.compactMap { HingeStatus(rawValue: String($0)) }
      guard path.count == parts.count, (2...Self.maxPath).contains(path.count), !elided || path.count == Self.maxPath
      else { return nil }
      self = .status(path: path, elided: elided)
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

  /// The settle wait of a cycle settled at `settled`: `lastChange → settled`, the quiet window
  /// the debounce waited after the last layout change (the profile's window in virtual time;
  /// 0 for the navigation stage's re-settles, which do not wait). The one definition: the
  /// timing record, the reports and the live view read it here.
  public func wait(settledAt settled: Double) -> Double { StreamTime.elapsed(from: lastChange, to: settled) }
}
