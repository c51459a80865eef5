/// The evdev type and code numbers the Knob module uses (`linux/input-event-codes.h`).
public enum KnobCode {
  /// `EV_SYN`.
  public static let evSyn: UInt16 = 0x00
  /// `EV_KEY`.
  public static let evKey: UInt16 = 0x01
  /// `EV_REL`.
  public static let evRel: UInt16 = 0x02
  /// `EV_ABS`.
  public static let evAbs: UInt16 = 0x03
  /// `EV_MSC`.
  public static let evMsc: UInt16 = 0x04
  /// `SYN_REPORT`.
  public static let synReport: UInt16 = 0
  /// `SYN_DROPPED`.
  public static let synDropped: UInt16 = 3
  /// `REL_DIAL`.
  public static let relDial: UInt16 = 0x07
  /// `REL_WHEEL`.
  public static let relWheel: UInt16 = 0x08
  /// `REL_WHEEL_HI_RES`.
  public static let relWheelHiRes: UInt16 = 0x0b
  /// `ABS_WHEEL`.
  public static let absWheel: UInt16 = 0x08
  /// `ABS_VOLUME`.
  public static let absVolume: UInt16 = 0x20
  /// `ABS_MISC`.
  public static let absMisc: UInt16 = 0x28
  /// `BTN_0` (= `BTN_MISC`).
  public static let btn0: UInt16 = 0x100
  /// `BTN_LEFT`.
  public static let btnLeft: UInt16 = 0x110
  /// The absolute axes that count as a knob, in order of preference.
  public static let absoluteKnobAxes: [UInt16] = [absWheel, absVolume, absMisc]
  /// The `EV_KEY` codes listed as a knob's buttons: `BTN_MISC` (0x100) up to `KEY_MAX`.
  public static let buttonCodes: ClosedRange<UInt16> = 0x100...0x2ff

  /// libevdev's name for a code (`BTN_0`, `REL_DIAL`), or `type:code` in hex when it has none.
  public static func name(type: UInt16, code: UInt16) -> String {
    Evdev.codeName(type: type, code: code)
      ?? "0x\(String(type, radix: 16)):0x\(String(code, radix: 16))"
  }

  /// The `EV_KEY` code for a name such as `BTN_0` or `BTN_LEFT` (case-insensitive), or a number.
  public static func button(named name: String) -> UInt16? {
    if let number = UInt16(name) { return number }
    if name.lowercased().hasPrefix("0x"), let number = UInt16(name.dropFirst(2), radix: 16) {
      return number
    }
    return Evdev.code(type: evKey, name: name.uppercased())
  }
}
