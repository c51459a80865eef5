/// How knob motion becomes hinge degrees.
///
/// By default one full turn sweeps the whole range (closed → flat): degrees per step is
/// `(upper - lower) / stepsPerTurn`, with the kind's steps per turn (dial 94, wheel 24
/// detents, hi-res wheel 24 × 120). An absolute axis maps its minimum…maximum onto the range.
///
/// ```swift
/// var mapping = KnobMapping(lower: 0, upper: 180)      // the profile's range
/// mapping.degreesPerStep = 2                            // --degrees-per-step 2
/// mapping.snapDetents = KnobMapping.standardDetents     // --snap: 0, 90, 180
/// mapping.buttonAction = .turnNext
/// ```
public struct KnobMapping: Sendable, Equatable {
  /// The closed end of the range, degrees (from the profile).
  public var lower: Double
  /// The flat end of the range, degrees (from the profile).
  public var upper: Double
  /// Overrides the degrees one relative step moves (after `stepsPerTurn`).
  public var degreesPerStep: Double?
  /// Overrides the kind's steps per full turn (one turn sweeps the range).
  public var stepsPerTurn: Double?
  /// Extra gain for fast turns: the step size is multiplied by `1 + acceleration × turns per
  /// second` (speed over the gap since the previous step, 1…1000 ms), at most `maximumGain`.
  /// 0 (the default) is linear.
  public var acceleration: Double
  /// The largest acceleration gain.
  public var maximumGain: Double
  /// Angles the output snaps to when within `snapTolerance` (empty: no snapping).
  public var snapDetents: [Double]
  /// How close, in degrees, an angle must be to a detent to snap.
  public var snapTolerance: Double
  /// What a button press does, unless `buttonActions` names the button.
  public var buttonAction: KnobButtonAction
  /// Per-button overrides, by `EV_KEY` code.
  public var buttonActions: [UInt16: KnobButtonAction]
  /// Turn the other way round (some wheels count clockwise as negative).
  public var reversed: Bool

  /// The `--snap` detents: closed, a right angle, flat.
  public static let standardDetents: [Double] = [0, 90, 180]

  /// A mapping over `lower…upper` degrees with the defaults above.
  public init(
    lower: Double = 0, upper: Double = 180, degreesPerStep: Double? = nil,
    stepsPerTurn: Double? = nil,
    acceleration: Double = 0, maximumGain: Double = 4, snapDetents: [Double] = [],
    snapTolerance: Double = 3,
    buttonAction: KnobButtonAction = .rotate, buttonActions: [UInt16: KnobButtonAction] = [:],
    reversed: Bool = false
  ) {
    self.lower = min(lower, upper)
    self.upper = max(lower, upper)
    self.degreesPerStep = degreesPerStep
    self.stepsPerTurn = stepsPerTurn
    self.acceleration = acceleration
    self.maximumGain = maximumGain
    self.snapDetents = snapDetents
    self.snapTolerance = snapTolerance
    self.buttonAction = buttonAction
    self.buttonActions = buttonActions
    self.reversed = reversed
  }

  /// The degrees one step of `kind` moves: `degreesPerStep` if set, else the range divided by
  /// the steps per turn. 0 for absolute axes (they map positions, not steps).
  public func degreesPerStep(for kind: KnobKind) -> Double {
    if let degreesPerStep, degreesPerStep.isFinite { return degreesPerStep }
    guard let steps = stepsPerTurn ?? kind.defaultStepsPerTurn, steps > 0, steps.isFinite else {
      return 0
    }
    return (upper - lower) / steps
  }

  /// The action for a button code.
  public func action(forButton code: UInt16) -> KnobButtonAction {
    buttonActions[code] ?? buttonAction
  }
}
