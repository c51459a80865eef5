import EventStream

/// Parses `.hinge` scripts: lines → `[ScriptCommand]` with source locations.
///
/// The language is line-oriented: one command a line (or several separated by `;`), `#` starts
/// a comment, `repeat N { … }` blocks nest and may span lines. Every syntax error in the file
/// is collected (up to `errorLimit`) and thrown together as `ScriptErrors`.
///
/// ```swift
/// let parser = ScriptParser(file: "demo.hinge", angleRange: 0...180)
/// let commands = try parser.parse("start closed\nopen to 180 over 600ms ease-out\n")
/// ```
public struct ScriptParser: Sendable {
  /// At most this many errors are reported.
  public static let errorLimit = 20
  /// `repeat` blocks nest at most this deep.
  public static let maxNesting = 16
  /// Longest duration a command accepts: 24 hours, in milliseconds.
  public static let maxDurationMs = 86_400_000.0
  /// Rates `rate` accepts, Hz.
  public static let rateRange = 1.0...10_000.0
  /// The command words, for messages and suggestions.
  public static let commandNames = [
    "start", "angle", "open", "fold", "close", "wait", "hold", "rotate", "text-size", "turn",
    "goto",
    "split", "jitter", "repeat", "mark", "rate", "seed", "notes", "note", "select", "add-to-notes", "drag-to-notes",
    "open-chapter", "back", "sidebar",
  ]

  /// The file name used in errors.
  public var file: String
  /// Angles outside this range are errors (the profile's hinge range).
  public var angleRange: ClosedRange<Double>

  /// The text's chapter count when a text is known: `open-chapter` past it is an error.
  public var chapterCount: Int?
  /// Where `start tent` puts the phone (the profile's `conflicts.tent`); nil: `tent` is an error.
  public var tent: (angle: Double, orientation: Orientation)?
  /// Which way the hinge runs upright (the profile's `hinge.axis`): on a flip phone
  /// (`horizontal`) `start tabletop` is upright and `start openWide` sideways.
  public var axis: HingeAxis = .vertical

  /// Makes a parser for a file name and a hinge range.
  public init(
    file: String, angleRange: ClosedRange<Double> = 0...180, chapterCount: Int? = nil,
    tent: (angle: Double, orientation: Orientation)? = nil
  ) {
    self.chapterCount = chapterCount
    self.tent = tent
    self.file = file
    self.angleRange = angleRange
  }

  /// Parses a whole script; throws every error found (up to `errorLimit`).
  public func parse(_ text: String) throws(ScriptErrors) -> [ScriptCommand] {
    try parse(lines: CompiledScript.lines(of: text))
  }

  /// Parses a script given as lines (without their newlines).
  public func parse(lines: [String]) throws(ScriptErrors) -> [ScriptCommand] {
    var state = ScriptParserState(file: file, angleRange: angleRange, lines: ScriptLines(lines))
    state.chapterCount = chapterCount
    state.tent = tent
    state.axis = axis
    let commands = state.script()
    if let errors = state.log.thrown { throw errors }
    return commands
  }
}

/// Thrown inside the parser to abandon a command once its error is recorded.
struct ScriptParseFailure: Error {}

/// The parser's cursor over the tokens and its collected errors.
///
/// Lines are lexed as the cursor reaches them, pulled from `ScriptLines` one at a time: only
/// the tokens of the line being read are held, so a script on stdin is parsed as it arrives.
struct ScriptParserState {
  let angleRange: ClosedRange<Double>
  var chapterCount: Int?
  var tent: (angle: Double, orientation: Orientation)?
  var axis: HingeAxis = .vertical
  let file: String
  let lines: ScriptLines
  /// The tokens of the current line, and the last token of the line before (so the cursor can
  /// step back one).
  var tokens: [ScriptToken] = []
  var position = 0
  var log: ScriptErrorLog
  /// Told of each top-level command once it is whole (a `repeat` at its `}`); returning false
  /// stops the parse there (the script is over a limit: reading on would change nothing).
  var onTopLevel: ((ScriptCommand) -> Bool)?
  /// True once `onTopLevel` stopped the parse.
  private(set) var stopped = false

  init(file: String, angleRange: ClosedRange<Double>, lines: ScriptLines) {
    self.angleRange = angleRange
    self.file = file
    self.lines = lines
    log = ScriptErrorLog(file: file, lines: lines)
  }

  // MARK: Cursor

  var peek: ScriptToken {
    mutating get {
      fill()
      return tokens[position]
    }
  }

  mutating func advance() -> ScriptToken {
    fill()
    let token = tokens[position]
    if token.kind != .end { position += 1 }
    return token
  }

