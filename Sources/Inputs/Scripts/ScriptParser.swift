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
