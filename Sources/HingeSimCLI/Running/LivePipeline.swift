import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// The simulator-only pipeline of the knob latency benchmark (hinge → scene → settle): what
/// it measures leaves the hinge stage, so the reader is left out. Live runs use `RunPipeline`.
enum LivePipeline {
  /// The pipeline for a profile; `minIntervalMs` overrides the hinge's rate policy (the
  /// benchmark sets 0 to measure without the deliberate delay).
  static func make(profile: Profile, settleMs: Double?, minIntervalMs: Double? = nil) -> Pipeline {
    var profile = profile
    if let minIntervalMs { profile.hinge?.policy.minIntervalMs = minIntervalMs }
    return Pipeline(Pipeline.simulator(profile: profile, settleMs: settleMs))
  }
}
