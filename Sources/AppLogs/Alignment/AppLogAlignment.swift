import EventStream
import Platform
import Reader
import Simulator

/// An app log set beside the simulator's stream of the same script: the app's events on the
/// script's clock, each pagination matched to the settle it answers, the rules checked, and
/// one stream in which the app's `paginated` and `shown` stand where the reader model's would —
/// so the timing stage times the app exactly as it times the model.
///
/// Which settle a pagination answers follows the reader model's main thread: a settle that
/// comes while the app is paginating waits for it; when the app is free, a settle with another
/// behind it is superseded, one whose layout is the one on screen is answered unchanged, and
/// any other waits for the app's next pagination. A pagination that starts while a cycle's
/// sizes still come (before its settle) with no earlier settle waiting belongs to that cycle
/// (early). The last pagination of a settle answers it; the others are extra.
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
    /// One chapter at a time, starting in the chapter with this id.
    case chapter(startingIn: Int)
  }

  /// How a settle was answered.
  enum Answer: Equatable {
    case pending
    /// By this pagination (an index into `paginations`).
    case paginated(Int)
    /// Nothing to repaginate, at this time.
    case unchanged(Double)
    /// Another settle came before the app was free, at this time.
    case superseded(Double)
    /// Never paginated nor shown.
    case missing
  }

  /// One settle of the stream.
  struct SettlePoint {
    var time: Double
    var settled: Settled
    var geometry: PageGeometry
    /// The chapter laid out, when the app paginates one chapter at a time.
    var chapter: Int?
    var answer: Answer = .pending
    /// Paginations that are not its answer: early ones overtaken, or repeated ones.
    var extra: [Int] = []
  }

  /// One app pagination on the script's clock.
  struct AppPagination {
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
  public var settleCount: Int { settles.count }

  let log: AppLog
  var settles: [SettlePoint] = []
  var paginations: [AppPagination] = []
  /// The simulator's poses, for the state findings name.
  var poses: [(time: Double, pose: Pose)] = []

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
    // The navigation stage's sidebar narrows the pages; its chapter is what a chapter reader lays out.
    var sidebar = SidebarMode.hide
    var chapter: Int? = if case .chapter(let first) = unit { first } else { nil }
    for event in stream {
      switch event.kind {
      case .settled(let s):
        let geometry = PageGeometry(settled: s, sidebar: sidebar, insets: insets, direction: direction)
        settles.append(SettlePoint(time: event.time, settled: s, geometry: geometry, chapter: chapter))
      case .navigation(let n):
        sidebar = n.sidebar
        if chapter != nil, let selected = n.chapter { chapter = selected }
      case .pose(let p): poses.append((event.time, p.pose))
      default: break
      }
    }
    for (i, entry) in log.entries.enumerated() {
      guard case .paginated(let p) = entry.kind else { continue }
      let end = log.scriptTime(ofAppTime: entry.appTime)
      paginations.append(AppPagination(entry: i, start: StreamTime.elapsed(from: p.ms, to: end), end: end, value: p))
    }
    var sweep = AppLogSweep(settles: settles, paginations: paginations)
    sweep.run()
    settles = sweep.settles
    var checker = AppLogChecker(alignment: self, document: document, direction: direction, stream: stream)
    checker.run()
    findings = checker.findings
    shownChecked = checker.shownChecked
    events = merged(stream: stream, document: document, stamps: checker.stamps, neverShown: checker.neverShown)
  }

  /// The simulator's state at `time`: its pose and the last settled size.
  func state(at time: Double) -> String {
    let pose = poses.last(where: { $0.time <= time })?.pose.rawValue ?? "unknown"
    guard let s = settles.last(where: { $0.time <= time }) else { return "pose \(pose), nothing settled yet" }
    return
      "pose \(pose), settled \(AppInvariants.size(s.settled.width, s.settled.height)) \(s.settled.textSize.rawValue) at \(NumberFormat.ms(s.time)) ms"
  }
}
