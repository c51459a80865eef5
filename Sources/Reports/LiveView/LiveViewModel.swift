import EventStream
import Platform
import Simulator
import Timing

/// Supplies the text lines of a page for the live view: a text reader's real line breaks, or
/// the text a PDF page holds.
public protocol PageTextProvider {
  /// The lines of a 0-based page, top to bottom (empty when unknown).
  func lines(page: Int) -> [String]
  /// Follows the stream (which pagination is on screen); nothing by default.
  func receive(_ event: Event)
}

extension PageTextProvider {
  public func receive(_ event: Event) {}
}

/// What the live view shows, updated from stream events.
struct LiveViewModel: Sendable {
  /// The stream time of the last event.
  var time = 0.0
  /// The last delivered angle, degrees (nil before the first `hinge`).
  var angle: Double?
  /// The hinge status.
  var status = HingeStatus.unknown
  /// The pose.
  var pose = Pose.unknown
  /// The device orientation.
  var orientation = Orientation.portrait
  /// The reader frame, points (nil before the first scene).
  var frame: (width: Double, height: Double)?
  /// The display showing the app.
  var display = Display.outer
  /// True while a resize burst is under way.
  var inBurst = false
  /// The fold, as the regions report it.
  var division: Division?
  /// The Dynamic Type size.
  var textSize = TextSize.large
  /// The last settle's wait (its cycle's last change → settled, `SettleCycle.wait`).
  var settleWaitMs: Double?
  /// The last settle cycle's timing record (from the timing stage), when there is one.
  var lastTiming: TimingRecord?
  /// Pagination time of the last settle cycle.
  var paginationMs: Double?
  /// What the reader shows (nil until a `shown` event).
  var shown: Shown?
  /// Status thresholds marked on the gauge: (degrees, label).
  var marks: [(Double, String)] = []
  /// The range of the gauge.
  var range: ClosedRange<Double> = 0...180
  /// The last events, oldest first.
  private(set) var log: [String] = []
  /// How many log lines are kept.
  var logLength = 6
  /// Bumped on every change, so a view redraws only when something changed.
  private(set) var version = 0

  /// A model with the gauge marks of a profile's hinge.
  init(profile: Profile? = nil) {
    guard let hinge = profile?.hinge else { return }
    range = hinge.minAngle...max(hinge.maxAngle, hinge.minAngle + 1)
    let s = hinge.status
    marks = [
      (s.closedOpening, "closed"), (s.fullyOpenClosing, "open↓"), (s.fullyOpenOpening, "open↑"),
    ]
  }

  /// Takes one stream event.
  mutating func update(_ event: Event) {
    time = event.time
    version += 1
    switch event.kind {
    case .sample: return
    case .hinge(let update):
      angle = update.angle
      status = update.status
    case .status(let change): status = change.status
    case .pose(let change):
      pose = change.pose
      orientation = change.orientation
    case .orientation(let o): orientation = o
    case .textSize(let size): textSize = size
    case .scene(let scene):
      frame = (scene.width, scene.height)
      display = scene.display
      inBurst = scene.transient
    case .regions(let regions): division = regions.division
    case .settled(let settled):
      settleWaitMs = settled.cycle.wait(settledAt: event.time)
      paginationMs = nil
      textSize = settled.textSize
    case .paginated(let p): paginationMs = (paginationMs ?? 0) + p.ms
    case .shown(let shown): self.shown = shown
    case .timing(let record): lastTiming = record
    default: break
    }
    log.append(EventText.line(event))
    if log.count > logLength { log.removeFirst(log.count - logLength) }
  }
}