  /// Lexes lines until a token is under the cursor; the end of the input (or a failure to read
  /// it, kept in `lines.failure`) is the `.end` token.
  private mutating func fill() {
    while position >= tokens.count {
      let kept = tokens.last.map { [$0] } ?? []
      guard let line = lines.next() else {
        let last = lines.count >= 1 ? lines[lines.count] : ""
        tokens =
          kept + [ScriptToken(kind: .end, text: "", line: max(1, lines.count), column: last.count + 1, length: 1)]
        position = kept.count
        return
      }
      var lexErrors: [ScriptError] = []
      tokens = kept + ScriptLexer.tokens(of: line, line: lines.count, file: file, errors: &lexErrors)
      position = kept.count
      for error in lexErrors { log.record(error) }
    }
  }

  /// Records an error at a token.
  mutating func error(at token: ScriptToken, _ message: String) {
    log.record(
      line: token.line, column: token.column,
      length: token.kind == .word || token.kind == .string ? token.length : 1, message)
  }

  /// Records an error at a token and abandons the command.
  mutating func fail(at token: ScriptToken, _ message: String) -> ScriptParseFailure {
    error(at: token, message)
    return ScriptParseFailure()
  }

  /// Skips the rest of a failed command (up to `;`, the end of the line, `}` or the end).
  mutating func recover() {
    while true {
      switch peek.kind {
      case .semicolon, .newline:
        _ = advance()
        return
      case .closeBrace, .end: return
      default: _ = advance()
      }
    }
  }

  // MARK: Blocks

  /// A `repeat` block being read: its header and the commands of its body so far.
  struct OpenBlock {
    var head: ScriptToken
    var brace: ScriptToken
    var count: Int
    var body: [ScriptCommand] = []
  }

  /// What reading one command gave: a whole command, or the header of a `repeat` block whose
  /// body follows.
  enum Parsed {
    case command(ScriptCommand)
    case repeatOpened(head: ScriptToken, brace: ScriptToken, count: Int)
  }

  /// The commands of the whole script. Blocks are kept on an explicit stack, never on the call
  /// stack, and a block nested deeper than `maxNesting` is an error and skipped whole: no
  /// input, however deeply nested, makes the parser (or the checker and the source, which walk
  /// the commands it returns) go deeper than the limit.
  mutating func script() -> [ScriptCommand] {
    var top: [ScriptCommand] = []
    var open: [OpenBlock] = []
    /// Adds a command to its block or the top level; false when the top level is told to stop.
    func append(_ command: ScriptCommand, _ open: inout [OpenBlock], _ top: inout [ScriptCommand]) -> Bool {
      guard open.isEmpty else {
        open[open.count - 1].body.append(command)
        return true
      }
      top.append(command)
      return onTopLevel?(command) ?? true
    }
    while true {
      // Twenty errors are all a user is shown: reading on would only find more.
      guard !log.truncated else { return top }
      let token = peek
      switch token.kind {
      case .newline, .semicolon:
        _ = advance()
      case .end:
        for block in open.reversed() {
          error(at: block.brace, "expected '}' to close this repeat block, found the end of the file")
        }
        return top
      case .closeBrace:
        _ = advance()
        guard let block = open.popLast() else {
          error(at: token, "expected a command, found '}' without a matching 'repeat N {'")
          continue
        }
        let after = peek
        guard after.endsCommand else {
          error(at: after, "expected the end of the 'repeat' command, found \(after.found)")
          recover()
          continue
        }
        let command = ScriptCommand(
          .repeatBlock(
            count: block.count, body: block.body,
            producesEvents: block.body.contains(where: Self.producesEvents)),
          line: block.head.line, column: block.head.column)
        guard append(command, &open, &top) else {
          stopped = true
          return top
        }
      default:
        do throws(ScriptParseFailure) {
          switch try command() {
          case .command(let command):
            guard append(command, &open, &top) else {
              stopped = true
              return top
            }
          case .repeatOpened(let head, let brace, let count):
            guard open.count < ScriptParser.maxNesting else {
              error(
                at: head,
                "expected repeat blocks nested at most \(ScriptParser.maxNesting) deep, found one nested deeper"
              )
              skipBlock()
              continue
            }
            open.append(OpenBlock(head: head, brace: brace, count: count))
          }
        } catch {
          recover()
        }
      }
    }
  }

  /// Skips the body of a block whose `{` was just read, up to and including its `}` (or to the
  /// end of the file), without parsing it.
  mutating func skipBlock() {
    var level = 1
    while level > 0 {
      switch advance().kind {
      case .openBrace: level += 1
      case .closeBrace: level -= 1
      case .end: return
      default: break
      }
    }
  }

