import EventStream

/// Appium XCUITest driver steps: `mobile: setSimulatedHingeAngle` with `{"angle": …}` at times,
/// as a JSON array of `{"atMs":…,"script":"mobile: setSimulatedHingeAngle","args":{"angle":…}}`.
///
/// The driver forwards the angle to WebDriverAgent's hinge endpoint, so the same rule holds: a
/// step's success means the event was dispatched, not that the app has re-laid out.
enum AppiumExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var text = "[\n"
    for (index, angle) in timeline.angles.enumerated() {
      text += "  {\"atMs\":\(NumberFormat.ms(angle.time)),\"script\":\"mobile: setSimulatedHingeAngle\","
      text += "\"args\":{\"angle\":\(NumberFormat.shortest(angle.angle))}}"
      text += index == timeline.angles.count - 1 ? "\n" : ",\n"
    }
    text += "]\n"
    let leftOut = timeline.leftOut(
      [.rotation, .textSize, .turn, .goto, .split], target: "mobile: setSimulatedHingeAngle")
    return ExportOutput(text: text, leftOut: leftOut)
  }
}
