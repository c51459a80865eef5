import EventStream

extension ExportTimeline {
  /// Follows the reader's frame, fold, posture and orientation through a stream, in constant
  /// memory: the part of the timeline the browser driver needs event by event.
  public struct LayoutTracker: Sendable {
    private var width = 0.0
    private var height = 0.0
    private var division: Division?
    private var folded = false
    private var orientation: Orientation?
    private var sawScene = false

    /// Makes a tracker that has seen nothing.
    public init() {}

    /// Takes one stream event; the layout from its time on when the event changed it (nil
    /// before the first scene, and for events that change no layout).
    public mutating func add(_ event: Event) -> Layout? {
      switch event.kind {
      case .orientation(let orientation):
        self.orientation = orientation
        return nil
      case .scene(let scene):
        (width, height, sawScene) = (scene.width, scene.height, true)
      case .regions(let regions):
        division = regions.division
        guard sawScene else { return nil }
      case .pose(let change):
        let nowFolded = change.pose.isFolded
        guard nowFolded != folded else { return nil }
        folded = nowFolded
        guard sawScene else { return nil }
      default: return nil
      }
      return Layout(
        time: event.time, width: width, height: height, division: division, folded: folded, orientation: orientation)
    }
  }
}
