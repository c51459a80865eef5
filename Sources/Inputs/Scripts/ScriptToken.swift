import EventStream

/// A token of a `.hinge` script line: a word, a quoted string, or punctuation.
struct ScriptToken: Sendable, Equatable {
  /// What kind of token.
  enum Kind: Sendable, Equatable {
    /// A run of characters without spaces, `;`, `{`, `}`, `#` or `"`.
    case word
    /// A `"quoted"` string; `text` holds the unescaped content.
    case string
    /// `;`
    case semicolon
    /// `{`
    case openBrace
    /// `}`
    case closeBrace
    /// The end of a line.
    case newline
    /// The end of the file.
    case end
  }

  var kind: Kind
  /// The word, or the string's content.
  var text: String
  var line: Int
  /// 1-based column in characters.
  var column: Int
  /// Length in characters as written (quotes included).
  var length: Int
  /// A string's first escape other than `\n`, `\t`, `\"` and `\\`: its text and 1-based
  /// column (a `mark` label keeps the escaped character; a `note` refuses it).
  var badEscape: (text: String, column: Int)?

  static func == (a: ScriptToken, b: ScriptToken) -> Bool {
    a.kind == b.kind && a.text == b.text && a.line == b.line && a.column == b.column && a.length == b.length
      && a.badEscape?.text == b.badEscape?.text && a.badEscape?.column == b.badEscape?.column
  }

  /// How a message names the token: `'fast'`, `';'`, `the end of the line` (a long word cut
  /// short, control characters escaped).
  var found: String {
    switch kind {
    case .word: "'\(InputText.excerpt(text))'"
    case .string: "\"\(InputText.excerpt(text))\""
    case .semicolon: "';'"
    case .openBrace: "'{'"
    case .closeBrace: "'}'"
    case .newline: "the end of the line"
    case .end: "the end of the file"
    }
  }

  /// True for the tokens that end a command.
  var endsCommand: Bool {
    switch kind {
    case .semicolon, .closeBrace, .newline, .end: true
    default: false
    }
  }
}

/// Splits script lines into tokens; `#` starts a comment outside strings.
enum ScriptLexer {
  /// The tokens of one line (1-based `line`), ending with a `.newline` token; lexical errors
  /// (an unterminated string) are appended to `errors`.
  static func tokens(of text: String, line: Int, file: String, errors: inout [ScriptError])
    -> [ScriptToken]
  {
    let chars = Array(text)
    var tokens: [ScriptToken] = []
    var i = 0
    while i < chars.count {
      let c = chars[i]
      switch c {
      case " ", "\t", "\r":
        i += 1
      case "#":
        i = chars.count
      case ";":
        tokens.append(
          ScriptToken(kind: .semicolon, text: ";", line: line, column: i + 1, length: 1))
        i += 1
      case "{":
        tokens.append(
          ScriptToken(kind: .openBrace, text: "{", line: line, column: i + 1, length: 1))
        i += 1
      case "}":
        tokens.append(
          ScriptToken(kind: .closeBrace, text: "}", line: line, column: i + 1, length: 1))
        i += 1
      case "\"":
        let start = i
        var content = ""
        var closed = false
        var badEscape: (text: String, column: Int)?
        i += 1
        while i < chars.count {
          let d = chars[i]
          if d == "\\", i + 1 < chars.count {
            let e = chars[i + 1]
            if badEscape == nil, !"nt\"\\".contains(e) { badEscape = ("\\" + String(e), i + 1) }
            content.append(e == "n" ? "\n" : e == "t" ? "\t" : e)
            i += 2
            continue
          }
          i += 1
          if d == "\"" {
            closed = true
            break
          }
          content.append(d)
        }
        if !closed {
          errors.append(
            ScriptError(
              file: file, line: line, column: start + 1, length: chars.count - start,
              message: "expected a closing '\"' for this label, found the end of the line",
              sourceLine: text))
        }
        tokens.append(
          ScriptToken(
            kind: .string, text: content, line: line, column: start + 1, length: i - start, badEscape: badEscape))
      default:
        let start = i
        while i < chars.count, !" \t\r;{}#\"".contains(chars[i]) { i += 1 }
        tokens.append(
          ScriptToken(
            kind: .word, text: String(chars[start..<i]), line: line, column: start + 1,
            length: i - start))
      }
    }
    tokens.append(
      ScriptToken(kind: .newline, text: "", line: line, column: chars.count + 1, length: 1))
    return tokens
  }
}
