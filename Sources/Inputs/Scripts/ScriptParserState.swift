import EventStream

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
}
