import EventStream
import Reader
import Simulator

/// What the app lays out at a time: the whole text, or one chapter (`--chapters`), where a
/// chapter opened again finds its own last layout — so a `chapter` re-settle to the size on
/// screen still needs a pagination, unless that chapter was last shown at this layout.
public enum AppLogPaginationUnit: Sendable, Equatable {
  case wholeText
  /// One chapter at a time, starting in the chapter with this id; `ranges` are the chapters'
  /// ranges in the text, by id (a `goto` stays in its chapter, a chapter's end is its text's).
  case chapter(startingIn: Int, ranges: [Int: Range<Int>])
}

/// One app pagination on the script's clock.
struct AppLogPagination {
  /// Its entry in the log.
  var entry: Int
  var start: Double
  var end: Double
  var value: AppLog.Pagination
}

/// An app log on the script's clock, matched to what the script did: which settle each
/// pagination answers and what each `shown` answers. Facts only; `AppLogChecker` judges them.
///
/// Which settle a pagination answers follows the reader model's main thread (`AppLogSweep`):
/// a settle that comes while the app is paginating waits for it; when the app is free, a settle
/// with another behind it is superseded, one whose layout is the one on screen is answered
/// unchanged, and any other waits for the app's next pagination. A pagination that starts while
/// a cycle's sizes still come (before its settle) with no earlier settle waiting belongs to that
/// cycle (early). The last pagination of a settle answers it; the others are extra. Which
/// `shown` answers a pagination, a move or nothing is `AppLogShownMatch`'s to say.
struct AppLogMatching {
  let log: AppLog
  let script: AppLogScript
  /// Each entry's time on the script's clock.
  let times: [Double]
  let paginations: [AppLogPagination]
  private(set) var sweep: AppLogSweep
  private(set) var shown: AppLogShownMatch
  /// The settle each pagination answers, if any.
  private var answered: [Int?]
  /// The `frame` entries, their times and the sizes they measured, in order.
  private(set) var frames: [(entry: Int, time: Double, width: Double, height: Double)] = []

  /// Puts `log` on the clock of `stream` (the simulator's events for the script that drove the
  /// app) and matches it: `textLength` is the text's, in UTF-16 units.
  init(
    log: AppLog, stream: [Event], insets: Profile.PageInsets, direction: ReadingDirection,
    unit: AppLogPaginationUnit, textLength: Int
  ) {
    self.log = log
    script = AppLogScript(stream: stream, insets: insets, direction: direction, unit: unit, textLength: textLength)
    times = log.entries.map { log.scriptTime(ofAppTime: $0.appTime) }
    var paginations: [AppLogPagination] = []
    var paginationOfEntry: [Int: Int] = [:]
    for (i, entry) in log.entries.enumerated() {
      switch entry.kind {
      case .paginated(let p):
        paginationOfEntry[i] = paginations.count
        paginations.append(
          AppLogPagination(entry: i, start: StreamTime.elapsed(from: p.ms, to: times[i]), end: times[i], value: p))
      case .frame(let w, let h): frames.append((i, times[i], w, h))
      default: break
      }
    }
    self.paginations = paginations
    var sweep = AppLogSweep(script: script, paginations: paginations)
    sweep.run()
    self.sweep = sweep
    var answered = [Int?](repeating: nil, count: paginations.count)
    for (k, answer) in sweep.answers.enumerated() {
      if case .paginated(let p) = answer { answered[p] = k }
    }
    self.answered = answered
    shown = AppLogShownMatch(
      log: log, times: times, script: script, paginations: paginations, paginationOfEntry: paginationOfEntry,
      answered: { answered[$0] }, chapterMode: unit != .wholeText)
  }

  /// The settle pagination `p` answers, if it answers one.
  func settleAnswered(by p: Int) -> Int? { answered[p] }

  /// The last `frame` entry before `time`, if any.
  func lastFrame(before time: Double) -> Int? {
    let after = AppLogScript.partition(frames.count) { frames[$0].time >= time }
    return after > 0 ? frames[after - 1].entry : nil
  }
}
