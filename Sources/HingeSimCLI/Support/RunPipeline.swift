import HingeSim

/// What a run's pipeline is built from besides the profile and the text.
struct RunOptions: Sendable {
  /// Settle window override, ms (else the profile's).
  var settleMs: Double?
  /// The Dynamic Type size the run starts with.
  var textSize: TextSize = .large
  /// Pins the reader's pagination time to this many ms per layout (a fake clock), so reports
  /// are reproducible; nil measures the real monotonic compute time.
  var computeMs: Double?

  /// Takes the settle window from the shared source options.
  init(_ source: SourceOptions, computeMs: Double? = nil) {
    settleMs = source.settleMs
    self.computeMs = computeMs
  }
}

/// The pipeline of a full run: the simulator (hinge → scene → settle), the reader and the
/// timing stage last.
///
/// - Note: The reader (`ReaderStateMachine`) is not merged yet; until it is, cycles have no
///   `paginated` or `shown`, so the timing stage is told there is no reader and closes each
///   record at its settle. When the reader lands, insert it between the simulator and the
///   timing stage, give it `text` and `options.computeMs`, and pass `expectsReader: true`.
func makeRunPipeline(profile: Profile, text: String?, options: RunOptions) -> Pipeline {
  var stages = Pipeline.simulator(
    profile: profile, settleMs: options.settleMs, textSize: options.textSize)
  // Integrator: stages.append(ReaderStateMachine(profile: profile, text: text, …, computeMs: options.computeMs))
  stages.append(TimingStateMachine(expectsReader: false, textSize: options.textSize))
  return Pipeline(stages)
}

extension Pipeline {
  /// True when the pipeline's timing stage expects a reader to answer settles.
  var measuresReader: Bool {
    stages.contains { ($0 as? TimingStateMachine)?.expectsReader == true }
  }
}
