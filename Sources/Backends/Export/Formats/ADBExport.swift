import EventStream

/// Android Emulator console commands through `adb emu`, as a POSIX shell script with waits:
/// `sensor set hinge-angle0 DEG` for every hinge angle and `rotate` for orientation changes.
///
/// The emulator derives its posture from the hinge angle and its own posture table, and its
/// `posture N` command moves the hinge to the middle of that posture's range; sending it would
/// fight the angles, so the script names the posture each status change implies in a comment.
enum ADBExport {
  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var script = ShellSchedule(header: [
      "#!/bin/sh",
      "# hingesim export --to adb: \(timeline.angles.count) hinge angles over "
        + "\(NumberFormat.ms(timeline.angles.last?.time ?? 0)) ms.",
      "# The emulator derives its posture from the angle (posture N would move the hinge to the",
      "# middle of that posture's range), so postures appear as comments only.",
      "set -eu",
      "emu() { adb ${ANDROID_SERIAL:+-s \"$ANDROID_SERIAL\"} emu \"$@\" >/dev/null; }",
    ])
    var events: [(time: Double, order: Int, command: String, comment: String?)] = []
    for (index, angle) in timeline.angles.enumerated() {
      let comment =
        angle.changesStatus ? "\(ShellSchedule.statusComment(angle)): posture \(posture(angle.update.status))" : nil
      events.append(
        (angle.time, index * 2, "emu sensor set hinge-angle0 \(NumberFormat.shortest(angle.update.angle))", comment))
    }
    var unexpressed: [Double] = []
    var quarter = quarterTurns(timeline.initialOrientation) ?? 0
    for rotation in timeline.rotations {
      guard let target = quarterTurns(rotation.orientation) else {
        unexpressed.append(rotation.time)
        continue
      }
      let turns = (target - quarter + 4) % 4
      for _ in 0..<turns {
        events.append((rotation.time, -1, "emu rotate", "to \(rotation.orientation.rawValue)"))
      }
      quarter = target
    }
    events.sort { ($0.time, $0.order) < ($1.time, $1.order) }
    for event in events { script.run(event.command, at: event.time, comment: event.comment) }
    var leftOut = timeline.leftOut([.textSize, .turn, .goto, .split], target: "the emulator console")
    if !unexpressed.isEmpty {
      leftOut.insert(
        "\(unexpressed.count) turn(s) to faceUp/faceDown at "
          + unexpressed.prefix(6).map { NumberFormat.ms($0) }.joined(separator: ", ")
          + " ms: the emulator console's rotate turns the screen only in quarter turns", at: 0)
    }
    return ExportOutput(text: script.text, leftOut: leftOut)
  }

  /// The emulator console's posture ids (`1: closed 2: half-opened 3: opened`).
  static func posture(_ status: HingeStatus) -> String {
    switch status {
    case .closed: "1 (closed)"
    case .partiallyOpen: "2 (half-opened)"
    case .fullyOpen: "3 (opened)"
    case .unknown: "0 (unknown)"
    }
  }

  /// Clockwise quarter turns from portrait (assumed: landscapeLeft is the device turned
  /// counter-clockwise, three clockwise quarter turns); nil for the flat orientations.
  static func quarterTurns(_ orientation: Orientation) -> Int? {
    switch orientation {
    case .portrait: 0
    case .landscapeRight: 1
    case .portraitUpsideDown: 2
    case .landscapeLeft: 3
    case .faceUp, .faceDown: nil
    }
  }
}
