import EventStream

/// Walks a script's commands without generating events: checks the order of `start`, the
/// direction of `open to` / `fold to`, and counts the events and the time.
///
/// A `repeat` body is walked at most twice: every command either sets the angle and rate to a
/// fixed value or leaves them alone, so the state after the first pass is the state every
/// later pass starts from, and the count of the second pass holds for the rest.
struct ScriptChecker {
  /// What the walk tracks.
  struct State: Equatable {
    var angle: Double = 0
    var rateHz: Double
    var timeUs: Int64 = 0
  }

  let options: CompiledScript.Options
  var state: State
  var log: ScriptErrorLog
  var total = 0
  private var started: ScriptCommand?
  private var reportedMissingStart = false
  private var reportedLimit = false

  init(file: String, lines: [String], options: CompiledScript.Options) {
    log = ScriptErrorLog(file: file, lines: lines)
    self.options = options
    state = State(rateHz: options.defaultRateHz)
  }

  mutating func check(_ commands: [ScriptCommand]) {
    if !commands.contains(where: ScriptParserState.producesEvents) {
      log.record(
        line: 0, column: 0, length: 1,
        "expected at least one command that generates events (start, open, turn, …), found none")
      return
    }
    for command in commands {
      total = Self.add(total, walk(command, depth: 0))
      if total > options.maxEvents, !reportedLimit {
        reportedLimit = true
        error(
          at: command, length: Self.keywordLength(command),
          "expected at most \(options.maxEvents) generated events (raise the limit with --max-events), found \(total) by the end of this command"
        )
      }
    }
  }

  /// Walks one command; returns the events it generates.
  mutating func walk(_ command: ScriptCommand, depth: Int) -> Int {
    if started == nil, ScriptParserState.producesEvents(command) || Self.movesTime(command) {
      if case .start = command.kind {
      } else if !reportedMissingStart {
        reportedMissingStart = true
        error(
          at: command, length: Self.keywordLength(command),
          "expected 'start <pose-or-angle>' before the first command, found '\(Self.keyword(command))'"
        )
      }
    }
    switch command.kind {
    case .start(let position, _):
      if depth > 0 {
        error(at: command, length: 5, "expected 'start' outside repeat blocks, found it inside one")
      } else if let first = started {
        error(
          at: command, length: 5,
          "expected one 'start' per script, found a second one (the first is on line \(first.line))"
        )
      }
      started = started ?? command
      state.angle = position.implied.angle
      return 2
    case .angle(let a):
      state.angle = a
      return 1
    case .open(let target, let duration, _):
      if target < state.angle {
        error(
          at: command, length: 4,
          "expected a target ≥ \(Self.format(state.angle))° for 'open to' (the hinge is at \(Self.format(state.angle))°), found \(Self.format(target))°; use 'fold to \(Self.format(target))' to close the hinge"
        )
      }
      return ramp(to: target, durationMs: duration)
    case .fold(let target, let duration, _):
      if target > state.angle {
        error(
          at: command, length: 4,
          "expected a target ≤ \(Self.format(state.angle))° for 'fold to' (the hinge is at \(Self.format(state.angle))°), found \(Self.format(target))°; use 'open to \(Self.format(target))' to open the hinge"
        )
      }
      return ramp(to: target, durationMs: duration)
    case .close(let duration, _):
      return ramp(to: options.angleRange.lowerBound, durationMs: duration)
    case .wait(let duration):
      advance(duration)
      return 0
    case .hold(let duration), .jitter(_, let duration):
      advance(duration)
      return CompiledScript.sampleCount(durationMs: duration, rateHz: state.rateHz)
    case .rotate, .textSize, .turn, .goto, .split, .mark:
      return 1
    case .rate(let hz):
      state.rateHz = hz
      return 0
    case .seed:
      return 0
    case .repeatBlock(let count, let body, _):
      let before = state
      let first = walkBody(body, depth: depth + 1)
      guard count > 1 else { return first }
      let afterFirst = state
      let second = afterFirst == before ? first : walkBody(body, depth: depth + 1)
      // Time: every pass takes as long as the first (durations do not depend on the state).
      let passUs = afterFirst.timeUs &- before.timeUs
      state.timeUs = before.timeUs &+ Self.multiply(passUs, count)
      return Self.add(first, Self.multiply(second, count - 1))
    }
  }

  mutating func walkBody(_ body: [ScriptCommand], depth: Int) -> Int {
    var sum = 0
    for command in body { sum = Self.add(sum, walk(command, depth: depth)) }
    return sum
  }

  mutating func ramp(to target: Double, durationMs: Double) -> Int {
    state.angle = target
    advance(durationMs)
    return max(1, CompiledScript.sampleCount(durationMs: durationMs, rateHz: state.rateHz))
  }

  mutating func advance(_ ms: Double) {
    state.timeUs = state.timeUs &+ CompiledScript.microseconds(ms)
  }

  mutating func error(at command: ScriptCommand, length: Int, _ message: String) {
    log.record(line: command.line, column: command.column, length: length, message)
  }

  static func movesTime(_ command: ScriptCommand) -> Bool {
    switch command.kind {
    case .wait(let d): d > 0
    default: false
    }
  }

  static func keyword(_ command: ScriptCommand) -> String {
    switch command.kind {
    case .start: "start"
    case .angle: "angle"
    case .open: "open"
    case .fold: "fold"
    case .close: "close"
    case .wait: "wait"
    case .hold: "hold"
    case .rotate: "rotate"
    case .textSize: "text-size"
    case .turn: "turn"
    case .goto: "goto"
    case .split: "split"
    case .jitter: "jitter"
    case .repeatBlock: "repeat"
    case .mark: "mark"
    case .rate: "rate"
    case .seed: "seed"
    }
  }

  static func keywordLength(_ command: ScriptCommand) -> Int { keyword(command).count }

  static func add(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  static func multiply(_ a: Int, _ b: Int) -> Int {
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? .max : product
  }

  static func multiply(_ a: Int64, _ b: Int) -> Int64 {
    let (product, overflow) = a.multipliedReportingOverflow(by: Int64(b))
    return overflow ? .max : product
  }

  static func format(_ value: Double) -> String { ScriptParserState.format(value) }
}
