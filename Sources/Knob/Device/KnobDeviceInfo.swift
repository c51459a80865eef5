/// What `hingesim devices` shows for a usable knob.
public struct KnobDeviceInfo: Sendable, Equatable {
  /// The device node (`/dev/input/event5`).
  public var path: String
  /// The kernel's device name (`Griffin PowerMate`).
  public var name: String
  /// USB/Bluetooth vendor id.
  public var vendor: UInt16
  /// Product id.
  public var product: UInt16
  /// What the knob reports.
  public var kind: KnobKind
  /// The code of the knob's axis (`REL_DIAL`, `REL_WHEEL_HI_RES`, `ABS_WHEEL`, …).
  public var axis: UInt16
  /// The `EV_KEY` button codes it has (`BTN_0`, `BTN_LEFT`, …), ascending.
  public var buttons: [UInt16]

  /// Makes a description.
  public init(
    path: String, name: String, vendor: UInt16, product: UInt16, kind: KnobKind, axis: UInt16,
    buttons: [UInt16]
  ) {
    self.path = path
    self.name = name
    self.vendor = vendor
    self.product = product
    self.kind = kind
    self.axis = axis
    self.buttons = buttons
  }

  /// `077d:0410`.
  public var vendorProduct: String { Self.hex4(vendor) + ":" + Self.hex4(product) }

  /// The button names (`BTN_0`, `BTN_LEFT`).
  public var buttonNames: [String] { buttons.map { KnobCode.name(type: KnobCode.evKey, code: $0) } }

  /// The axis name (`REL_DIAL`, `ABS_WHEEL`).
  public var axisName: String {
    if case .absolute = kind { return KnobCode.name(type: KnobCode.evAbs, code: axis) }
    return KnobCode.name(type: KnobCode.evRel, code: axis)
  }

  static func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
