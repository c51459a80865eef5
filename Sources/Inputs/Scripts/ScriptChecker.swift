import EventStream

/// Walks a script's commands without generating events: checks the order of `start`, the
/// direction of `open to` / `fold to`, and counts the events and the time.
///
/// The walk is linear in the script. Every command either sets the angle and rate to a fixed
/// value or leaves them alone, so the angle and rate after one pass of a `repeat` body are the
/// ones every later pass starts from: a body needs at most two passes — the first, and a second
/// from that fixed point when it differs — and the count of the second holds for the rest.
/// What a pass gives (events, errors, the angle and rate it leaves, its duration) depends only
/// on the angle and rate it starts from, so each body is walked once per distinct start and the
/// result is reused: nested bodies never multiply their walks (16 nested levels would be 2¹⁶
/// walks of the innermost body). The parser caps nesting at `ScriptParser.maxNesting`, which
/// bounds the recursion here.
struct ScriptChecker {
  /// What the walk tracks.
  struct State: Equatable {
    var angle: Double = 0
    var rateHz: Double
    /// Script time, µs; saturates at `Int64.max` (the limit check reports it long before).
    var timeUs: Int64 = 0

    /// The part of the state a pass of a body depends on.
    var entry: Entry { Entry(angle: angle, rateHz: rateHz) }
  }

  /// The angle and rate a pass of a `repeat` body starts from (or leaves).
  struct Entry: Hashable {
    var angle: Double
    var rateHz: Double
  }

  /// What one pass of a body gives from a given entry.
  struct Pass {
    var events: Int
    var exit: Entry
    var durationUs: Int64
  }

  /// A body (named by its `repeat` command's position) and the entry of a pass.
  struct PassKey: Hashable {
    var line: Int
    var column: Int
    var entry: Entry
  }

  /// The latest time a script may reach, µs (`Event.maxInputTime`).
  static let maxTimeUs = Int64(Event.maxInputTime * 1000)

  let options: CompiledScript.Options
  var state: State
  var log: ScriptErrorLog
  var total = 0
  private var started: ScriptCommand?
  private var reportedMissingStart = false
  private var reportedLimit = false
  private var reportedTime = false
  private var passes: [PassKey: Pass] = [:]

  /// True once a top-level command that generates events was checked.
  private var sawEvents = false

  init(file: String, lines: ScriptLines, options: CompiledScript.Options) {
    log = ScriptErrorLog(file: file, lines: lines)
    self.options = options
    state = State(rateHz: options.defaultRateHz)
  }

  /// Checks a whole script.
  mutating func check(_ commands: [ScriptCommand]) {
    for command in commands { _ = check(command) }
    finish()
  }

  /// Checks the next top-level command as the parser completes it; false once the script is
  /// past the event or time limit, or has all the errors a user is shown: reading the rest could
  /// not make it valid.
  mutating func check(_ command: ScriptCommand) -> Bool {
    sawEvents = sawEvents || ScriptParserState.producesEvents(command)
    countEvents(of: command)
    return !reportedLimit && !reportedTime && !log.truncated
  }

  /// Ends the check: a script with no command that generates events has that one error (what
  /// its other commands did is beside the point).
  mutating func finish() {
    guard !sawEvents else { return }
    log = ScriptErrorLog(file: log.file, lines: log.lines)
    log.record(
      line: 0, column: 0, length: 1,
      "expected at least one command that generates events (start, open, turn, …), found none")
  }

  /// Walks a top-level command and reports the first command past the event or time limit.
  private mutating func countEvents(of command: ScriptCommand) {
    total = Self.add(total, walk(command, depth: 0))
    if total > options.maxEvents, !reportedLimit {
      reportedLimit = true
      error(
        at: command, length: Self.keywordLength(command),
        "expected at most \(options.maxEvents) generated events (raise the limit with --max-events), found \(total) by the end of this command"
      )
    }
    if state.timeUs > Self.maxTimeUs, !reportedTime {
      reportedTime = true
      let reached =
        state.timeUs == .max
        ? "beyond t = 9.2e15 ms" : "t = \(Self.format(Double(state.timeUs) / 1000)) ms"
      error(
        at: command, length: Self.keywordLength(command),
        "expected a script that ends by t = \(Event.maxInputTimeText), found one that reaches \(reached) by the end of this command"
      )
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
    case .rotate, .textSize, .turn, .goto, .split, .mark, .notes, .note, .addToNotes, .dragToNotes, .openChapter, .back,
      .sidebar:
      return 1
    case .select(let offset, let length):
      if let textLength = options.textLength, offset + length > textLength {
        error(
          at: command, length: 6,
          "expected a selection inside the text (0 to \(textLength) UTF-16 units), found \(length) units from \(offset), ending at \(offset + length)"
        )
      }
      return 1
    case .rate(let hz):
      state.rateHz = hz
      return 0
    case .seed:
      return 0
    case .repeatBlock(let count, let body, _):
      let entry = state.entry
      let first = pass(body, of: command, from: entry, depth: depth + 1)
      let second =
        count == 1 || first.exit == entry
        ? first : pass(body, of: command, from: first.exit, depth: depth + 1)
      state.angle = second.exit.angle
      state.rateHz = second.exit.rateHz
      // Time: every pass takes as long as the first (durations do not depend on the state).
      state.timeUs = Self.add(state.timeUs, Self.multiply(first.durationUs, count))
      return Self.add(first.events, Self.multiply(second.events, count - 1))
    }
  }

  /// One pass of a `repeat` body from `entry`, walked the first time it is asked for and reused
  /// after that; the state's time is left alone.
  mutating func pass(_ body: [ScriptCommand], of block: ScriptCommand, from entry: Entry, depth: Int)
    -> Pass
  {
    let key = PassKey(line: block.line, column: block.column, entry: entry)
    if let known = passes[key] { return known }
    let time = state.timeUs
    state.angle = entry.angle
    state.rateHz = entry.rateHz
    state.timeUs = 0
    var events = 0
    for command in body { events = Self.add(events, walk(command, depth: depth)) }
    let result = Pass(events: events, exit: state.entry, durationUs: state.timeUs)
    state.timeUs = time
    passes[key] = result
    return result
  }

  mutating func ramp(to target: Double, durationMs: Double) -> Int {
    state.angle = target
    advance(durationMs)
    return max(1, CompiledScript.sampleCount(durationMs: durationMs, rateHz: state.rateHz))
  }

  mutating func advance(_ ms: Double) {
    state.timeUs = Self.add(state.timeUs, CompiledScript.microseconds(ms))
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
    case .openChapter: "open-chapter"
    case .back: "back"
    case .sidebar: "sidebar"
    case .rate: "rate"
    case .seed: "seed"
    case .notes: "notes"
    case .note: "note"
    case .select: "select"
    case .addToNotes: "add-to-notes"
    case .dragToNotes: "drag-to-notes"
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

  static func add(_ a: Int64, _ b: Int64) -> Int64 {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? .max : sum
  }

  static func multiply(_ a: Int64, _ b: Int) -> Int64 {
    let (product, overflow) = a.multipliedReportingOverflow(by: Int64(b))
    return overflow ? .max : product
  }

  static func format(_ value: Double) -> String { ScriptParserState.format(value) }
}
