import EventStream
import Platform
import Simulator
import Timing

/// One short line per stream event, for the plain timeline and the live view's event log.
public enum EventSummary {
  /// `   1234.5 ms  hinge 92.5° partiallyOpen`.
  public static func line(_ event: Event) -> String {
    let time = NumberFormat.ms(event.time)
    let padded = String(repeating: " ", count: max(0, 9 - time.count)) + time
    return "\(padded) ms  \(text(event.kind))"
  }

  /// The event without its time.
  static func text(_ kind: EventKind) -> String {
    switch kind {
    case .sample(let angle): "sample \(degrees(angle))"
    case .orientation(let o): "orientation \(o.rawValue)"
    case .textSize(let size): "textSize \(size.rawValue)"
    case .turn(let direction): "turn \(direction.rawValue)"
    case .goto(let offset): "goto \(offset)"
    case .split(let mode): "split \(mode.rawValue)"
    case .mark(let label): "mark \(label)"
    case .hinge(let update): "hinge \(degrees(update.angle)) \(update.status.rawValue)"
    case .status(let change): "status \(change.from.rawValue) → \(change.status.rawValue)"
    case .pose(let change):
      "pose \(change.from.rawValue) → \(change.pose.rawValue) (\(change.orientation.rawValue))"
    case .scene(let scene):
      "scene \(size(scene.width, scene.height)) \(scene.display.rawValue)"
        + (scene.transient ? " (transient \(scene.index)/\(scene.count))" : "")
    case .regions(let regions):
      regions.division.map { "regions fold \($0.isActive ? "active" : "inactive")" }
        ?? "regions none"
    case .settled(let settled):
      "settled \(size(settled.width, settled.height)) \(settled.textSize.rawValue), \(settled.sizes) size(s)"
        + (settled.changed ? "" : ", unchanged")
    case .paginated(let p):
      "paginated \(p.pageCount) pages in \(NumberFormat.ms(p.ms)) ms (\(p.cache.rawValue))"
    case .shown(let shown):
      "shown \(pageList(shown.pages)) of \(shown.pageCount) (\(shown.layout.rawValue))"
    case .timing(let record):
      "timing \(record.cause): \(NumberFormat.ms(record.causeToShown)) ms to shown"
    case .violation(let v): "VIOLATION \(v.rule): \(v.message)"
    }
  }

  /// `92.5°`.
  static func degrees(_ value: Double) -> String {
    "\(NumberFormat.ms((value * 10).rounded() / 10))°"
  }

  /// `867 × 611`.
  static func size(_ width: Double, _ height: Double) -> String {
    "\(NumberFormat.ms(width)) × \(NumberFormat.ms(height))"
  }

  /// 1-based page numbers: `p. 23–24`.
  static func pageList(_ pages: [Int]) -> String {
    guard let first = pages.first else { return "no page" }
    if pages.count == 1 { return "p. \(first + 1)" }
    return "p. \(first + 1)–\(pages.last! + 1)"
  }
}
