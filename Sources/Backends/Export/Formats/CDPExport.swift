import EventStream

/// Chrome DevTools Protocol messages as JSON Lines with times:
/// `{"atMs":…,"method":"Emulation.setDeviceMetricsOverride","params":{…,"displayFeature":{…}}}`
/// for every reader frame (transient burst sizes included) and fold, and
/// `Emulation.setDevicePostureOverride` `{"posture":{"type":"continuous"|"folded"}}` when the
/// posture changes — the commands `CDPEmulation` gives, with their times: the browser driver
/// sends the same ones.
enum CDPExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var emulation = CDPEmulation()
    var text = ""
    for layout in timeline.layouts {
      for command in emulation.commands(for: layout) {
        text += command.exportLine(atMs: layout.time)
      }
    }
    let leftOut = timeline.leftOut([.textSize, .turn, .goto, .split], target: "CDP Emulation")
    var notes: [String] = []
    if emulation.roundedFolds > 0 {
      notes.append(
        "cdp: \(emulation.roundedFolds) display feature(s) at fractional points, rounded outwards to whole pixels")
    }
    return ExportOutput(text: text, leftOut: leftOut, notes: notes)
  }
}
