/// The virtual knob: turns gestures (keys, the wheel, the gauge, posture buttons) into the
/// evdev events a physical hi-res wheel knob sends — `REL_WHEEL_HI_RES` in 120ths of a detent,
/// `BTN_0` press and release, and an absolute position axis for jumps — so they go through the
/// same `KnobMapper` (detents, acceleration, snapping, button actions) as a real knob.
///
/// Gestures that come faster than frames (a held key, a fast wheel) are coalesced like a knob's
/// burst: after an input goes out, what arrives within `frameMs` waits for the frame's end and
/// goes out as one report — the relative motion summed, the last position kept, every button
/// press kept. A pure state machine: gestures + now → inputs, plus a deadline.
///
/// ```swift
/// var knob = VirtualKnob(mapping: KnobMapping(lower: 0, upper: 180))
/// var mapper = VirtualKnob.mapper(mapping: knob.mapping)
/// knob.receive([.detents(1)], at: 0).flatMap { mapper.map($0) }     // [.angle(time: 0, degrees: 7.5)]
/// knob.receive([.detents(1), .detents(1)], at: 10)                   // [] — within the frame
/// knob.fire(at: knob.deadline!)                                      // one REL_WHEEL_HI_RES +240
/// ```
public struct VirtualKnob: Sendable {
  /// Where the knob is in its frame.
  enum State: Sendable, Equatable {
    /// Nothing waiting; the last report went out at `lastReport` (nil: none yet).
    case idle(lastReport: Double?)
    /// Inputs wait for the frame's end at `until`.
    case holding(until: Double, pending: [KnobInput.Kind])
  }

  /// The device the virtual knob stands for (`hingesim devices` would list it like this).
  public static let device = KnobDeviceInfo(
    path: "virtual", name: "virtual knob", vendor: 0, product: 0, kind: .hiResWheel,
    axis: KnobCode.relWheelHiRes, buttons: [KnobCode.btn0])
  /// Hi-res units per detent (the kernel's `REL_WHEEL_HI_RES` convention).
  public static let unitsPerDetent: Int32 = 120
  /// The position axis: `ABS_WHEEL` from 0 (the range's lower end) to `positionMax` (its upper end).
  public static let positionAxis = KnobCode.absWheel
  /// The position axis's maximum.
  public static let positionMax: Int32 = 10_000
  /// The shortest time between two reports, ms (30 a second, the view's frame rate).
  public static let frameMs = 1000.0 / 30

  /// The mapping (its range places positions and postures).
  public let mapping: KnobMapping
  private(set) var state = State.idle(lastReport: nil)

  /// A knob over `mapping`'s range.
  public init(mapping: KnobMapping) {
    self.mapping = mapping
  }

  /// The mapper for the virtual knob's events: a hi-res wheel that also takes the position axis.
  public static func mapper(mapping: KnobMapping) -> KnobMapper {
    KnobMapper(
      kind: device.kind, axis: device.axis, mapping: mapping, initialDegrees: mapping.lower,
      positionAxis: (axis: positionAxis, min: 0, max: positionMax))
  }

  /// When held inputs go out (`fire(at:)`), nil when none wait.
  public var deadline: Double? {
    if case .holding(let until, _) = state { return until }
    return nil
  }

  /// Takes gestures at `now` (ms); returns the inputs to map now (none while a frame is open).
  /// `.quit` is not a knob input: the caller ends the run after `flush(at:)`.
  public mutating func receive(_ gestures: [VirtualGesture], at now: Double) -> [KnobInput] {
    let kinds = gestures.flatMap(kinds)
    guard !kinds.isEmpty else { return [] }
    switch state {
    case .idle(let lastReport):
      if let lastReport, now < lastReport + Self.frameMs {
        state = .holding(until: lastReport + Self.frameMs, pending: kinds)
        return []
      }
      state = .idle(lastReport: now)
      return Self.coalesced(kinds, at: now)
    case .holding(let until, let pending):
      state = .holding(until: until, pending: pending + kinds)
      return []
    }
  }

  /// The held inputs, once the frame has ended.
  public mutating func fire(at now: Double) -> [KnobInput] {
    guard let deadline, now >= deadline else { return [] }
    return flush(at: now)
  }

  /// The held inputs now, whatever the frame (before the run ends).
  public mutating func flush(at now: Double) -> [KnobInput] {
    guard case .holding(_, let pending) = state else { return [] }
    state = .idle(lastReport: now)
    return Self.coalesced(pending, at: now)
  }

  /// The evdev events one gesture is.
  private func kinds(_ gesture: VirtualGesture) -> [KnobInput.Kind] {
    switch gesture {
    case .detents(let n):
      let units = Int64(n) * Int64(Self.unitsPerDetent)
      return units == 0 ? [] : [.relative(code: Self.device.axis, value: Self.clamped(units))]
    case .position(let degrees):
      return degrees.isFinite ? [.absolute(code: Self.positionAxis, value: position(degrees))] : []
    case .posture(let posture):
      let degrees = posture.degrees(lower: mapping.lower, upper: mapping.upper)
      return [.absolute(code: Self.positionAxis, value: position(degrees))]
    case .button:
      return [.button(code: KnobCode.btn0, pressed: true), .button(code: KnobCode.btn0, pressed: false)]
    case .quit:
      return []
    }
  }

  /// An angle as a value of the position axis.
  private func position(_ degrees: Double) -> Int32 {
    let span = mapping.upper - mapping.lower
    guard span > 0 else { return 0 }
    let fraction = min(max((degrees - mapping.lower) / span, 0), 1)
    return Int32((fraction * Double(Self.positionMax)).rounded())
  }

  /// One report: neighbouring relative motion summed (dropped when it cancels out), neighbouring
  /// positions reduced to the last, button presses and releases kept in order.
  static func coalesced(_ kinds: [KnobInput.Kind], at time: Double) -> [KnobInput] {
    var out: [KnobInput.Kind] = []
    for kind in kinds {
      switch (out.last, kind) {
      case (.relative(let code, let a)?, .relative(let next, let b)) where next == code:
        out[out.count - 1] = .relative(code: code, value: clamped(Int64(a) + Int64(b)))
      case (.absolute(let code, _)?, .absolute(let next, let b)) where next == code:
        out[out.count - 1] = .absolute(code: code, value: b)
      default:
        out.append(kind)
      }
    }
    return out.filter { $0 != .relative(code: device.axis, value: 0) }.map { KnobInput(time: time, kind: $0) }
  }

  private static func clamped(_ value: Int64) -> Int32 { Int32(min(max(value, Int64(Int32.min)), Int64(Int32.max))) }
}
