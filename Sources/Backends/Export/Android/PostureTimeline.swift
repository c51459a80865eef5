import EventStream

/// What the Android test exports (`espresso`, `jetpack`) take from the simulator stream: the
/// poses in order with the orientation they came with, and every settled layout with its
/// frame and fold.
///
/// Both APIs set a posture or publish a fold, not an angle, so this is the stream at the grain
/// they can express: a pose change, a settle.
public struct PostureTimeline: Sendable, Equatable {
  /// A pose the device took.
  public struct Step: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// The new pose.
    public var pose: Pose
    /// The orientation at the change.
    public var orientation: Orientation
  }

  /// A layout the reader settled on, or a fold that turned active or flat after one without a
  /// new size (the fold frame stays put, so the reader does not settle again; Jetpack
  /// WindowManager reports the new state all the same).
  public struct Settle: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// The reader's frame, points (dp on Android).
    public var width: Double
    public var height: Double
    /// The fold in reader coordinates, or nil.
    public var division: Division?
    /// The pose at the settle.
    public var pose: Pose
  }

  /// Pose changes, in time order.
  public var steps: [Step] = []
  /// Settled layouts, in time order.
  public var settles: [Settle] = []
  /// Scene sizes the stream sent, intermediate burst sizes included.
  public var sceneSizes = 0
  /// Intermediate sizes of bursts among them.
  public var transientSizes = 0
  /// Delivered hinge angles.
  public var angles = 0
  /// Times of the turns to `faceUp` or `faceDown` (no screen orientation to set).
  public var flatTurns: [Double] = []

  /// Makes an empty timeline.
  public init() {}

  /// Collects a posture timeline from simulator stream events, one at a time.
  public struct Builder: Sendable {
    private var timeline = PostureTimeline()
    private var pose: Pose = .unknown

    /// Makes an empty builder.
    public init() {}

    /// Takes one stream event.
    public mutating func add(_ event: Event) {
      switch event.kind {
      case .pose(let change):
        pose = change.pose
        guard change.pose != .unknown else { return }
        timeline.steps.append(Step(time: event.time, pose: change.pose, orientation: change.orientation))
      case .orientation(let orientation) where orientation.isFlat:
        timeline.flatTurns.append(event.time)
      case .scene(let scene):
        timeline.sceneSizes += 1
        if scene.transient { timeline.transientSizes += 1 }
      case .hinge(let update) where update.hasHinge:
        timeline.angles += 1
      case .settled(let settled):
        timeline.settles.append(
          Settle(time: event.time, width: settled.width, height: settled.height, division: settled.division, pose: pose)
        )
      case .regions(let regions):
        guard var last = timeline.settles.last, let fold = regions.division, let settled = last.division,
          fold.frame == settled.frame, fold.isActive != settled.isActive, pose != .closed, pose != .closedSideways
        else { return }  // closing: the display switches, and the next settle says so
        (last.time, last.division, last.pose) = (event.time, fold, pose)
        timeline.settles.append(last)
      default: break
      }
    }

    /// The timeline collected so far.
    public func finish() -> PostureTimeline { timeline }
  }
}
