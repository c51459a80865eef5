import EventStream
import Reader

/// What a real reader app wrote while it ran (`docs/app-log.md`): its measured frame, its
/// paginations and the pages it showed, each at a time on the app's own monotonic clock, and
/// one `sync` that ties that clock to the driving script's.
///
/// ```swift
/// let log = try AppLog.decode(bytes, file: "app.jsonl", textLength: 49_990, textHash: "ffd7e32a8e84e2fe")
/// log.scriptTime(ofAppTime: 1205)   // the app's 1205 ms on the script's clock
/// ```
public struct AppLog: Sendable, Equatable {
  /// The event types an app log may hold, in the order `docs/app-log.md` lists them.
  public static let eventTypes = [
    "sync", "frame", "paginated", "shown", "selection", "notes", "navigation", "painted",
  ]

  /// The tie between the two clocks, and what the app says it read.
  public struct Sync: Sendable, Equatable {
    /// The app's time of the sync, ms on its monotonic clock.
    public var appTime: Double
    /// The same moment on the driving script's clock, ms.
    public var scriptTime: Double
    /// The text's length in UTF-16 units, if the app said.
    public var textLength: Int?
    /// The text's `ContentHash`, if the app said.
    public var textHash: String?
    /// The clock the app's times are on: `real` (its own monotonic clock, the default) or
    /// `stream` (`web --clock stream`: the page's timers ran on the stream's time, which stood
    /// still while it worked).
    public var clock: Clock = .real
  }

  /// The clock an app's times are on.
  public enum Clock: String, Sendable, CaseIterable {
    /// The app's monotonic clock: real time.
    case real
    /// The stream's time, moved by the driver (`web --clock stream`).
    case stream
  }

  /// One pagination the app did.
  public struct Pagination: Sendable, Equatable {
    /// Page width, points.
    public var pageWidth: Double
    /// Page height, points.
    public var pageHeight: Double
    /// Pages laid out.
    public var pageCount: Int
    /// How long it took, ms; it ended at the event's `t`.
    public var ms: Double
    /// The text size it laid out for, if the app said.
    public var textSize: TextSize?
    /// True when the app found the pages in a cache of its own.
    public var cached: Bool
  }

  /// One event of the log.
  public enum Kind: Sendable, Equatable {
    /// The clocks' tie.
    case sync(Sync)
    /// The reader's measured frame, points.
    case frame(width: Double, height: Double)
    /// A pagination ended.
    case paginated(Pagination)
    /// What is on screen (the stream's own `shown`, with no excerpt).
    case shown(Shown)
    /// The user's selection, a UTF-16 range.
    case selection(Range<Int>)
    /// Where the notes are.
    case notes(NotesPlacement)
    /// A navigation state the app names (the detail shown, a column collapsed …).
    case navigation(String)
    /// The first frame painted with the layout last shown (a web page's double
    /// `requestAnimationFrame` after its `shown`).
    case painted
  }

  /// One event with where it came from.
  public struct Entry: Sendable, Equatable {
    /// The 1-based line in the file.
    public var line: Int
    /// The app's time, ms on its monotonic clock.
    public var appTime: Double
    /// What happened.
    public var kind: Kind
  }

  /// The file name, as messages write it.
  public var file: String
  /// Every event but `sync`, in file order (times never go backwards).
  public var entries: [Entry]
  /// The tie between the clocks.
  public var sync: Sync
  /// What could be ignored (unknown types and fields), one message each, `file:line:column:` first.
  public var warnings: [String]

  /// An app time on the script's clock: `t − sync.t + sync.scriptTime`, to the microsecond (`StreamTime`).
  public func scriptTime(ofAppTime t: Double) -> Double {
    StreamTime.rounded(t - sync.appTime + sync.scriptTime)
  }
}
