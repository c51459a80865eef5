extension ExportTimeline {
  /// The timeline with its hinge angles thinned to at most `rateHz` a second, and how many were
  /// dropped. Kept whatever the rate: the first and the last angle, every angle that changes the
  /// status, and the last angle of a move (the next one comes more than a period later), so a
  /// target never holds a stale angle through a pause.
  public func thinned(rateHz: Double) -> (timeline: ExportTimeline, dropped: Int) {
    guard rateHz > 0, angles.count > 2 else { return (self, 0) }
    let period = 1000 / rateHz
    var kept: [Angle] = []
    kept.reserveCapacity(angles.count)
    for (index, angle) in angles.enumerated() {
      let isLast = index == angles.count - 1
      let endsMove = !isLast && angles[index + 1].time - angle.time > period
      let due = kept.last.map { angle.time - $0.time >= period } ?? true
      if isLast || endsMove || angle.changesStatus || due { kept.append(angle) }
    }
    var result = self
    result.angles = kept
    return (result, angles.count - kept.count)
  }
}
