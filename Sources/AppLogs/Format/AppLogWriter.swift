import EventStream
import Reader

/// Writes the reader model's own behaviour as an app log (`run --emit-app-log FILE`): the
/// oracle's self-test, since a log of the model must pass `check --app` and time as the model.
///
/// The model's clock is the script's; the log's is shifted by `appClockOffset` (an app's
/// monotonic clock never starts at the script's 0), and its `sync` says so. Every scene size is
/// a `frame` (the app measures each size of a burst), each `paginated`, `shown` and `selection`
/// is one line.
///
/// ```swift
/// var writer = AppLogWriter(textLength: 49_990, textHash: "ffd7e32a8e84e2fe")
/// writer.sync()                       // {"t":1000,"type":"sync","scriptTime":0,…}
/// writer.line(for: sceneEvent)        // {"t":1000,"type":"frame","width":382,"height":620}
/// ```
public struct AppLogWriter: Sendable {
  /// The app clock's time at the script's 0, ms.
  public static let appClockOffset = 1000.0
  let textLength: Int
  let textHash: String

  /// A writer for a text of `textLength` UTF-16 units whose `ContentHash` is `textHash`.
  public init(textLength: Int, textHash: String) {
    self.textLength = textLength
    self.textHash = textHash
  }

  /// The `sync` line, first in the log.
  public func sync() -> [UInt8] {
    var w = start(0, "sync")
    w.field("scriptTime", 0.0)
    w.field("textLength", textLength)
    w.field("textHash", textHash)
    w.field("app", "hingesim reader model")
    return finish(w)
  }

  /// The line for a stream event, or nil for one an app does not log.
  public func line(for event: Event) -> [UInt8]? {
    switch event.kind {
    case .scene(let s):
      var w = start(event.time, "frame")
      w.field("width", s.width)
      w.field("height", s.height)
      return finish(w)
    case .paginated(let p):
      var w = start(event.time, "paginated")
      w.field("pageWidth", p.pageWidth)
      w.field("pageHeight", p.pageHeight)
      w.field("pageCount", p.pageCount)
      w.field("ms", p.ms)
      w.field("textSize", p.textSize.rawValue)
      w.field("cached", p.cache == .hit)
      return finish(w)
    case .shown(let s):
      var w = start(event.time, "shown")
      EventWriter.shownLayout(s, into: &w)
      return finish(w)
    case .selection(let s):
      var w = start(event.time, "selection")
      w.field("range", [s.offset, s.offset + s.length])
      return finish(w)
    default: return nil
    }
  }

  private func start(_ time: Double, _ type: String) -> JSONObjectWriter {
    var w = JSONObjectWriter()
    w.field("t", StreamTime.adding(Self.appClockOffset, to: time))
    w.field("type", type)
    return w
  }

  private func finish(_ w: JSONObjectWriter) -> [UInt8] {
    var w = w
    w.close()
    return w.bytes + [0x0A]
  }
}
