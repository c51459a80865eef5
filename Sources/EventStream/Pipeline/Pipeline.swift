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

  /// The earliest deadline and its stage; on a tie the one furthest downstream, so that every
  /// stage's deadline at *t* comes before what reaches it from upstream at *t* — for a stage, an
  /// upstream stage's output is an input, and a deadline at *t* comes before an input at *t*.
  /// That is what makes a pipeline cut in two agree with the whole (`simulate | read` = `run`).
  public var earliestDeadline: (stage: Int, time: Double)? {
    // Read in place through a buffer pointer: through the array, each stage was copied (its
    // storage retained and released) for every look, several times per sample.
    stages.withUnsafeBufferPointer { stages in
      var best: (Int, Double)?
      for i in stages.indices {
        if let d = stages[i].deadline, d <= (best?.1 ?? .infinity) { best = (i, d) }
      }
      return best
    }
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

  /// Ends the run with `end` (an `end` event): every stage sees it, what they emit for it goes
  /// out, and the end marker goes out last — the stream's last event. Nothing is fired after it.
  public mutating func end(_ end: Event, emit: (Event) -> Void) {
    wave.removeAll(keepingCapacity: true)
    wave.append(end)
    propagate(from: 0, emittingFrom: 1, emit: emit)
    emit(end)
  }

  /// Runs the wave through the stages from `first` on, then emits its events from
  /// `emittingFrom` on (raw samples stay out of the stream).
  private mutating func propagate(from first: Int, emittingFrom skipped: Int = 0, emit: (Event) -> Void) {
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
    var position = skipped
    while position < wave.count {
      if case .sample = wave[position].kind {
      } else {
        emit(wave[position])
      }
      position += 1
    }
  }
}
