import EventStream

/// Writes a POSIX shell script that runs commands at stream times with `sleep` between them.
///
/// Waits are whole milliseconds between consecutive commands, computed from the rounded times
/// so they add up to the source's timing exactly; each command's own run time comes on top.
struct ShellSchedule {
  private(set) var text = ""
  private var lastMs = 0

  init(header: [String]) {
    text = header.joined(separator: "\n") + "\n"
  }

  /// Appends `command` at stream time `time` (ms), after a sleep for the gap since the last one.
  mutating func run(_ command: String, at time: Double, comment: String? = nil) {
    let ms = Int(time.rounded())
    if ms > lastMs {
      text += "sleep \(NumberFormat.shortest(Double(ms - lastMs) / 1000, places: 3))\n"
      lastMs = ms
    }
    text += command + (comment.map { "  # \($0)" } ?? "") + "\n"
  }

  /// `t=… ms, status` for a status change's comment.
  static func statusComment(_ angle: ExportTimeline.Angle) -> String {
    "t=\(NumberFormat.ms(angle.time)) ms, \(angle.update.status.rawValue)"
  }
}
