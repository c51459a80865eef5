/// The stages of one run, driven by a run loop, in stream order.
///
/// An event (an input, or what a stage emitted) flows in waves: stage *k* sees the wave's
/// events in order and appends what it emits after them for stage *k + 1*. Every event of
/// every wave except raw samples goes to the stream (`emit`), in order.
public struct Pipeline {
  /// The stages, upstream first.
  public var stages: [any Stage]
  private var wave: [Event] = []
  private var scratch: [Event] = []

  /// Makes a pipeline.
  public init(_ stages: [any Stage]) { self.stages = stages }

  /// The earliest deadline and its stage (upstream first on ties).
  public var earliestDeadline: (stage: Int, time: Double)? {
    var best: (Int, Double)?
    for (i, stage) in stages.enumerated() {
      if let d = stage.deadline, d < (best?.1 ?? .infinity) { best = (i, d) }
    }
    return best
  }

  /// Feeds an input event through every stage.
  public mutating func input(_ event: Event, emit: (Event) -> Void) {
    wave.removeAll(keepingCapacity: true)
    wave.append(event)
    propagate(from: 0, emit: emit)
  }

  /// Wakes one stage at its deadline and sends what it emits downstream.
  public mutating func fire(stage index: Int, at now: Double, emit: (Event) -> Void) {
    wave.removeAll(keepingCapacity: true)
    stages[index].fire(at: now, into: &wave)
    propagate(from: index + 1, emit: emit)
  }

  /// Flushes every stage (the source was cut short), upstream first.
  public mutating func flush(at now: Double, emit: (Event) -> Void) {
    for index in stages.indices {
      wave.removeAll(keepingCapacity: true)
      stages[index].flush(at: now, into: &wave)
      propagate(from: index + 1, emit: emit)
    }
  }

  private mutating func propagate(from first: Int, emit: (Event) -> Void) {
    var index = first
    while index < stages.count, !wave.isEmpty {
      // Stages only append to their output, so the next wave is this wave followed by what
      // the stage emitted for each event in order; when it emitted nothing (most samples),
      // the wave goes on as it is, without copying its events.
      scratch.removeAll(keepingCapacity: true)
      for event in wave {
        stages[index].receive(event, into: &scratch)
      }
      if !scratch.isEmpty { wave.append(contentsOf: scratch) }
      index += 1
    }
    for event in wave {
      if case .sample = event.kind { continue }
      emit(event)
    }
  }
}
