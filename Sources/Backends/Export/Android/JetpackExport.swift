import EventStream

/// A Kotlin instrumented test that publishes each settled layout (and each fold that turns
/// active or flat after one) to the app as Jetpack WindowManager would report it, through the testing library's `WindowLayoutInfoPublisherRule`:
/// a `FoldingFeature(activity, center, size, state, orientation)` per settle with a fold
/// (`HALF_OPENED` when the fold is active, `FLAT` when not; `VERTICAL` when it runs down the
/// reader, `HORIZONTAL` across), an empty `TestWindowLayoutInfo` per settle without one, and
/// `SystemClock.sleep` for the waits between settles (androidx.window:window-testing).
///
/// The size, state and orientation come from the profile's frames (the division at the settle),
/// in dp, turned into the activity's pixels at run time. The centre is the window's middle
/// (`center = -1`, the library's default): every bundled profile's frame rule puts the fold on
/// its display's middle, and the device the test runs on has its own size. The rule publishes
/// features only: it neither resizes the window (the display switch, the bursts) nor rotates
/// it, and it has no angle.
enum JetpackExport {
  static func render(_ timeline: ExportTimeline, _ postures: PostureTimeline) -> ExportOutput {
    var schedule = KotlinSchedule()
    var published = 0
    var last: String?
    for settle in postures.settles {
      let statement: String
      let comment: String
      let size = "reader \(NumberFormat.shortest(settle.width)) × \(NumberFormat.shortest(settle.height))"
      if let fold = settle.division {
        let vertical = fold.frame.height >= fold.frame.width
        let thickness = vertical ? fold.frame.width : fold.frame.height
        let state = fold.isActive ? "HALF_OPENED" : "FLAT"
        let orientation = vertical ? "VERTICAL" : "HORIZONTAL"
        statement =
          "publish(sizeDp = \(KotlinSchedule.double(thickness)), state = FoldingFeature.State.\(state), "
          + "orientation = FoldingFeature.Orientation.\(orientation))"
        comment =
          "\(settle.pose.rawValue): \(size), fold "
          + (vertical
            ? "x \(NumberFormat.shortest(fold.frame.x))–\(NumberFormat.shortest(fold.frame.maxX))"
            : "y \(NumberFormat.shortest(fold.frame.y))–\(NumberFormat.shortest(fold.frame.maxY))")
          + (fold.isActive ? ", active" : ", flat")
      } else {
        statement = "publishNoFold()"
        comment = "\(settle.pose.rawValue): \(size), no fold"
      }
      guard statement != last else { continue }  // the app already has this layout's feature
      last = statement
      published += 1
      schedule.run([statement], at: settle.time, comment: "t=\(NumberFormat.ms(settle.time)) ms: \(comment)")
    }
    let end = postures.settles.last?.time ?? 0
    var lines = [
      "// hingesim export --to jetpack: \(published) window layout(s) from \(postures.settles.count) settles and fold changes over "
        + "\(NumberFormat.ms(end)) ms.",
      "// Publishes each settled layout's fold through Jetpack WindowManager's testing rule; runs on any",
      "// device or emulator. Put the class in your app's androidTest sources with your package, and",
      "// start your activity (the rule below names a placeholder). Sizes are dp from the profile; the",
      "// fold is centred in the window, where the profile's frames put it.",
      "",
      "import android.os.SystemClock",
      "import androidx.test.ext.junit.rules.ActivityScenarioRule",
      "import androidx.test.ext.junit.runners.AndroidJUnit4",
      "import androidx.window.layout.FoldingFeature",
      "import androidx.window.testing.layout.FoldingFeature",
      "import androidx.window.testing.layout.TestWindowLayoutInfo",
      "import androidx.window.testing.layout.WindowLayoutInfoPublisherRule",
      "import kotlin.math.roundToInt",
      "import org.junit.Rule",
      "import org.junit.Test",
      "import org.junit.rules.RuleChain",
      "import org.junit.rules.TestRule",
      "import org.junit.runner.RunWith",
      "",
      "@RunWith(AndroidJUnit4::class)",
      "class HingesimWindowLayoutTest {",
      "    private val activityRule = ActivityScenarioRule(MainActivity::class.java)",
      "    private val publisherRule = WindowLayoutInfoPublisherRule()",
      "",
      "    @get:Rule val testRule: TestRule = RuleChain.outerRule(publisherRule).around(activityRule)",
      "",
      "    private fun publish(sizeDp: Double, state: FoldingFeature.State, orientation: FoldingFeature.Orientation) {",
      "        activityRule.scenario.onActivity { activity ->",
      "            val fold = FoldingFeature(",
      "                activity = activity,",
      "                center = -1,",
      "                size = (sizeDp * activity.resources.displayMetrics.density).roundToInt(),",
      "                state = state,",
      "                orientation = orientation,",
      "            )",
      "            publisherRule.overrideWindowLayoutInfo(TestWindowLayoutInfo(listOf(fold)))",
      "        }",
      "    }",
      "",
      "    private fun publishNoFold() {",
      "        publisherRule.overrideWindowLayoutInfo(TestWindowLayoutInfo(emptyList()))",
      "    }",
      "",
      "    @Test",
      "    fun replaysTheSettledLayouts() {",
    ]
    lines += schedule.lines
    lines += ["    }", "}", ""]
    var leftOut = timeline.leftOut(
      [.rotation, .textSize, .turn, .goto, .split], target: "WindowLayoutInfoPublisherRule")
    if postures.angles > 0 {
      leftOut.insert(
        "\(postures.angles) hinge angles: a FoldingFeature has a state (FLAT, HALF_OPENED), not an angle", at: 0)
    }
    if postures.sceneSizes > 0 {
      leftOut.insert(
        "\(postures.sceneSizes) window sizes (\(postures.transientSizes) of them intermediate burst sizes): "
          + "the rule publishes folds, it does not resize the window or switch displays", at: min(1, leftOut.count))
    }
    return ExportOutput(text: lines.joined(separator: "\n"), leftOut: leftOut)
  }
}
