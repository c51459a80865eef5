import EventStream

/// The Chrome DevTools Protocol commands that make a page see what an app on the device sees:
/// the one mapping behind both `export --to cdp` and the browser driver.
///
/// - the reader's frame (transient burst sizes included) → `Emulation.setDeviceMetricsOverride`
///   `width`/`height` (whole CSS pixels, rounded to nearest), `mobile: true`, and
///   `screenOrientation` from the device orientation (portrait → `portraitPrimary` 0°,
///   portraitUpsideDown → `portraitSecondary` 180°, landscapeLeft → `landscapePrimary` 90°,
///   landscapeRight → `landscapeSecondary` 270°, as Safari's `screen.orientation.angle`;
///   face up or down keeps the last);
/// - the fold, active or not, → its `displayFeature` (`CDPDisplayFeature`): the division
///   region stays in the frame when flat (the measured `frame-stays`), so the page keeps two
///   viewport segments — with `zero-when-flat` the stream has no division and the page one;
///   a transient size of a burst that cannot contain the fold (the reader narrowing to 413 px
///   while the fold is still at x 455) gets the part of the band inside it, or no feature when
///   none is (`CDPDisplayFeature.fitted`): Chromium refuses a feature outside the viewport;
/// - book and tabletop → `Emulation.setDevicePostureOverride` `folded`, others `continuous`.
///
/// A command is only emitted when its parameters change.
public struct CDPEmulation: Sendable {
  private var lastMetrics: JSONValue?
  private var lastFolded: Bool?
  private var screen: (type: String, angle: Int) = ("portraitPrimary", 0)
  /// Folds with fractional edges, rounded outwards so far.
  public private(set) var roundedFolds = 0
  /// Folds clipped to the viewport or left out because they did not lie inside it.
  public private(set) var fittedFolds = 0
  /// The first of those, with its time and what was sent instead.
  public private(set) var firstFitted: String?
  /// The device scale factor sent (0: leave the browser's own).
  public var deviceScaleFactor: Double

  /// Makes the mapping with no state sent yet.
  public init(deviceScaleFactor: Double = 0) { self.deviceScaleFactor = deviceScaleFactor }

  /// The commands for the layout from `layout.time` on.
  public mutating func commands(for layout: ExportTimeline.Layout) -> [CDPCommand] {
    if let orientation = layout.orientation, let mapped = Self.screenOrientation(orientation) { screen = mapped }
    var params: [(String, JSONValue)] = [
      ("width", .number(layout.width.rounded())), ("height", .number(layout.height.rounded())),
      ("deviceScaleFactor", .number(deviceScaleFactor)), ("mobile", .bool(true)),
      (
        "screenOrientation",
        .object([("type", .string(screen.type)), ("angle", .number(Double(screen.angle)))])
      ),
    ]
    if let division = layout.division {
      let width = Int(layout.width.rounded())
      let height = Int(layout.height.rounded())
      let fit = CDPDisplayFeature.fitted(division, width: width, height: height)
      if let feature = fit.sent {
        params.append(
          (
            "displayFeature",
            .object([
              ("orientation", .string(feature.orientation)), ("offset", .number(Double(feature.offset))),
              ("maskLength", .number(Double(feature.maskLength))),
            ])
          ))
      }
      if lastMetrics != .object(params) {
        if CDPDisplayFeature(division).wasRounded { roundedFolds += 1 }
        if let why = CDPDisplayFeature.explanation(fit, width: width, height: height) {
          fittedFolds += 1
          if firstFitted == nil { firstFitted = "at \(NumberFormat.ms(layout.time)) ms " + why }
        }
      }
    }
    var commands: [CDPCommand] = []
    let metrics = JSONValue.object(params)
    if metrics != lastMetrics {
      commands.append(CDPCommand("Emulation.setDeviceMetricsOverride", metrics))
      lastMetrics = metrics
    }
    if layout.folded != lastFolded {
      let posture: JSONValue = .object([("type", .string(layout.folded ? "folded" : "continuous"))])
      commands.append(CDPCommand("Emulation.setDevicePostureOverride", .object([("posture", posture)])))
      lastFolded = layout.folded
    }
    return commands
  }

  /// CDP's `ScreenOrientation` for a device orientation; nil for face up and face down.
  public static func screenOrientation(_ orientation: Orientation) -> (type: String, angle: Int)? {
    switch orientation {
    case .portrait: ("portraitPrimary", 0)
    case .portraitUpsideDown: ("portraitSecondary", 180)
    case .landscapeLeft: ("landscapePrimary", 90)
    case .landscapeRight: ("landscapeSecondary", 270)
    case .faceUp, .faceDown: nil
    }
  }
}
