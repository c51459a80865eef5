import EventStream

/// A Kotlin instrumented test that drives an Android foldable emulator through the Espresso
/// Device API: `onDevice().setClosedMode()`, `setBookMode()`, `setTabletopMode()` and
/// `setFlatMode()` for each pose change, `setScreenOrientation(…)` for each turn, with
/// `SystemClock.sleep` for the waits between them (androidx.test.espresso:espresso-device).
///
/// The API sets a posture, not an angle: the emulator moves its hinge to the posture's angle
/// itself, so the continuous angles, the bursts of intermediate sizes and the settle window's
/// timing within a pose are not carried; a turn to face up or down has no screen orientation.
enum EspressoExport {
  /// The Device API call for a pose (nil: the pose asks for none).
  static func mode(_ pose: Pose) -> String? {
    switch pose {
    case .closed, .closedSideways: "setClosedMode()"
    case .book: "setBookMode()"
    case .tabletop: "setTabletopMode()"
    case .openWide, .openTall, .splitView: "setFlatMode()"
    case .unknown: nil
    }
  }

  /// The Device API's screen orientation for a device orientation (nil: face up or down).
  static func screenOrientation(_ orientation: Orientation) -> String? {
    switch orientation {
    case .portrait, .portraitUpsideDown: "ScreenOrientation.PORTRAIT"
    case .landscapeLeft, .landscapeRight: "ScreenOrientation.LANDSCAPE"
    case .faceUp, .faceDown: nil
    }
  }

  static func render(_ timeline: ExportTimeline, _ postures: PostureTimeline) -> ExportOutput {
    var schedule = KotlinSchedule()
    var orientation: String?
    var modes = 0
    var lastMode: String?
    for step in postures.steps {
      var statements: [String] = []
      let wanted = screenOrientation(step.orientation)
      if let wanted, wanted != orientation {
        statements.append("onDevice().setScreenOrientation(\(wanted))")
        orientation = wanted
      }
      if let call = mode(step.pose), call != lastMode {
        statements.append("onDevice().\(call)")
        lastMode = call
        modes += 1
      }
      guard !statements.isEmpty else { continue }
      schedule.run(
        statements, at: step.time,
        comment: "t=\(NumberFormat.ms(step.time)) ms: \(step.pose.rawValue), \(step.orientation.rawValue)")
    }
    let end = timeline.angles.last?.time ?? postures.steps.last?.time ?? 0
    var lines = [
      "// hingesim export --to espresso: \(modes) posture change(s) from \(postures.angles) hinge angles over "
        + "\(NumberFormat.ms(end)) ms.",
      "// Runs on an Android foldable emulator (the Espresso Device API controls the emulator only).",
      "// Put the class in your app's androidTest sources with your package, and start your activity",
      "// (the rule below names a placeholder).",
      "",
      "import android.os.SystemClock",
      "import androidx.test.espresso.device.DeviceInteraction.Companion.setBookMode",
      "import androidx.test.espresso.device.DeviceInteraction.Companion.setClosedMode",
      "import androidx.test.espresso.device.DeviceInteraction.Companion.setFlatMode",
      "import androidx.test.espresso.device.DeviceInteraction.Companion.setScreenOrientation",
      "import androidx.test.espresso.device.DeviceInteraction.Companion.setTabletopMode",
      "import androidx.test.espresso.device.EspressoDevice.Companion.onDevice",
      "import androidx.test.espresso.device.action.ScreenOrientation",
      "import androidx.test.ext.junit.rules.activityScenarioRule",
      "import androidx.test.ext.junit.runners.AndroidJUnit4",
      "import org.junit.Rule",
      "import org.junit.Test",
      "import org.junit.runner.RunWith",
      "",
      "@RunWith(AndroidJUnit4::class)",
      "class HingesimPostureTest {",
      "    @get:Rule val activityRule = activityScenarioRule<MainActivity>()",
      "",
      "    @Test",
      "    fun replaysTheSource() {",
    ]
    lines += schedule.lines
    lines += ["    }", "}", ""]
    var leftOut = timeline.leftOut([.textSize, .turn, .goto, .split], target: "the Espresso Device API")
    if postures.angles > modes {
      leftOut.insert(
        "\(postures.angles) hinge angles as \(modes) posture call(s): the Espresso Device API sets a posture "
          + "(the emulator picks its angle), not a continuous angle", at: 0)
    }
    if postures.transientSizes > 0 {
      leftOut.insert(
        "\(postures.transientSizes) intermediate burst size(s): the emulator resizes the window itself when the "
          + "posture changes", at: min(1, leftOut.count))
    }
    if !postures.flatTurns.isEmpty {
      leftOut.append(
        "\(postures.flatTurns.count) turn(s) to faceUp/faceDown at "
          + postures.flatTurns.prefix(6).map { NumberFormat.ms($0) }.joined(separator: ", ")
          + " ms: setScreenOrientation knows only PORTRAIT and LANDSCAPE")
    }
    return ExportOutput(text: lines.joined(separator: "\n"), leftOut: leftOut)
  }
}
