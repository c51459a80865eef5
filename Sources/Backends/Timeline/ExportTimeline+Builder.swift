import EventStream

extension ExportTimeline {
  /// Collects a timeline from simulator stream events, one at a time.
  public struct Builder: Sendable {
    private var timeline = ExportTimeline()
    private var lastStatus: HingeStatus?
    private var sawOrientation = false
    private var tracker = LayoutTracker()

    /// Makes an empty builder.
    public init() {}

    /// Takes one stream event.
    public mutating func add(_ event: Event) {
      let t = event.time
      if let layout = tracker.add(event) { append(layout) }
      switch event.kind {
      case .hinge(let update) where update.hasHinge:
        timeline.angles.append(
          Angle(time: t, update: update, changesStatus: update.status != lastStatus))
        lastStatus = update.status
      case .orientation(let orientation):
        if sawOrientation {
          timeline.rotations.append(Rotation(time: t, orientation: orientation))
        } else {
          timeline.initialOrientation = orientation
          sawOrientation = true
        }
      case .textSize: timeline.inputs.append(Input(time: t, kind: .textSize))
      case .turn: timeline.inputs.append(Input(time: t, kind: .turn))
      case .goto: timeline.inputs.append(Input(time: t, kind: .goto))
      case .split: timeline.inputs.append(Input(time: t, kind: .split))
      default: break
      }
    }

    /// The timeline collected so far.
    public func finish() -> ExportTimeline { timeline }

    private mutating func append(_ layout: Layout) {
      if let last = timeline.layouts.last, last.time == layout.time {
        timeline.layouts[timeline.layouts.count - 1] = layout
      } else {
        timeline.layouts.append(layout)
      }
    }
  }

  /// The timeline of a whole stream.
  public static func of(_ events: [Event]) -> ExportTimeline {
    var builder = Builder()
    for event in events { builder.add(event) }
    return builder.finish()
  }
}
