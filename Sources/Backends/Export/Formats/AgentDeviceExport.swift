import EventStream

/// callstack agent-device's `fold --keyframes` JSON: `[{"atMs":0,"angle":0},…]`.
///
/// The tool takes 2–64 keyframes, starting at 0 ms, with strictly increasing whole-millisecond
/// times up to 60 000 ms and angles 0–180°, and moves the hinge linearly between them at about
/// 60 Hz. So angles on the same millisecond merge (the later wins), and an angle within
/// `tolerance` of the straight line between its neighbours is left to the tool's interpolation;
/// status changes are always kept.
///
/// Past 64 keyframes the export **thins**: it doubles the tolerance (1°, 2°, 4° …) until the
/// keyframes fit, and names what that cost as left out (the path the tool moves through is then
/// up to that many degrees off the simulator's; `--strict` exits 65). Where even the status
/// changes alone are more than 64, or the source runs past 60 s, it cannot fit: the output is
/// written as it is and named over the tool's limits (the tool will refuse it).
enum AgentDeviceExport {
  static let maxKeyframes = 64
  static let maxMs = 60_000
  /// Degrees: the tolerance agent-device itself reads the hinge back with.
  static let tolerance = 0.5

  struct Keyframe: Equatable {
    var atMs: Int
    var angle: Double
    var keep: Bool
  }

  static func render(_ timeline: ExportTimeline) -> ExportOutput {
    var (frames, merged, straight) = keyframes(timeline.angles)
    let fitted = fit(frames)
    let thinnedAway = frames.count - fitted.frames.count
    frames = fitted.frames
    var text = "[\n"
    for (index, frame) in frames.enumerated() {
      text += "  {\"atMs\":\(frame.atMs),\"angle\":\(NumberFormat.shortest(frame.angle))}"
      text += index == frames.count - 1 ? "\n" : ",\n"
    }
    text += "]\n"
    var leftOut = timeline.leftOut(
      [.rotation, .textSize, .turn, .goto, .split], target: "agent-device fold --keyframes")
    if thinnedAway > 0 {
      leftOut.insert(
        "\(thinnedAway) keyframes thinned away to fit agent-device's \(maxKeyframes): its path is within "
          + "\(NumberFormat.shortest(fitted.tolerance))° of the simulator's (status changes kept), not "
          + "\(NumberFormat.shortest(tolerance))°", at: 0)
    }
    var overLimits: [String] = []
    if frames.count < 2 {
      overLimits.append("\(frames.count) keyframes: agent-device needs at least 2")
    } else if frames.count > maxKeyframes || (frames.last?.atMs ?? 0) > maxMs {
      overLimits.append(
        "\(frames.count) keyframes over \(frames.last?.atMs ?? 0) ms: agent-device accepts 2–\(maxKeyframes) keyframes "
          + "up to \(maxMs) ms and will refuse this (thin with --rate, or cut the source with --from)")
    }
    var notes: [String] = []
    if merged + straight > 0 {
      notes.append(
        "agent-device: \(frames.count) keyframes from \(timeline.angles.count) hinge angles (\(merged) on an "
          + "already used millisecond, \(straight) within \(NumberFormat.shortest(tolerance))° of the line the tool "
          + "interpolates)")
    }
    return ExportOutput(text: text, leftOut: leftOut, overLimits: overLimits, notes: notes)
  }

  /// The keyframes thinned to at most `maxKeyframes`: the tolerance doubled from `tolerance`
  /// until they fit (the status changes always stay), and the tolerance that made them fit
  /// (`tolerance` when they already did; the last tried when nothing does).
  static func fit(_ frames: [Keyframe]) -> (frames: [Keyframe], tolerance: Double) {
    var (fitted, used) = (frames, tolerance)
    while fitted.count > maxKeyframes, used < 360 {
      used *= 2
      fitted = straighten(frames, tolerance: used)
    }
    return (fitted, used)
  }

  /// The keyframes for `angles`, and how many angles merged on a millisecond and how many lay on
  /// a straight line.
  static func keyframes(_ angles: [ExportTimeline.Angle]) -> ([Keyframe], merged: Int, straight: Int) {
    var frames: [Keyframe] = []
    var merged = 0
    for angle in angles {
      let frame = Keyframe(
        atMs: max(0, Int(angle.time.rounded())), angle: angle.update.angle, keep: angle.changesStatus)
      if let last = frames.last, last.atMs == frame.atMs {
        frames[frames.count - 1] = Keyframe(atMs: frame.atMs, angle: frame.angle, keep: frame.keep || last.keep)
        merged += 1
      } else {
        frames.append(frame)
      }
    }
    guard let first = frames.first else { return ([], 0, 0) }
    if first.atMs > 0 { frames.insert(Keyframe(atMs: 0, angle: first.angle, keep: true), at: 0) }
    if frames.count == 1 { frames.append(Keyframe(atMs: 1, angle: first.angle, keep: true)) }
    let simplified = straighten(frames)
    return (simplified, merged, frames.count - simplified.count)
  }

  /// Drops keyframes that lie within `tolerance` of the line between the kept neighbours. Greedy,
  /// looking at most `window` frames ahead, so it stays linear in the number of frames.
  static func straighten(_ frames: [Keyframe], tolerance: Double = tolerance, window: Int = 64) -> [Keyframe] {
    guard frames.count > 2 else { return frames }
    var kept = [frames[0]]
    var anchor = 0
    var index = 1
    while index < frames.count - 1 {
      // Extend from the anchor while every frame in between stays near the chord.
      var end = index + 1
      var reach = index
      while end < frames.count, end - anchor <= window {
        if !fits(frames, from: anchor, to: end, tolerance: tolerance) { break }
        reach = end
        if frames[end].keep { break }
        end += 1
      }
      if reach == index {
        kept.append(frames[index])
        anchor = index
        index += 1
      } else {
        // Frames strictly between the anchor and `reach` are dropped unless they must be kept.
        for k in (anchor + 1)..<reach where frames[k].keep { kept.append(frames[k]) }
        if reach == frames.count - 1 { break }
        kept.append(frames[reach])
        anchor = reach
        index = reach + 1
      }
    }
    kept.append(frames[frames.count - 1])
    return kept
  }

  private static func fits(_ frames: [Keyframe], from a: Int, to b: Int, tolerance: Double) -> Bool {
    let (t0, a0) = (Double(frames[a].atMs), frames[a].angle)
    let (t1, a1) = (Double(frames[b].atMs), frames[b].angle)
    for k in (a + 1)..<b {
      if frames[k].keep { return false }
      let line = a0 + (a1 - a0) * (Double(frames[k].atMs) - t0) / (t1 - t0)
      if abs(frames[k].angle - line) > tolerance { return false }
    }
    return true
  }
}
