import EventStream
import Reader
import Simulator

/// An app log set beside the simulator's stream of the same script: the app's events on the
/// script's clock, each pagination matched to the settle it answers and each `shown` to what it
/// answers, the rules checked, and one stream in which the app's `paginated` and `shown` stand
/// where the reader model's would — so the timing stage times the app exactly as it times the
/// model, and a record closes only on its own answer.
///
/// The three steps are the module's three folders, in order: `Alignment/AppLogMatching` puts
/// the log on the script's clock and says which settle each pagination answers (the reader
/// model's main thread: `AppLogSweep`) and what each `shown` answers (`AppLogShownMatch`);
/// `Rules/AppLogChecker` judges that — first the clock (`AppLogClock`: a log whose sync ties
/// the wrong moments breaks `clock-in-sync` and nothing else is judged), then `AppInvariants`
/// and `ReaderInvariants`; and the merged stream (`AppLogAlignment+Stream`) carries the answers
/// and a `violation` for each finding.
///
/// ```swift
/// let aligned = AppLogAlignment(log: log, stream: simulatorEvents, document: doc, insets: duo.pages)
/// aligned.findings      // [frame-matches-pose at app.jsonl:7, …]
/// aligned.events        // the simulator's events with the app's paginated, shown, skipped
/// ```
public struct AppLogAlignment: Sendable {
  /// The simulator's stream with the app's reader events merged in, in time order.
  public private(set) var events: [Event] = []
  /// Every rule broken, in log order.
  public let findings: [AppLogFinding]
  /// The app's shown states checked.
  public let shownChecked: Int
  /// The settles of the stream.
  public var settleCount: Int { matching.script.settles.count }
  /// How far the app's clock stands from the script's after the sync, ms, as its frames measure
  /// it (`AppLogClock`); nil when no frame matched a size.
  public let clockOffset: Double?
  /// The clock the app's times are on, as its sync says (`real` unless it says `stream`).
  public var appClock: AppLog.Clock { matching.log.sync.clock }

  let matching: AppLogMatching

  /// Aligns `log` with `stream` (the simulator's events for the script that drove the app) and
  /// checks it.
  /// - Parameters:
  ///   - document: the text the app shows (excerpts for `shown`, its length).
  ///   - insets: the profile's page insets, for the page geometry each settle asks for.
  ///   - direction: the reading direction asked for.
  ///   - unit: what the app lays out at a time.
  public init(
    log: AppLog, stream: [Event], document: ReaderDocument, insets: Profile.PageInsets,
    direction: ReadingDirection = .ltr, unit: AppLogPaginationUnit = .wholeText
  ) {
    matching = AppLogMatching(
      log: log, stream: stream, insets: insets, direction: direction, unit: unit, textLength: document.utf16Count)
    var checker = AppLogChecker(matching: matching, document: document, direction: direction)
    checker.run()
    findings = checker.findings
    shownChecked = checker.shownChecked
    clockOffset = checker.clock.offset
    events = merged(stream: stream, document: document)
  }
}
