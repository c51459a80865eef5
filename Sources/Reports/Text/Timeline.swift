import EventStream
import Platform
import Simulator
import Timing

/// The readable one-line-per-event timeline of `hingesim run`: pose, status, settled,
/// paginated, shown and violations (the events that matter to a person).
public enum Timeline {
  /// The line for an event, or nil for events the timeline leaves out.
  public static func line(_ event: Event) -> String? {
    let time = pad(NumberFormat.ms(event.time), 9) + " ms  "
    switch event.kind {
    case .pose(let p):
      return time + "pose       \(p.pose.rawValue) (\(p.orientation.rawValue))"
    case .status(let s):
      return time + "status     \(s.from.rawValue) → \(s.status.rawValue) at \(NumberFormat.ms(s.angle))°"
    case .orientation(let o):
      return time + "rotate     \(o.rawValue)"
    case .textSize(let s):
      return time + "text size  \(s.rawValue)"
    case .split(let s):
      return time + "split      \(s.rawValue)"
    case .mark(let label):
      return time + "mark       \(label)"
    case .turn(let d):
      return time + "turn       \(d.rawValue)"
    case .goto(let offset):
      return time + "goto       \(offset)"
    case .settled(let s):
      let fold = s.division.map { $0.isActive ? ", fold active" : ", fold flat" } ?? ""
      let change = s.changed ? "" : " (unchanged)"
      return time
        + "settled    \(NumberFormat.ms(s.width))×\(NumberFormat.ms(s.height)) \(s.textSize.rawValue)\(fold), \(s.sizes) size\(s.sizes == 1 ? "" : "s")\(change)"
    case .paginated(let p):
      return time
        + "paginated  \(p.pageCount) pages of \(NumberFormat.ms(p.pageWidth))×\(NumberFormat.ms(p.pageHeight)) in \(NumberFormat.ms(p.ms)) ms (\(p.cache.rawValue))"
    case .shown(let s):
      let pages = s.pages.map { String($0 + 1) }.joined(separator: "–")
      return time
        + "shown      \(s.layout.rawValue) page\(s.pages.count > 1 ? "s" : "") \(pages) of \(s.pageCount), offset \(s.offset), notes \(s.notes.rawValue) — “\(s.excerpt)”"
    case .violation(let v):
      return time + "VIOLATION  \(v.rule): \(v.message) (after \(v.cause) at \(NumberFormat.ms(v.causeTime)) ms)"
    case .timing(let r):
      return time + "timing     \(r.cause): shown \(NumberFormat.ms(r.causeToShown)) ms after the cause"
    default:
      return nil
    }
  }

  static func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: " ", count: width - s.count) + s
  }
}
