import EventStream

/// How findings name what the script did: a settle's layout and the simulator's state.
extension AppLogScript.Settle {
  /// The layout in words: `867×611 large`.
  var layout: String {
    "\(AppInvariants.size(settled.width, settled.height)) \(settled.textSize.rawValue)"
  }
}

extension AppLogScript {
  /// The simulator's state at `time`: its pose and the last settled size.
  func state(at time: Double) -> String {
    let pose = self.pose(at: time)?.rawValue ?? "unknown"
    guard let k = lastSettle(atOrBefore: time) else { return "pose \(pose), nothing settled yet" }
    return "pose \(pose), settled \(settles[k].layout) at \(NumberFormat.ms(settles[k].time)) ms"
  }
}
