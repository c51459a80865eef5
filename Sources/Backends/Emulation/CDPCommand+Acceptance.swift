import EventStream

extension CDPCommand {
  /// Why Chromium would refuse this command, in its own words; nil when it accepts it.
  ///
  /// The rules Chromium (156) checks before it applies an emulation command, each seen refused
  /// over the pipe: device metrics `width` and `height` whole numbers from 0 to 10,000,000, a
  /// non-negative `deviceScaleFactor`, a screen orientation angle from 0 to 359 and a known type,
  /// and a display feature that is non-negative, inside the viewport and not given with a zero
  /// size; a device posture `continuous` or `folded`. `export --to cdp --strict` fails on any.
  public var refusal: String? {
    switch method {
    case "Emulation.setDeviceMetricsOverride": return Self.metricsRefusal(params)
    case "Emulation.setDevicePostureOverride":
      guard case .string(let type)? = params["posture"]?["type"], ["continuous", "folded"].contains(type) else {
        return "posture type must be 'continuous' or 'folded'"
      }
      return nil
    default: return nil
    }
  }

  private static let orientationTypes = [
    "portraitPrimary", "portraitSecondary", "landscapePrimary", "landscapeSecondary",
  ]

  private static func metricsRefusal(_ params: JSONValue) -> String? {
    func whole(_ key: String) -> Int? {
      guard case .number(let n)? = params[key], let i = Int(exactly: n) else { return nil }
      return i
    }
    guard let width = whole("width"), let height = whole("height"), (0...10_000_000).contains(width),
      (0...10_000_000).contains(height)
    else { return "width and height values must be whole numbers from 0 to 10000000" }
    if case .number(let scale)? = params["deviceScaleFactor"], !(scale >= 0) {
      return "deviceScaleFactor must be non-negative"
    }
    if let orientation = params["screenOrientation"] {
      guard case .string(let type)? = orientation["type"], orientationTypes.contains(type) else {
        return "invalid screen orientation type"
      }
      guard case .number(let angle)? = orientation["angle"], let a = Int(exactly: angle), (0..<360).contains(a) else {
        return "screen orientation angle must be non-negative, less than 360"
      }
    }
    guard let feature = params["displayFeature"] else { return nil }
    guard width > 0, height > 0 else { return "cannot specify a display feature with zero width and height" }
    guard case .string(let orientation)? = feature["orientation"], ["vertical", "horizontal"].contains(orientation),
      case .number(let o)? = feature["offset"], let offset = Int(exactly: o),
      case .number(let m)? = feature["maskLength"], let mask = Int(exactly: m)
    else { return "invalid display feature" }
    guard offset >= 0, mask >= 0 else { return "negative display feature parameters" }
    if orientation == "vertical", offset + mask > width {
      return "display feature viewport segments outside screen width"
    }
    if orientation == "horizontal", offset + mask > height {
      return "display feature viewport segments outside screen height"
    }
    return nil
  }
}
