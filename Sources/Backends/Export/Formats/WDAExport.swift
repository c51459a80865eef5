import EventStream

/// WebDriverAgent's `POST /session/:sessionId/wda/device/hingeAngle {"angle": …}` calls as a
/// runnable POSIX shell script with curl and the waits between them.
///
/// WDA's response confirms that the event was dispatched, not that the device applied the angle:
/// the script keeps the source's timing of dispatches, and the app's own log says when it reacted.
enum WDAExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var script = ShellSchedule(header: [
      "#!/bin/sh",
      "# hingesim export --to wda: \(timeline.angles.count) hinge angles over "
        + "\(NumberFormat.ms(timeline.angles.last?.time ?? 0)) ms.",
      "# WebDriverAgent answers when the event is dispatched, not when the device applied the angle;",
      "# each call's round trip adds to the waits below.",
      "set -eu",
      "WDA_URL=\"${WDA_URL:-http://localhost:8100}\"",
      "SESSION_ID=\"${SESSION_ID:?set SESSION_ID to the WebDriverAgent session id}\"",
      "angle() {",
      "  curl -sS -f -X POST -H 'Content-Type: application/json' -d \"{\\\"angle\\\": $1}\" \\",
      "    \"$WDA_URL/session/$SESSION_ID/wda/device/hingeAngle\" >/dev/null",
      "}",
    ])
    for angle in timeline.angles {
      script.run(
        "angle \(NumberFormat.shortest(angle.update.angle))", at: angle.time,
        comment: angle.changesStatus ? ShellSchedule.statusComment(angle) : nil)
    }
    let leftOut = timeline.leftOut(
      [.rotation, .textSize, .turn, .goto, .split], target: "the WebDriverAgent hinge endpoint")
    return ExportOutput(text: script.text, leftOut: leftOut)
  }
}
