import EventStream

/// Plays a compiled script as input events, generated lazily: memory does not grow with the
/// number of samples (a ramp or a `repeat` is a small cursor, never an array of events).
///
/// ```swift
/// let script = try CompiledScript.compile("start closed\nopen to 180 over 1s ease-out\n", file: "demo.hinge")
/// var source = ScriptSource(script)
/// while let event = try source.next() { … }   // orientation, sample 0, then 100 samples
/// ```
/// Time runs on a microsecond clock, so event times are exact decimals (`t` 3.333 at 300 Hz),
/// and eased angles are rounded to 1e-4°. Compiling keeps every time within
/// `Event.maxInputTime`; the clock's arithmetic saturates rather than wraps all the same.
public struct ScriptSource: EventSource {
  /// The script being played.
  public let script: CompiledScript

  /// A `repeat` body (or the top level) being walked.
  private struct Frame {
    var body: [ScriptCommand]
    var index = 0
    var remaining: Int
    /// For a body without events, played once: the time it started and its repeat count.
    var collapsed: (startUs: Int64, count: Int)?
  }

  /// A ramp, hold or jitter being sampled.
  private struct Span {
    enum Shape {
      case ramp(Easing)
      case hold
      case jitter(Double)
    }
    var shape: Shape
    var startUs: Int64
    var durationUs: Int64
    var from: Double
    var to: Double
    var count: Int
    var index = 0
  }

  private var frames: [Frame]
  private var span: Span?
  private var queued: Event?
  private var timeUs: Int64 = 0
  private var angle: Double = 0
  private var rateHz: Double
  private var noise = SeededNoise(seed: 1)
  /// Events handed out so far.
  public private(set) var emitted = 0

  /// Plays a compiled script from its start.
  public init(_ script: CompiledScript) {
    self.script = script
    frames = [Frame(body: script.commands, remaining: 1)]
    rateHz = script.defaultRateHz
  }

  /// Compiles `text` and plays it; throws every error in the script.
  public init(text: String, file: String, options: CompiledScript.Options = .init())
    throws(ScriptErrors)
  {
    self.init(try CompiledScript.compile(text, file: file, options: options))
  }

  /// The next event; a compiled script never fails, so this never throws.
  public mutating func next() throws(InputError) -> Event? {
    nextEvent()
  }

  /// The next event, or nil at the end of the script.
  public mutating func nextEvent() -> Event? {
    if let event = queued {
      queued = nil
      emitted += 1
      return event
    }
    while true {
      if span != nil, let event = nextSample() {
        emitted += 1
        return event
      }
      guard let command = nextCommand() else { return nil }
      if let event = execute(command) {
        emitted += 1
        return event
      }
    }
  }

  private var now: Double { Double(timeUs) / 1000 }

  private mutating func nextSample() -> Event? {
    guard var s = span else { return nil }
    guard s.index < s.count else {
      timeUs = ScriptChecker.add(s.startUs, s.durationUs)
      angle = s.to
      span = nil
      return nil
    }
    s.index += 1
    let t = ScriptChecker.add(
      s.startUs, Int64((Double(s.durationUs) * Double(s.index) / Double(s.count)).rounded()))
    var value: Double
    if s.index == s.count {
      value = s.to
    } else {
      switch s.shape {
      case .ramp(let easing):
        let x = easing.apply(Double(s.index) / Double(s.count))
        value = Self.round(s.from + (s.to - s.from) * x)
      case .hold:
        value = s.to
      case .jitter(let amplitude):
        value = Self.round(s.to + noise.symmetric(amplitude))
        value = min(max(value, script.angleRange.lowerBound), script.angleRange.upperBound)
      }
    }
    span = s
    return Event(time: Double(t) / 1000, .sample(angle: value))
  }

  private static func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }

  private mutating func nextCommand() -> ScriptCommand? {
    while let last = frames.indices.last {
      if frames[last].index < frames[last].body.count {
        frames[last].index += 1
        return frames[last].body[frames[last].index - 1]
      }
      if frames[last].remaining > 1 {
        frames[last].remaining -= 1
        frames[last].index = 0
        continue
      }
      let frame = frames.removeLast()
      if let collapsed = frame.collapsed {
        let passUs = timeUs - collapsed.startUs
        timeUs = ScriptChecker.add(
          collapsed.startUs, ScriptChecker.multiply(passUs, collapsed.count))
      }
    }
    return nil
  }

  private mutating func startSpan(
    _ shape: Span.Shape, to target: Double, durationMs: Double, minimum: Int
  ) {
    let count = max(minimum, CompiledScript.sampleCount(durationMs: durationMs, rateHz: rateHz))
    let durationUs = CompiledScript.microseconds(durationMs)
    guard count > 0 else {
      timeUs = ScriptChecker.add(timeUs, durationUs)
      return
    }
    span = Span(
      shape: shape, startUs: timeUs, durationUs: durationUs, from: angle, to: target, count: count)
  }

  /// Runs one command; returns its event when it emits one at once.
  private mutating func execute(_ command: ScriptCommand) -> Event? {
    switch command.kind {
    case .start(let position, let orientation):
      let implied = position.implied
      angle = implied.angle
      queued = Event(time: now, .sample(angle: angle))
      return Event(time: now, .orientation(orientation ?? implied.orientation))
    case .angle(let a):
      angle = a
      return Event(time: now, .sample(angle: a))
    case .open(let target, let d, let easing), .fold(let target, let d, let easing):
      startSpan(.ramp(easing), to: target, durationMs: d, minimum: 1)
    case .close(let d, let easing):
      startSpan(.ramp(easing), to: script.angleRange.lowerBound, durationMs: d, minimum: 1)
    case .wait(let d):
      timeUs = ScriptChecker.add(timeUs, CompiledScript.microseconds(d))
    case .hold(let d):
      startSpan(.hold, to: angle, durationMs: d, minimum: 0)
    case .jitter(let amplitude, let d):
      startSpan(.jitter(amplitude), to: angle, durationMs: d, minimum: 0)
    case .rotate(let o): return Event(time: now, .orientation(o))
    case .textSize(let size): return Event(time: now, .textSize(size))
    case .turn(let direction, let input): return Event(time: now, .turn(direction, input: input))
    case .goto(let offset): return Event(time: now, .goto(offset: offset))
    case .split(let mode): return Event(time: now, .split(mode))
    case .mark(let label): return Event(time: now, .mark(label))
    case .openChapter(let id): return Event(time: now, .openChapter(id: id))
    case .back: return Event(time: now, .back)
    case .sidebar(let mode): return Event(time: now, .sidebar(mode))
    case .notes(let action): return Event(time: now, .notes(action))
    case .note(let text): return Event(time: now, .note(text))
    case .select(let offset, let length): return Event(time: now, .select(offset: offset, length: length))
    case .addToNotes: return Event(time: now, .addToNotes)
    case .dragToNotes(let passage): return Event(time: now, .dragToNotes(passage))
    case .rate(let hz): rateHz = hz
    case .seed(let seed): noise = SeededNoise(seed: seed)
    case .repeatBlock(let count, let body, let producesEvents):
      if producesEvents {
        frames.append(Frame(body: body, remaining: count))
      } else {
        frames.append(Frame(body: body, remaining: 1, collapsed: count > 1 ? (timeUs, count) : nil))
      }
    }
    return nil
  }
}
