import EventStream

/// Chrome DevTools Protocol messages as JSON Lines with times:
/// `{"atMs":…,"method":"Emulation.setDeviceMetricsOverride","params":{…,"displayFeature":{…}}}`
/// for every reader frame (transient burst sizes included) and fold, and
/// `Emulation.setDevicePostureOverride` `{"posture":{"type":"continuous"|"folded"}}` when the
/// posture changes — the commands `CDPEmulation` gives, with their times: the browser driver
/// sends the same ones. A command Chromium would refuse (`CDPCommand.refusal`) is a limit
/// exceeded, so `--strict` fails on it; a fold clipped to a transient viewport is a note.
enum CDPExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var emulation = CDPEmulation()
    var text = ""
    var refused: [String] = []
    for layout in timeline.layouts {
      for command in emulation.commands(for: layout) {
        text += command.exportLine(atMs: layout.time)
        if let why = command.refusal {
          refused.append("at \(NumberFormat.ms(layout.time)) ms \(command.method): \(why)")
        }
      }
    }
    let leftOut = timeline.leftOut([.textSize, .turn, .goto, .split], target: "CDP Emulation")
    var notes: [String] = []
    if emulation.roundedFolds > 0 {
      notes.append(
        "cdp: \(emulation.roundedFolds) display feature(s) at fractional points, rounded outwards to whole pixels")
    }
    if emulation.fittedFolds > 0, let first = emulation.firstFitted {
      notes.append(
        "cdp: \(emulation.fittedFolds) fold(s) did not fit a transient viewport (Chromium refuses a display "
          + "feature outside it), first \(first)")
    }
    let overLimits = refused.isEmpty ? [] : ["\(refused.count) command(s) Chromium refuses, first \(refused[0])"]
    return ExportOutput(text: text, leftOut: leftOut, overLimits: overLimits, notes: notes)
  }
}
