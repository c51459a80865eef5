/// A target `hingesim export` writes commands for.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// callstack's agent-device: `fold --keyframes` JSON for the iPhone Duo simulator.
  case agentDevice = "agent-device"
  /// WebDriverAgent: `POST /session/:id/wda/device/hingeAngle` calls as a shell script.
  case wda
  /// Appium's XCUITest driver: `mobile: setSimulatedHingeAngle` steps as JSON.
  case appium
  /// The Android Emulator console through `adb emu`, as a shell script.
  case adb
  /// Chrome DevTools Protocol `Emulation` messages as JSON Lines with times.
  case cdp
  /// A Kotlin test driving an Android foldable emulator through the Espresso Device API.
  case espresso
  /// A Kotlin test publishing each settled layout through Jetpack WindowManager's testing rule.
  case jetpack

  /// The format's commands for a timeline (`postures`: what the Android test exports take).
  public func render(_ timeline: ExportTimeline, postures: PostureTimeline = PostureTimeline()) -> ExportOutput {
    var output: ExportOutput
    switch self {
    case .agentDevice: output = AgentDeviceExport.render(timeline)
    case .wda: output = WDAExport.render(timeline)
    case .appium: output = AppiumExport.render(timeline)
    case .adb: output = ADBExport.render(timeline)
    case .cdp: output = CDPExport.render(timeline)
    case .espresso: output = EspressoExport.render(timeline, postures)
    case .jetpack: output = JetpackExport.render(timeline, postures)
    }
    if self != .cdp, self != .jetpack, timeline.angles.isEmpty {
      output.notes.append("\(rawValue): the stream has no hinge angle (a profile without a hinge?): nothing to fold")
    }
    return output
  }
}

/// The text an export writes, and what it could not carry.
public struct ExportOutput: Sendable, Equatable {
  /// The commands (a JSON document, JSON Lines or a shell script).
  public var text: String
  /// One line per kind of input the target cannot express (empty when nothing was left out).
  public var leftOut: [String]
  /// The target's documented limits the output exceeds (the target will refuse it as written).
  public var overLimits: [String]
  /// Facts about the conversion worth a line on stderr (merged keyframes, rounding).
  public var notes: [String]

  /// Makes an output.
  public init(text: String, leftOut: [String] = [], overLimits: [String] = [], notes: [String] = []) {
    self.text = text
    self.leftOut = leftOut
    self.overLimits = overLimits
    self.notes = notes
  }

  /// True when the target cannot replay the source in full: something was left out or a limit
  /// is exceeded (`--strict` exits 65).
  public var isIncomplete: Bool { !leftOut.isEmpty || !overLimits.isEmpty }
}
