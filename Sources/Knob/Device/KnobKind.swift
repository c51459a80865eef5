/// What a knob reports, which decides how its motion becomes degrees.
///
/// | kind          | evdev code             | default steps per turn |
/// |---------------|------------------------|------------------------|
/// | `.dial`       | `REL_DIAL`             | 94 (Griffin PowerMate) |
/// | `.hiResWheel` | `REL_WHEEL_HI_RES`     | 2880 (24 detents × 120)|
/// | `.wheel`      | `REL_WHEEL`            | 24 detents             |
/// | `.absolute`   | an `EV_ABS` dial/wheel | min…max spans the range|
public enum KnobKind: Sendable, Hashable {
  /// A relative dial (`REL_DIAL`): PowerMate, Surface Dial, tablet-pad dials.
  case dial
  /// A scroll wheel in detents (`REL_WHEEL`).
  case wheel
  /// A high-resolution scroll wheel (`REL_WHEEL_HI_RES`, 120 units per detent).
  case hiResWheel
  /// An absolute axis whose minimum…maximum covers the profile's range.
  case absolute(min: Int32, max: Int32)

  /// The steps one full turn produces by default; nil for absolute axes.
  public var defaultStepsPerTurn: Double? {
    switch self {
    case .dial: 94
    case .wheel: 24
    case .hiResWheel: 24 * 120
    case .absolute: nil
    }
  }

  /// The relative code this kind reads (`REL_DIAL`, `REL_WHEEL`, `REL_WHEEL_HI_RES`); nil for absolute.
  public var relativeCode: UInt16? {
    switch self {
    case .dial: KnobCode.relDial
    case .wheel: KnobCode.relWheel
    case .hiResWheel: KnobCode.relWheelHiRes
    case .absolute: nil
    }
  }

  /// A short name for listings: `dial`, `wheel`, `hi-res wheel`, `absolute`.
  public var name: String {
    switch self {
    case .dial: "dial"
    case .wheel: "wheel"
    case .hiResWheel: "hi-res wheel"
    case .absolute: "absolute"
    }
  }

  /// Chooses the knob axis of a device from what it advertises: `REL_DIAL` first, then
  /// `REL_WHEEL_HI_RES`, `REL_WHEEL`, then an absolute `ABS_WHEEL`/`ABS_VOLUME`/`ABS_MISC`
  /// axis with a non-empty range. Returns the kind and the axis code, nil for no knob.
  static func detect(
    relative: Set<UInt16>, absolute: [UInt16: (min: Int32, max: Int32)]
  ) -> (kind: KnobKind, axis: UInt16)? {
    if relative.contains(KnobCode.relDial) { return (.dial, KnobCode.relDial) }
    if relative.contains(KnobCode.relWheelHiRes) { return (.hiResWheel, KnobCode.relWheelHiRes) }
    if relative.contains(KnobCode.relWheel) { return (.wheel, KnobCode.relWheel) }
    for code in KnobCode.absoluteKnobAxes {
      if let range = absolute[code], range.max > range.min {
        return (.absolute(min: range.min, max: range.max), code)
      }
    }
    return nil
  }
}