  // MARK: Commands

  /// Reads one command; for `repeat N {` only its header (`script()` reads the body).
  mutating func command() throws(ScriptParseFailure) -> Parsed {
    let head = advance()
    guard head.kind == .word else {
      throw fail(at: head, "expected a command like 'open to 180 over 300ms', found \(head.found)")
    }
    let name = head.text.lowercased()
    let kind: ScriptCommand.Kind
    switch name {
    case "start":
      let t = advance()
      let position: ScriptCommand.StartPosition
      var implied: Orientation?
      if t.kind == .word, t.text.lowercased() == "tent" {
        guard let tent else {
          throw fail(
            at: t,
            "expected a pose the profile knows; 'tent' means what its conflicts.tent says, and this profile names no tent (iphone-duo does), found 'tent'"
          )
        }
        position = .angle(tent.angle)
        implied = tent.orientation
      } else if let pose = ScriptCommand.StartPosition.poses.first(where: {
        $0.rawValue.lowercased() == t.text.lowercased()
      }),
        t.kind == .word
      {
        position = .pose(pose)
        // A flip phone's poses imply other orientations; the command carries its own.
        if axis != .vertical { implied = position.implied(axis: axis).orientation }
      } else if t.kind == .word, let angle = Self.number(Self.stripAngleUnit(t.text)) {
        position = .angle(try checkedAngle(angle, at: t))
        skipSeparateDegreeUnit()
      } else {
        let poses = ScriptCommand.StartPosition.poses.map(\.rawValue).joined(separator: ", ")
        throw fail(at: t, "expected a pose (\(poses)) or an angle after 'start', found \(t.found)")
      }
      var orientation: Orientation?
      if !peek.endsCommand {
        let o = advance()
        guard o.kind == .word, let value = Orientation(name: o.text) else {
          throw fail(
            at: o,
            "expected an orientation (\(Self.orientationNames)) or the end of the command, found \(o.found)"
          )
        }
        orientation = value
      }
      kind = .start(position, orientation: orientation ?? implied)
    case "angle":
      kind = .angle(try angle(after: "angle"))
    case "open", "fold":
      try keyword("to", after: name, usage: "\(name) to <angle> over <duration> [easing]")
      let target = try angle(after: "to")
      try keyword(
        "over", after: "\(name) to \(Self.format(target))",
        usage: "\(name) to <angle> over <duration> [easing]")
      let duration = try duration(after: "over")
      let easing = try optionalEasing()
      kind =
        name == "open"
        ? .open(to: target, durationMs: duration, easing: easing)
        : .fold(to: target, durationMs: duration, easing: easing)
    case "close":
      try keyword("over", after: "close", usage: "close over <duration> [easing]")
      let duration = try duration(after: "over")
      kind = .close(durationMs: duration, easing: try optionalEasing())
    case "wait":
      kind = .wait(durationMs: try duration(after: "wait"))
    case "hold":
      kind = .hold(durationMs: try duration(after: "hold"))
    case "rotate":
      kind = .rotate(
        try word(after: "rotate", expecting: "an orientation (\(Self.orientationNames))") { Orientation(name: $0) })
    case "text-size", "textsize":
      kind = .textSize(
        try word(
          after: "text-size",
          expecting: "a text size (xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5)"
        ) { TextSize(name: $0) })
    case "turn":
      let direction = try word(after: "turn", expecting: "'next' or 'prev'") {
        TurnDirection(rawValue: $0.lowercased())
      }
      var input = TurnInput.touch
      if !peek.endsCommand {
        input = try word(
          after: "turn \(direction.rawValue)", expecting: "'voiceover' (VoiceOver's three-finger swipe) or the end"
        ) { ["voiceover", "--voiceover"].contains($0.lowercased()) ? .voiceover : nil }
      }
      kind = .turn(direction, input: input)
    case "goto":
      let offset = try word(after: "goto", expecting: "a character offset from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      kind = .goto(offset: offset)
    case "split":
      kind = .split(
        try word(after: "split", expecting: "'left', 'right' or 'off'") { SplitMode(rawValue: $0.lowercased()) })
    case "jitter":
      let t = peek
      let amplitude = try angle(after: "jitter", checkRange: false)
      guard amplitude >= 0, amplitude <= 90 else {
        throw fail(
          at: t, "expected a jitter amplitude from 0 to 90 degrees, found \(Self.format(amplitude))"
        )
      }
      try keyword(
        "for", after: "jitter \(Self.format(amplitude))", usage: "jitter <degrees> for <duration>")
      kind = .jitter(amplitude: amplitude, durationMs: try duration(after: "for"))
    case "repeat":
      let t = advance()
      var count = 1
      if t.kind == .word, let n = Self.whole(t.text, in: 1...Int.max) {
        count = n
      } else {
        error(at: t, "expected a repeat count (an integer ≥ 1) after 'repeat', found \(t.found)")
        if t.kind == .openBrace { position -= 1 }
      }
      let brace = advance()
      guard brace.kind == .openBrace else {
        throw fail(at: brace, "expected '{' after 'repeat \(count)', found \(brace.found)")
      }
      return .repeatOpened(head: head, brace: brace, count: count)
    case "open-chapter":
      let t = peek
      let id = try word(after: "open-chapter", expecting: "a chapter id (an integer ≥ 1)") { text in
        Self.whole(text, in: 1...Int.max)
      }
      if let count = chapterCount, id > count {
        throw fail(
          at: t,
          "expected a chapter id from 1 to \(count) (the text's chapters; 'hingesim paginate --chapters' lists them), found \(id)"
        )
      }
      kind = .openChapter(id: id)
    case "back":
      kind = .back
    case "sidebar":
      kind = .sidebar(
        try word(after: "sidebar", expecting: "'show' or 'hide'") { SidebarMode(rawValue: $0.lowercased()) })
    case "mark":
      let t = advance()
      guard t.kind == .string else {
        throw fail(
          at: t, "expected a quoted label like \"chapter 2\" after 'mark', found \(t.found)")
      }
      kind = .mark(t.text)
    case "rate":
      let t = advance()
      var text = t.text.lowercased()
      if text.hasSuffix("hz") { text.removeLast(2) }
      guard t.kind == .word, let hz = Self.number(text), ScriptParser.rateRange.contains(hz) else {
        throw fail(at: t, "expected a rate in Hz from 1 to 10000 after 'rate', found \(t.found)")
      }
      if peek.kind == .word, peek.text.lowercased() == "hz" { _ = advance() }
      kind = .rate(hz: hz)
    case "seed":
      kind = .seed(try word(after: "seed", expecting: "a seed (an integer ≥ 0)") { UInt64($0) })
    case "notes":
      kind = .notes(
        try word(after: "notes", expecting: "'open' or 'close'") { NotesAction(rawValue: $0.lowercased()) })
    case "note":
      let t = advance()
      guard t.kind == .string else {
        throw fail(at: t, "expected the notes text in quotes like \"my note\" after 'note', found \(t.found)")
      }
      if let bad = t.badEscape {
        throw fail(
          at: ScriptToken(kind: .word, text: bad.text, line: t.line, column: bad.column, length: bad.text.count),
          "expected an escape \\n, \\t, \\\" or \\\\ in the note, found '\(InputText.escaped(bad.text))'")
      }
      kind = .note(t.text)
    case "select":
      let offset = try word(after: "select", expecting: "a character offset from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      let length = try word(after: "select \(offset)", expecting: "a length from 0 to \(Self.maxSelectUnits)") { text in
        Self.whole(text, in: 0...Self.maxSelectUnits)
      }
      kind = .select(offset: offset, length: length)
    case "add-to-notes", "addtonotes":
      kind = .addToNotes
    case "drag-to-notes", "dragtonotes":
      var passage = DragPassage.selection
      if !peek.endsCommand {
        passage = try word(after: "drag-to-notes", expecting: "'first-line' or the end of the command") {
          ["first-line", "firstline"].contains($0.lowercased()) ? .firstLine : nil
        }
      }
      kind = .dragToNotes(passage)
    default:
      var message =
        "expected a command (\(ScriptParser.commandNames.joined(separator: ", "))), found \(head.found)"
      if let suggestion = Self.suggestion(for: name) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw fail(at: head, message)
    }
    let after = peek
    guard after.endsCommand else {
      throw fail(at: after, "expected the end of the '\(name)' command, found \(after.found)")
    }
    return .command(ScriptCommand(kind, line: head.line, column: head.column))
  }

  // MARK: Arguments

  /// The next word as `parse` reads it; else the error `expected <expected> after '<after>', found …`.
  mutating func word<T>(after: String, expecting expected: String, _ parse: (String) -> T?)
    throws(ScriptParseFailure) -> T
  {
    let t = advance()
    guard t.kind == .word, let value = parse(t.text) else {
      throw fail(at: t, "expected \(expected) after '\(after)', found \(t.found)")
    }
    return value
  }

  mutating func keyword(_ word: String, after: String, usage: String) throws(ScriptParseFailure) {
    let t = advance()
    guard t.kind == .word, t.text.lowercased() == word else {
      throw fail(at: t, "expected '\(word)' after '\(after)' (\(usage)), found \(t.found)")
    }
  }

  mutating func angle(after: String, checkRange: Bool = true) throws(ScriptParseFailure) -> Double {
    let t = advance()
    guard t.kind == .word, let value = Self.number(Self.stripAngleUnit(t.text)) else {
      throw fail(at: t, "expected an angle like 110 or 110deg after '\(after)', found \(t.found)")
    }
    skipSeparateDegreeUnit()
    return checkRange ? try checkedAngle(value, at: t) : value
  }

  mutating func checkedAngle(_ value: Double, at t: ScriptToken) throws(ScriptParseFailure)
    -> Double
  {
    guard angleRange.contains(value) else {
      throw fail(
        at: t,
        "expected an angle from \(Self.format(angleRange.lowerBound)) to \(Self.format(angleRange.upperBound)) degrees, found \(Self.format(value))"
      )
    }
    return value
  }

  mutating func skipSeparateDegreeUnit() {
    if peek.kind == .word, ["deg", "degrees", "°"].contains(peek.text.lowercased()) {
      _ = advance()
    }
  }

  mutating func duration(after: String) throws(ScriptParseFailure) -> Double {
    let t = advance()
    let example = "expected a duration like 300ms after '\(after)'"
    guard t.kind == .word else { throw fail(at: t, "\(example), found \(t.found)") }
    let text = t.text.lowercased()
    var scale = 0.0
    var digits = Substring(text)
    for (suffix, factor) in [("ms", 1.0), ("min", 60_000.0), ("s", 1000.0)]
    where text.hasSuffix(suffix) {
      scale = factor
      digits = digits.dropLast(suffix.count)
      break
    }
    guard let value = Self.number(digits) else { throw fail(at: t, "\(example), found \(t.found)") }
    guard scale > 0 else {
      throw fail(at: t, "\(example), found \(t.found) (a duration needs a unit: ms, s or min)")
    }
    let ms = value * scale
    guard ms >= 0 else {
      throw fail(at: t, "expected a duration ≥ 0 after '\(after)', found \(t.found)")
    }
    guard ms <= ScriptParser.maxDurationMs else {
      throw fail(
        at: t,
        "expected a duration of at most 24 hours (1440min) after '\(after)', found \(t.found)")
    }
    return ms
  }

  mutating func optionalEasing() throws(ScriptParseFailure) -> Easing {
    guard !peek.endsCommand else { return .linear }
    let t = advance()
    guard t.kind == .word, let easing = Easing(rawValue: t.text.lowercased()) else {
      throw fail(
        at: t,
        "expected an easing (linear, ease-in, ease-out, ease-in-out) or the end of the command, found \(t.found)"
      )
    }
    return easing
  }

  // MARK: Helpers

  /// The largest offset or length `select` and `goto` accept (far beyond any text; their sum
  /// cannot overflow).
  static let maxSelectUnits = 1 << 40

  /// A whole number written as plain digits (no sign: `-0` and `+5` are not counts) in `range`.
  static func whole(_ text: String, in range: ClosedRange<Int>) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
      let value = Int(text), range.contains(value)
    else { return nil }
    return value
  }
  static let orientationNames = Orientation.allCases.map(\.rawValue).joined(separator: ", ")

