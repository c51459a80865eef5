/// Which picture of one folder is compared with which of the other: **by layout, then by
/// order in time**. Each folder's pictures are grouped by `ShotRecord.layout` (pose, frame,
/// text size); the k-th picture of a layout in A, in time order, is paired with the k-th of
/// the same layout in B. A page that shows later in one run (a slower pagination) is still
/// paired; one that shows a layout more often, or one the other never shows, leaves pictures
/// unmatched.
///
/// ```swift
/// let pairing = ShotPairing(before.shots, after.shots)
/// pairing.pairs          // [(A's 002, B's 002), …] in A's order
/// pairing.onlyBefore     // A's pictures without a partner
/// ```
public struct ShotPairing: Sendable, Equatable {
  /// One picture from each folder.
  public struct Pair: Sendable, Equatable {
    /// From the first folder (before).
    public var before: ShotRecord
    /// From the second (after).
    public var after: ShotRecord
    /// 1-based: which picture of its layout this is, in time order.
    public var occurrence: Int
  }

  /// The pairs, in the order of the first folder's pictures by time.
  public private(set) var pairs: [Pair] = []
  /// The first folder's pictures with no partner, by time.
  public private(set) var onlyBefore: [ShotRecord] = []
  /// The second folder's pictures with no partner, by time.
  public private(set) var onlyAfter: [ShotRecord] = []

  /// Pairs the two folders' pictures.
  public init(_ before: [ShotRecord], _ after: [ShotRecord]) {
    let before = Self.inTimeOrder(before)
    let after = Self.inTimeOrder(after)
    var afterByLayout: [String: [ShotRecord]] = [:]
    for shot in after { afterByLayout[shot.layout, default: []].append(shot) }
    var used: [String: Int] = [:]
    var paired: Set<String> = []
    for shot in before {
      let k = used[shot.layout, default: 0]
      if let candidates = afterByLayout[shot.layout], k < candidates.count {
        pairs.append(Pair(before: shot, after: candidates[k], occurrence: k + 1))
        paired.insert(candidates[k].file)
        used[shot.layout] = k + 1
      } else {
        onlyBefore.append(shot)
      }
    }
    onlyAfter = after.filter { !paired.contains($0.file) }
  }

  /// True when every picture has a partner.
  public var isComplete: Bool { onlyBefore.isEmpty && onlyAfter.isEmpty }

  /// By time, ties in the index's order.
  private static func inTimeOrder(_ shots: [ShotRecord]) -> [ShotRecord] {
    shots.enumerated().sorted { ($0.element.timeMs, $0.offset) < ($1.element.timeMs, $1.offset) }.map(\.element)
  }
}
