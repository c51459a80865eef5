import EventStream

/// Writes the body of a Kotlin test that runs statements at stream times, with
/// `SystemClock.sleep` between them.
///
/// Waits are whole milliseconds between consecutive statements, computed from the rounded
/// times so they add up to the source's timing exactly; each statement's own run time (an
/// emulator changing posture takes a while) comes on top.
struct KotlinSchedule {
  private(set) var lines: [String] = []
  private var lastMs = 0
  /// The indentation of the statements.
  let indent: String

  init(indent: String = "        ") { self.indent = indent }

  /// Appends `statements` at stream time `time` (ms), after a sleep for the gap since the last
  /// ones, under a comment.
  mutating func run(_ statements: [String], at time: Double, comment: String) {
    let ms = Int(time.rounded())
    if ms > lastMs {
      lines.append(indent + "SystemClock.sleep(\(ms - lastMs))")
      lastMs = ms
    }
    lines.append(indent + "// " + comment)
    for statement in statements { lines.append(indent + statement) }
  }

  /// A Kotlin `Double` literal (`455.5`, `40.0`).
  static func double(_ value: Double) -> String {
    let text = NumberFormat.shortest(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }
}