  static func stripAngleUnit(_ text: String) -> Substring {
    let lower = text.lowercased()
    if lower.hasSuffix("deg") { return Substring(text.dropLast(3)) }
    if text.hasSuffix("°") { return Substring(text.dropLast(1)) }
    return Substring(text)
  }

  /// A plain decimal number (no hex, no `inf`/`nan`), or nil.
  static func number(_ text: some StringProtocol) -> Double? { DecimalText.parse(text) }

  static func format(_ value: Double) -> String { NumberFormat.shortest(value) }

  /// True when a command can emit at least one event whatever the state.
  static func producesEvents(_ command: ScriptCommand) -> Bool {
    switch command.kind {
    case .rate, .seed: false
    case .wait: false
    case .hold(let d), .jitter(_, let d): d > 0
    case .repeatBlock(_, _, let produces): produces
    default: true
    }
  }

  /// The command name closest to a misspelling (edit distance ≤ 2), or nil.
  static func suggestion(for word: String) -> String? {
    guard word.utf8.count <= 32 else { return nil }
    var best: (String, Int)?
    for name in ScriptParser.commandNames {
      let d = editDistance(Array(word), Array(name))
      if d <= 2, d < (best?.1 ?? .max) { best = (name, d) }
    }
    return best?.0
  }

  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
