/// Turns knob inputs into hinge angles and button actions: a pure state machine (no clock, no I/O).
///
/// Only the knob's own axis moves the angle (a hi-res wheel ignores its low-resolution
/// `REL_WHEEL` twin); the angle is clamped to the mapping's range, and an angle is emitted only
/// when the output changes. Button presses emit their action; releases are ignored.
///
/// ```swift
/// var mapper = KnobMapper(kind: .dial, mapping: KnobMapping(lower: 0, upper: 180), initialDegrees: 0)
/// mapper.map(KnobInput(time: 5, kind: .relative(code: KnobCode.relDial, value: 47)))
/// // [.angle(time: 5, degrees: 90)]   — half of the 94 clicks per turn
/// ```
public struct KnobMapper: Sendable {
  /// What the knob reports.
  public let kind: KnobKind
  /// The code of the knob's axis.
  public let axis: UInt16
  /// The settings.
  public let mapping: KnobMapping
  /// An absolute axis a relative knob also takes, whose min…max maps onto the range (the
  /// virtual knob's jumps to a posture or a dragged angle); nil for devices.
  public let positionAxis: (axis: UInt16, min: Int32, max: Int32)?
  /// The angle last emitted (or the initial angle), degrees.
  public private(set) var degrees: Double

  /// The unsnapped position, so a knob can turn past a detent.
  private var position: Double
  private var lastMotion: Double?

  /// A mapper for `kind`, reading `axis` (default: the kind's relative code, or `ABS_WHEEL`),
  /// starting at `initialDegrees` (clamped to the range), taking `positionAxis` too when given.
  public init(
    kind: KnobKind, axis: UInt16? = nil, mapping: KnobMapping, initialDegrees: Double? = nil,
    positionAxis: (axis: UInt16, min: Int32, max: Int32)? = nil
  ) {
    self.kind = kind
    self.axis = axis ?? kind.relativeCode ?? KnobCode.absWheel
    self.mapping = mapping
    self.positionAxis = positionAxis
    let start = initialDegrees ?? mapping.lower
    position = start.isFinite ? min(max(start, mapping.lower), mapping.upper) : mapping.lower
    degrees = position
  }

  /// A mapper for an opened device.
  public init(device: KnobDeviceInfo, mapping: KnobMapping, initialDegrees: Double? = nil) {
    self.init(
      kind: device.kind, axis: device.axis, mapping: mapping, initialDegrees: initialDegrees)
  }

  /// A mapper for a recording.
  public init(recording: KnobRecording, mapping: KnobMapping, initialDegrees: Double? = nil) {
    self.init(
      kind: recording.kind, axis: recording.axis, mapping: mapping, initialDegrees: initialDegrees)
  }

  /// Maps one input; returns what it causes (often nothing).
  public mutating func map(_ input: KnobInput) -> [KnobAction] {
    switch input.kind {
    case .relative(let code, let value):
      guard code == axis, kind.relativeCode != nil, value != 0 else { return [] }
      let step = mapping.degreesPerStep(for: kind) * gain(steps: value, at: input.time)
      lastMotion = input.time
      let delta = Double(value) * step * (mapping.reversed ? -1 : 1)
      return move(to: position + delta, at: input.time)
    case .absolute(let code, let value):
      let low: Int32
      let high: Int32
      if case .absolute(let min, let max) = kind, code == axis {
        (low, high) = (min, max)
      } else if let positionAxis, code == positionAxis.axis, kind.relativeCode != nil {
        (low, high) = (positionAxis.min, positionAxis.max)
      } else {
        return []
      }
      guard high > low else { return [] }
      var fraction = (Double(value) - Double(low)) / (Double(high) - Double(low))
      if mapping.reversed { fraction = 1 - fraction }
      return move(to: mapping.lower + fraction * (mapping.upper - mapping.lower), at: input.time)
    case .button(let code, let pressed):
      return pressed ? [.button(time: input.time, mapping.action(forButton: code))] : []
    case .dropped:
      lastMotion = nil
      return [.dropped(time: input.time)]
    }
  }

  /// Maps a whole sequence (a recording).
  public mutating func map(_ inputs: some Sequence<KnobInput>) -> [KnobAction] {
    inputs.flatMap { map($0) }
  }

  private mutating func move(to target: Double, at time: Double) -> [KnobAction] {
    guard target.isFinite else { return [] }
    position = min(max(target, mapping.lower), mapping.upper)
    let output = snapped(position)
    guard output != degrees else { return [] }
    degrees = output
    return [.angle(time: time, degrees: output)]
  }

  private func snapped(_ angle: Double) -> Double {
    var best = angle
    var distance = mapping.snapTolerance
    for detent in mapping.snapDetents where abs(detent - angle) <= distance {
      distance = abs(detent - angle)
      best = min(max(detent, mapping.lower), mapping.upper)
    }
    return best
  }

  /// The acceleration gain for `steps` arriving at `time`: speed in turns per second over the
  /// gap since the previous motion (clamped to 1…1000 ms); the first motion has gain 1.
  private func gain(steps: Int32, at time: Double) -> Double {
    guard mapping.acceleration > 0, let perTurn = mapping.stepsPerTurn ?? kind.defaultStepsPerTurn,
      perTurn > 0,
      let lastMotion
    else { return 1 }
    let gap = min(max(time - lastMotion, 1), 1000)
    let turnsPerSecond = Double(steps.magnitude) / perTurn / (gap / 1000)
    return min(1 + mapping.acceleration * turnsPerSecond, max(mapping.maximumGain, 1))
  }
}
