/// The stages of one run, driven by a run loop, in stream order.
///
/// An event (an input, or what a stage emitted) flows in waves: stage *k* sees the wave's
/// events in order and appends what it emits after them for stage *k + 1*. Every event of
/// every wave goes to the stream (`emit`), in order.
///
/// A raw sample (`.sample`) is the first stage's alone — the hinge model's, DESIGN §1: "source
/// ──samples──▶ hinge model": it is in no wave, so neither a later stage nor the stream sees
/// one, and the stages after the simulator see the same events in `run` as in `simulate | read`.
public struct Pipeline {
  /// The stages, upstream first.
  public private(set) var stages: [any Stage]
  /// Each stage's deadline as it was when the stage last received or fired: a stage is a pure
  /// state machine, so its deadline changes only then, and the run loop's question for the
  /// earliest one reads this instead of asking every stage for every input.
  private var deadlines: [Double?]
  private var wave: [Event] = []
  private var scratch: [Event] = []

  /// Makes a pipeline.
  public init(_ stages: [any Stage]) {
    self.stages = stages
    deadlines = stages.map(\.deadline)
  }

  /// The earliest deadline and its stage; on a tie the one furthest downstream, so that every
  /// stage's deadline at *t* comes before what reaches it from upstream at *t* — for a stage, an
  /// upstream stage's output is an input, and a deadline at *t* comes before an input at *t*.
  /// That is what makes a pipeline cut in two agree with the whole (`simulate | read` = `run`).
  public var earliestDeadline: (stage: Int, time: Double)? {
    var best: (Int, Double)?
    for i in deadlines.indices {
      if let d = deadlines[i], d <= (best?.1 ?? .infinity) { best = (i, d) }
    }
    return best
  }

  /// Feeds an input event through every stage (a raw sample through the first alone).
  public mutating func input(_ event: Event, emit: (Event) -> Void) {
    // Empty after most samples: `removeAll` is a generic call that costs even then.
    if !wave.isEmpty { wave.removeAll(keepingCapacity: true) }
    if case .sample = event.kind {
      guard !stages.isEmpty else { return }
      stages[0].receive(event, into: &wave)
      deadlines[0] = stages[0].deadline
      propagate(from: 1, emit: emit)  // what the sample made, if anything (most make nothing)
    } else {
      wave.append(event)
      propagate(from: 0, emit: emit)
    }
  }

  /// Wakes one stage at its deadline and sends what it emits downstream.
  public mutating func fire(stage index: Int, at now: Double, emit: (Event) -> Void) {
    wave.removeAll(keepingCapacity: true)
    stages[index].fire(at: now, into: &wave)
    deadlines[index] = stages[index].deadline
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
  /// `emittingFrom` on.
  private mutating func propagate(from first: Int, emittingFrom skipped: Int = 0, emit: (Event) -> Void) {
    var index = first
    while index < stages.count, !wave.isEmpty {
      // Stages only append to their output, so the next wave is this wave followed by what
      // the stage emitted for each event in order; when it emitted nothing, the wave goes on
      // as it is, without copying its events.
      scratch.removeAll(keepingCapacity: true)
      for event in wave {
        stages[index].receive(event, into: &scratch)
      }
      deadlines[index] = stages[index].deadline
      if !scratch.isEmpty { wave.append(contentsOf: scratch) }
      index += 1
    }
    var position = skipped
    while position < wave.count {
      emit(wave[position])
      position += 1
    }
  }
}
