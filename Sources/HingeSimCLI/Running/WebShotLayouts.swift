import Backends
import EventStream
import Shots

/// The simulator's pose, fold and settled text size through a `web` run, so each screenshot's
/// record says the layout as of its `shown` — the stream-clock driver has often taken the next
/// event by the time the page's report is read.
struct WebShotLayouts {
  /// Values with the stream time each took effect, in time order.
  private struct Changes<Value> {
    var entries: [(Double, Value)] = []
    mutating func append(_ t: Double, _ value: Value) { entries.append((t, value)) }
    /// The value in effect at `t` (the last change at or before it).
    func at(_ t: Double) -> Value? { entries.last { $0.0 <= t }?.1 }
  }
  private var poses = Changes<String>()
  private var divisions = Changes<Division?>()
  private var textSizes = Changes<String>()

  /// Takes one stream event.
  mutating func note(_ event: Event) {
    switch event.kind {
    case .pose(let change): poses.append(event.time, change.pose.rawValue)
    case .regions(let change): divisions.append(event.time, change.division)
    case .settled(let settled): textSizes.append(event.time, settled.textSize.rawValue)
    default: break
    }
  }

  /// The record of a picture taken at `t` of a page whose frame is `width` × `height`: the
  /// fold is the band the page was sent for that frame (`CDPDisplayFeature.fitted`, whole
  /// pixels, clipped to the frame), nil when it had none.
  func record(file: String, atMs t: Double, width: Double, height: Double, caption: String) -> ShotRecord {
    let pose = poses.at(t) ?? "unknown"
    let size = textSizes.at(t) ?? TextSize.large.rawValue
    var fold: Rect?
    var active = false
    if let division = divisions.at(t) ?? nil, width >= 1, height >= 1,
      let band = CDPDisplayFeature.fitted(division, width: Int(width.rounded()), height: Int(height.rounded())).sent
    {
      active = division.isActive
      let (offset, length) = (Double(band.offset), Double(band.maskLength))
      fold =
        band.orientation == "vertical"
        ? Rect(x: offset, y: 0, width: length, height: height.rounded())
        : Rect(x: 0, y: offset, width: width.rounded(), height: length)
    }
    return ShotRecord(
      file: file, timeMs: t, pose: pose, width: width, height: height, textSize: size, fold: fold, foldActive: active,
      caption: caption)
  }
}
