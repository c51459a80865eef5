import EventStream

/// What an export takes from the simulator stream: the hinge angles the device delivered, the
/// reader's frame and fold, the posture, the orientation, and the inputs that only an app sees.
public struct ExportTimeline: Sendable, Equatable {
  /// One delivered hinge update, as the stream carries it, with its time.
  public struct Angle: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// The update: its angle (degrees, 0 closed … 180 flat) and status.
    public var update: HingeUpdate
    /// True when the status differs from the previous update's (true for the first).
    public var changesStatus: Bool
  }

  /// The reader's frame, its fold and the posture from a time on.
  public struct Layout: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// Reader frame width, pt.
    public var width: Double
    /// Reader frame height, pt.
    public var height: Double
    /// The fold in reader coordinates, or nil.
    public var division: Division?
    /// True in the book and tabletop poses (the Device Posture API's `folded`).
    public var folded: Bool
    /// The device orientation, once the stream has given one.
    public var orientation: Orientation?

    /// Makes a layout.
    public init(
      time: Double, width: Double, height: Double, division: Division?, folded: Bool, orientation: Orientation? = nil
    ) {
      self.time = time
      self.width = width
      self.height = height
      self.division = division
      self.folded = folded
      self.orientation = orientation
    }
  }

  /// An orientation change.
  public struct Rotation: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// The new orientation.
    public var orientation: Orientation
  }

  /// An input no hinge or viewport command carries, with its time.
  public struct Input: Sendable, Equatable {
    /// Stream time, ms.
    public var time: Double
    /// What kind of input.
    public var kind: Kind

    /// The kinds of inputs targets may be unable to express.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
      case rotation = "orientation change"
      case textSize = "text-size change"
      case turn = "page turn"
      case goto
      case split = "Split View change"
    }
  }

  /// Delivered hinge updates, in time order.
  public var angles: [Angle] = []
  /// Frames, folds and postures, in time order (one per time).
  public var layouts: [Layout] = []
  /// Orientation changes after the first orientation, in time order.
  public var rotations: [Rotation] = []
  /// The orientation the source starts in.
  public var initialOrientation: Orientation = .portrait
  /// Inputs besides the hinge and orientation, in time order.
  public var inputs: [Input] = []

  /// Makes an empty timeline.
  public init() {}
}
