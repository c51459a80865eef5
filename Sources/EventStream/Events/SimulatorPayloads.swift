/// A delivered hinge update, or the update of a device without a hinge (`update.hinge` is nil
/// in UIKit; `"hinge":null` in a stream).
public struct HingeUpdate: Sendable, Equatable {
  /// Degrees, 0 = closed, 180 = flat (quantised by the profile's precision); 0 without a hinge.
  public var angle: Double
  /// The same angle in radians, as UIKit reports it.
  public var radians: Double
  /// The status at this update (`unknown` without a hinge).
  public var status: HingeStatus
  /// 0 closed … 1 fully open, as the dual-pane guide's app-side normaliser computes it (the
  /// hinge stage's `HingeProgress`); 1 without a hinge, as the guide reports it.
  public var progress: Double
  /// False for the one update of a device without a hinge.
  public var hasHinge: Bool

  /// Makes an update.
  public init(angle: Double, radians: Double, status: HingeStatus, progress: Double) {
    self.angle = angle
    self.radians = radians
    self.status = status
    self.progress = progress
    self.hasHinge = true
  }

  /// The update of a device without a hinge: `{"t":0,"type":"hinge","hinge":null}`.
  public static let noHinge: HingeUpdate = {
    var update = HingeUpdate(angle: 0, radians: 0, status: .unknown, progress: 1)
    update.hasHinge = false
    return update
  }()
}

/// The hinge status changed from one value to another.
public struct StatusChange: Sendable, Equatable {
  /// The new status.
  public var status: HingeStatus
  /// The previous status.
  public var from: HingeStatus
  /// The (quantised) angle that caused the change.
  public var angle: Double

  /// Makes a status change.
  public init(status: HingeStatus, from: HingeStatus, angle: Double) {
    self.status = status
    self.from = from
    self.angle = angle
  }
}

/// The pose changed.
public struct PoseChange: Sendable, Equatable {
  /// The new pose.
  public var pose: Pose
  /// The previous pose.
  public var from: Pose
  /// The orientation at the change.
  public var orientation: Orientation

  /// Makes a pose change.
  public init(pose: Pose, from: Pose, orientation: Orientation) {
    self.pose = pose
    self.from = from
    self.orientation = orientation
  }
}

/// One scene size. A burst sends `count` sizes; all but the last are transient.
public struct SceneChange: Sendable, Equatable {
  /// Reader frame width in points.
  public var width: Double
  /// Reader frame height in points.
  public var height: Double
  /// Which display shows the app.
  public var display: Display
  /// True for the intermediate sizes of a burst.
  public var transient: Bool
  /// 1-based position in the burst.
  public var index: Int
  /// The burst's size count.
  public var count: Int
  /// The view's horizontal size class in the pose heading to (nil in streams written before
  /// size classes were modelled).
  public var horizontalSizeClass: SizeClass?
  /// The view's vertical size class in the pose heading to (nil as above).
  public var verticalSizeClass: SizeClass?
  /// The window's safe-area insets in the pose heading to (nil as above).
  public var safeArea: SafeArea?

  /// Makes a scene change.
  public init(
    width: Double, height: Double, display: Display, transient: Bool, index: Int, count: Int,
    horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil, safeArea: SafeArea? = nil
  ) {
    self.width = width
    self.height = height
    self.display = display
    self.transient = transient
    self.index = index
    self.count = count
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.safeArea = safeArea
  }
}

/// The reserved division regions now reported (`.includeInactive`): none or the fold.
public struct RegionsChange: Sendable, Equatable {
  /// The fold, or nil when the reader does not meet one.
  public var division: Division?

  /// Makes a regions change.
  public init(division: Division?) { self.division = division }
}

/// The layout key after a quiet settle window.
public struct Settled: Sendable, Equatable {
  /// Reader frame width.
  public var width: Double
  /// Reader frame height.
  public var height: Double
  /// Dynamic Type size.
  public var textSize: TextSize
  /// The fold (frame and `isActive` at the settle), or nil.
  public var division: Division?
  /// Scene sizes received since the previous settle (the burst's size count).
  public var sizes: Int
  /// False when the key equals the previously settled one (reported, nothing to paginate).
  public var changed: Bool
  /// The cycle this settle ends: its cause and its first and last layout change.
  public var cycle: SettleCycle
  /// The horizontal size class of the last scene size (nil when the stream carries none): the
  /// reader splits a wide regular-width view without a fold into a spread.
  public var horizontalSizeClass: SizeClass?
  /// True while the notes are open: part of the layout key, since in a spread pose the reader
  /// then shows one page in the leading region beside them (written only when true; streams
  /// without it have the notes closed).
  public var notesOpen: Bool

  /// Makes a settled event.
  public init(
    width: Double, height: Double, textSize: TextSize, division: Division?, sizes: Int,
    changed: Bool, cycle: SettleCycle, horizontalSizeClass: SizeClass? = nil, notesOpen: Bool = false
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.notesOpen = notesOpen
    self.width = width
    self.height = height
    self.textSize = textSize
    self.division = division
    self.sizes = sizes
    self.changed = changed
    self.cycle = cycle
  }
}
