import HingeSim
import Reader

/// Builds the stage lists of the commands, in one place.
enum RunPipeline {
  /// source → hinge → scene → settle → reader (`run`, `check`, `report`).
  static func full(profile: Profile, source: SourceOptions, reader: ReaderStateMachine) -> Pipeline {
    Pipeline(Pipeline.simulator(profile: profile, settleMs: source.settleMs) + [reader])
  }

  /// A simulator stream → reader (`read`).
  static func readerOnly(reader: ReaderStateMachine) -> Pipeline {
    Pipeline([reader])
  }
}
