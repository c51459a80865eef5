import EventStream

/// How far the app's clock, moved by its `sync`, stands from the script's: each `frame` the app
/// measured is matched, in order, to the scene size it measures, and the offset is the median
/// of their time differences (frame − size). A correct log's is a few milliseconds (the app's
/// layout pass after the size); a log whose sync tied the wrong moments is off by the same
/// seconds everywhere.
///
/// The match is greedy and looks a bounded way ahead (`lookahead` sizes), so a frame the app
/// never should have measured (the 951-pt bug) is passed over and the work stays linear in the
/// log and the script.
///
/// ```swift
/// let clock = AppLogClock(frames: [(5000, 382, 620)], sizes: [(0, 382, 620)])
/// clock.offset   // 5000: the app's events lie 5 s after the script's
/// ```
struct AppLogClock {
  /// How many sizes past the last match a frame is looked for among.
  static let lookahead = 64

  /// The median offset, ms (nil when no frame matched a size).
  private(set) var offset: Double?
  /// The frames matched.
  private(set) var matched = 0

  init(
    frames: [(time: Double, width: Double, height: Double)], sizes: [(time: Double, width: Double, height: Double)]
  ) {
    var differences: [Double] = []
    var next = 0
    for frame in frames {
      let end = min(sizes.count, next + Self.lookahead)
      guard
        let k = (next..<end).first(where: {
          abs(sizes[$0].width - frame.width) <= AppInvariants.frameTolerance
            && abs(sizes[$0].height - frame.height) <= AppInvariants.frameTolerance
        })
      else { continue }
      differences.append(StreamTime.elapsed(from: sizes[k].time, to: frame.time))
      next = k + 1
    }
    matched = differences.count
    guard !differences.isEmpty else { return }
    differences.sort()
    offset = differences[(differences.count - 1) / 2]
  }
}
