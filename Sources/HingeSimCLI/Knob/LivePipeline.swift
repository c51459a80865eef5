import HingeSim

/// Builds the stage list every live run uses, in one place: today the simulator
/// (hinge → scene → settle); the reader stage joins here when it lands (`makeRunPipeline`).
enum LivePipeline {
  /// The pipeline for a profile; `minIntervalMs` overrides the hinge's rate policy (the
  /// benchmark sets 0 to measure without the deliberate delay).
  static func make(profile: Profile, settleMs: Double?, minIntervalMs: Double? = nil) -> Pipeline {
    var profile = profile
    if let minIntervalMs { profile.hinge?.policy.minIntervalMs = minIntervalMs }
    return Pipeline(Pipeline.simulator(profile: profile, settleMs: settleMs))
  }
}
