import EventStream

/// Chrome DevTools Protocol messages as JSON Lines with times:
/// `{"atMs":…,"method":"Emulation.setDeviceMetricsOverride","params":{…,"displayFeature":{…}}}`
/// for every reader frame (transient burst sizes included) and fold, and
/// `Emulation.setDevicePostureOverride` `{"posture":{"type":"continuous"|"folded"}}` when the
/// posture changes.
///
/// CDP takes whole pixels: the viewport rounds to the nearest pixel, and the display feature
/// rounds outwards (`CDPDisplayFeature`) so the mask always covers the whole fold.
enum CDPExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var text = ""
    var lastMetrics: String?
    var lastFolded: Bool?
    var rounded = 0
    for layout in timeline.layouts {
      var params = JSONObjectWriter()
      params.field("width", Int(layout.width.rounded()))
      params.field("height", Int(layout.height.rounded()))
      params.field("deviceScaleFactor", 0)
      params.field("mobile", true)
      if let division = layout.division {
        let feature = CDPDisplayFeature(division)
        if feature.wasRounded { rounded += 1 }
        params.openObject("displayFeature")
        params.field("orientation", feature.orientation)
        params.field("offset", feature.offset)
        params.field("maskLength", feature.maskLength)
        params.close()
      }
      params.close()
      let metrics = String(decoding: params.bytes, as: UTF8.self)
      if metrics != lastMetrics {
        text += line(layout.time, "Emulation.setDeviceMetricsOverride", metrics)
        lastMetrics = metrics
      }
      if layout.folded != lastFolded {
        let type = layout.folded ? "folded" : "continuous"
        text += line(layout.time, "Emulation.setDevicePostureOverride", "{\"posture\":{\"type\":\"\(type)\"}}")
        lastFolded = layout.folded
      }
    }
    let leftOut = timeline.leftOut([.textSize, .turn, .goto, .split], target: "CDP Emulation")
    var notes: [String] = []
    if rounded > 0 {
      notes.append("cdp: \(rounded) display feature(s) at fractional points, rounded outwards to whole pixels")
    }
    return ExportOutput(text: text, leftOut: leftOut, notes: notes)
  }

  private static func line(_ time: Double, _ method: String, _ params: String) -> String {
    "{\"atMs\":\(NumberFormat.ms(time)),\"method\":\"\(method)\",\"params\":\(params)}\n"
  }
}
