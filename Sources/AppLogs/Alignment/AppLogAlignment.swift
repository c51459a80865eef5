import EventStream
import Platform
import Reader
import Simulator

/// An app log set beside the simulator's stream of the same script: the app's events on the
/// script's clock, each pagination matched to the settle it answers and each `shown` to what it
/// answers, the rules checked, and one stream in which the app's `paginated` and `shown` stand
/// where the reader model's would — so the timing stage times the app exactly as it times the
/// model, and a record closes only on its own answer.
///
/// First the clock: the app's frames against the sizes they measure (`AppLogClock`); a log
/// whose sync ties the wrong moments breaks `clock-in-sync` and nothing else is judged. Then
/// which settle a pagination answers follows the reader model's main thread (`AppLogSweep`):
/// a settle that comes while the app is paginating waits for it; when the app is free, a settle
/// with another behind it is superseded, one whose layout is the one on screen is answered
/// unchanged, and any other waits for the app's next pagination. A pagination that starts while
/// a cycle's sizes still come (before its settle) with no earlier settle waiting belongs to that
/// cycle (early). The last pagination of a settle answers it; the others are extra. Which
/// `shown` answers a pagination, a move or nothing is `AppLogShownMatch`'s to say; the rules
/// are `AppInvariants`' and `ReaderInvariants`', applied by `AppLogChecker`.
///
/// ```swift
/// let aligned = AppLogAlignment(log: log, stream: simulatorEvents, document: doc, insets: duo.pages)
/// aligned.findings      // [frame-matches-pose at app.jsonl:7, …]
/// aligned.events        // the simulator's events with the app's paginated, shown, skipped
/// ```
public struct AppLogAlignment: Sendable {
  /// A rule the app broke.
  public struct Finding: Sendable, Equatable {
    /// The rule's name (`AppInvariants.rules` or `ReaderInvariants`').
    public var rule: String
    /// What was wrong.
    public var message: String
    /// The app event's line in the log.
    public var line: Int
    /// Its time on the script's clock, ms.
    public var time: Double
    /// The simulator's state then (pose, settled size).
    public var state: String
    /// The stream event type that led there (`settled`, `turn`, `goto`, `shown`).
    public var cause: EventType
    /// The time of that event, ms.
    public var causeTime: Double
  }

  /// What the app lays out at a time: the whole text, or one chapter (`--chapters`), where a
  /// chapter opened again finds its own last layout — so a `chapter` re-settle to the size on
  /// screen still needs a pagination, unless that chapter was last shown at this layout.
  public enum PaginationUnit: Sendable, Equatable {
    case wholeText
    /// One chapter at a time, starting in the chapter with this id; `ranges` are the chapters'
    /// ranges in the text, by id (a `goto` stays in its chapter, a chapter's end is its text's).
    case chapter(startingIn: Int, ranges: [Int: Range<Int>])
  }

  /// One app pagination on the script's clock.
  struct AppPagination {
    /// Its entry in the log.
    var entry: Int
    var start: Double
    var end: Double
    var value: AppLog.Pagination
  }

  /// The simulator's stream with the app's reader events merged in, in time order.
  public private(set) var events: [Event] = []
  /// Every rule broken, in log order.
  public private(set) var findings: [Finding] = []
  /// The app's shown states checked.
  public private(set) var shownChecked = 0
  /// The settles of the stream.
  public var settleCount: Int { script.settles.count }
  /// How far the app's clock stands from the script's after the sync, ms, as its frames measure
  /// it (`AppLogClock`); nil when no frame matched a size.
  public var clockOffset: Double? { clock.offset }

  let log: AppLog
  let script: AppLogScript
  /// Each entry's time on the script's clock.
  let times: [Double]
  let paginations: [AppPagination]
  let clock: AppLogClock
  private(set) var sweep: AppLogSweep
  private(set) var shown: AppLogShownMatch
  /// The settle each pagination answers, if any.
  private var answered: [Int?]
  /// The `frame` entries and their times, in order.
  private var frames: [(entry: Int, time: Double)] = []

  /// Aligns `log` with `stream` (the simulator's events for the script that drove the app) and
  /// checks it.
  /// - Parameters:
  ///   - document: the text the app shows (excerpts for `shown`, its length).
  ///   - insets: the profile's page insets, for the page geometry each settle asks for.
  ///   - direction: the reading direction asked for.
  ///   - unit: what the app lays out at a time.
  public init(
    log: AppLog, stream: [Event], document: ReaderDocument, insets: Profile.PageInsets,
    direction: ReadingDirection = .ltr, unit: PaginationUnit = .wholeText
  ) {
    self.log = log
    script = AppLogScript(
      stream: stream, insets: insets, direction: direction, unit: unit, textLength: document.utf16Count)
    times = log.entries.map { log.scriptTime(ofAppTime: $0.appTime) }
    var paginations: [AppPagination] = []
    var paginationOfEntry: [Int: Int] = [:]
    var frameSizes: [(time: Double, width: Double, height: Double)] = []
    for (i, entry) in log.entries.enumerated() {
      switch entry.kind {
      case .paginated(let p):
        paginationOfEntry[i] = paginations.count
        paginations.append(
          AppPagination(entry: i, start: StreamTime.elapsed(from: p.ms, to: times[i]), end: times[i], value: p))
      case .frame(let w, let h):
        frames.append((i, times[i]))
        frameSizes.append((times[i], w, h))
      default: break
      }
    }
    self.paginations = paginations
    clock = AppLogClock(frames: frameSizes, sizes: script.sizes)
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
    if let offset = clock.offset, let problem = AppInvariants.clockProblem(offset: offset, frames: clock.matched) {
      let first = frames.first
      findings = [
        Finding(
          rule: "clock-in-sync", message: problem, line: first.map { log.entries[$0.entry].line } ?? 1,
          time: first?.time ?? 0, state: script.state(at: first?.time ?? 0), cause: .scene, causeTime: 0)
      ]
    } else {
      var checker = AppLogChecker(alignment: self, document: document, direction: direction)
      checker.run()
      findings = checker.findings
      shownChecked = checker.shownChecked
    }
    events = merged(stream: stream, document: document)
  }

  /// The settle pagination `p` answers, if it answers one.
  func settleAnswered(by p: Int) -> Int? { answered[p] }

  /// The last `frame` entry before `time`, if any.
  func lastFrame(before time: Double) -> Int? {
    let after = AppLogScript.partition(frames.count) { frames[$0].time >= time }
    return after > 0 ? frames[after - 1].entry : nil
  }
}
