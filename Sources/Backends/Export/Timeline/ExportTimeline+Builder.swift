import EventStream

extension ExportTimeline {
  /// Collects a timeline from simulator stream events, one at a time.
  public struct Builder: Sendable {
    private var timeline = ExportTimeline()
    private var lastStatus: HingeStatus?
    private var sawOrientation = false
    private var width = 0.0
    private var height = 0.0
    private var division: Division?
    private var folded = false
    private var sawScene = false
    private var orientation: Orientation?

    /// Makes an empty builder.
    public init() {}

    /// Takes one stream event.
    public mutating func add(_ event: Event) {
      let t = event.time
      switch event.kind {
      case .hinge(let update) where update.hasHinge:
        timeline.angles.append(
          Angle(time: t, angle: update.angle, status: update.status, changesStatus: update.status != lastStatus))
        lastStatus = update.status
      case .orientation(let orientation):
        self.orientation = orientation
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
      case .scene(let scene):
        (width, height, sawScene) = (scene.width, scene.height, true)
        appendLayout(at: t)
      case .regions(let regions):
        division = regions.division
        if sawScene { appendLayout(at: t) }
      case .pose(let change):
        let nowFolded = change.pose == .book || change.pose == .tabletop
        if nowFolded != folded {
          folded = nowFolded
          if sawScene { appendLayout(at: t) }
        }
      default: break
      }
    }

    /// The timeline collected so far.
    public func finish() -> ExportTimeline { timeline }

    private mutating func appendLayout(at t: Double) {
      let layout = Layout(
        time: t, width: width, height: height, division: division, folded: folded, orientation: orientation)
      if let last = timeline.layouts.last, last.time == t {
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
