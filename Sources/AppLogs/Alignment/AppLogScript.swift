import EventStream
import Reader
import Simulator

/// What the script did, as the simulator and the navigation stage answered it: the settles the
/// app must answer, the moves that may change its place, the sizes it should measure and the
/// poses findings name — each list in time order, searched by halving (a long script and a
/// long log never meet in a quadratic loop).
struct AppLogScript {
  /// One settle of the stream.
  struct Settle {
    var time: Double
    var settled: Settled
    /// The page geometry the settle asks for (the sidebar narrows it).
    var geometry: PageGeometry
    /// The chapter laid out, when the app paginates one chapter at a time.
    var chapter: Int?
    /// True for the navigation stage's re-settles (`sidebar`, `chapter`): they repeat the last
    /// settled size, which the app's frame may have left already (a burst under way).
    var byInput: Bool
  }

  /// A `turn`, a `goto` or an opened chapter (a `navigation` that moves the place).
  struct Move {
    var time: Double
    var type: EventType
    /// Where a `goto` or an opened chapter puts the place; nil for a turn.
    var target: Int?
    /// A turn's direction; nil for the others.
    var turn: TurnDirection? = nil
    /// How many settles came before it in the stream: it came before settle `k` when this is at
    /// most `k` (at one instant too — the stream's order is the reader's queue's).
    var settlesBefore: Int
  }

  private(set) var settles: [Settle] = []
  private(set) var moves: [Move] = []
  /// The scene's sizes: what the app's `frame` lines measure.
  private(set) var sizes: [(time: Double, width: Double, height: Double)] = []
  private(set) var poses: [(time: Double, pose: Pose)] = []
  /// One chapter at a time: the chapters' ranges by id, and their ends in order; empty for the
  /// whole text.
  private let chapterRanges: [Int: Range<Int>]
  private let chapterEnds: [Int]

  init(
    stream: [Event], insets: Profile.PageInsets, direction: ReadingDirection, unit: AppLogPaginationUnit,
    textLength: Int
  ) {
    // The navigation stage's sidebar narrows the pages; its chapter is what a chapter reader lays out.
    var sidebar = SidebarMode.hide
    var chapter: Int? = nil
    if case .chapter(let first, let ranges) = unit {
      chapter = first
      chapterRanges = ranges
      chapterEnds = ranges.values.map(\.upperBound).sorted()
    } else {
      chapterRanges = [:]
      chapterEnds = []
    }
    for event in stream {
      switch event.kind {
      case .settled(let s):
        let geometry = PageGeometry(settled: s, sidebar: sidebar, insets: insets, direction: direction)
        let byInput = s.cycle.cause == .sidebar || s.cycle.cause == .chapter
        settles.append(
          Settle(time: event.time, settled: s, geometry: geometry, chapter: chapter, byInput: byInput))
      case .navigation(let n):
        sidebar = n.sidebar
        if chapter != nil, let selected = n.chapter { chapter = selected }
        if let offset = n.offset {
          moves.append(Move(time: event.time, type: .navigation, target: offset, settlesBefore: settles.count))
        }
      case .turn(let direction, _):
        moves.append(Move(time: event.time, type: .turn, target: nil, turn: direction, settlesBefore: settles.count))
      case .goto(let offset):
        // One chapter at a time, a goto stays in the chapter shown (as `ChapterReading` clamps it).
        let range = chapter.flatMap { chapterRanges[$0] } ?? 0..<textLength
        let target = min(max(offset, range.lowerBound), range.upperBound)
        moves.append(Move(time: event.time, type: .goto, target: target, settlesBefore: settles.count))
      case .scene(let s): sizes.append((event.time, s.width, s.height))
      case .pose(let p): poses.append((event.time, p.pose))
      default: break
      }
    }
  }

  /// The index of the first settle after `time`, or `settles.count`.
  func firstSettle(after time: Double) -> Int {
    Self.partition(settles.count) { settles[$0].time > time }
  }

  /// The index of the last settle at or before `time`, or nil.
  func lastSettle(atOrBefore time: Double) -> Int? {
    let first = firstSettle(after: time)
    return first > 0 ? first - 1 : nil
  }

  /// Where the text of a page starting at `offset` ends: its chapter's end when the reader lays
  /// out one chapter at a time (the place may stand there), else `textLength`.
  func textEnd(ofPageAt offset: Int, textLength: Int) -> Int {
    let c = Self.partition(chapterEnds.count) { chapterEnds[$0] > offset }
    return c < chapterEnds.count ? chapterEnds[c] : textLength
  }

  /// The simulator's pose at `time`, if any came by then.
  func pose(at time: Double) -> Pose? {
    let p = Self.partition(poses.count) { poses[$0].time > time }
    return p > 0 ? poses[p - 1].pose : nil
  }

  /// The first index in `0..<count` for which `isAfter` holds (it holds for every index after
  /// it too), or `count`.
  static func partition(_ count: Int, _ isAfter: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
