import EventStream

/// A grid of characters of a fixed size that the live view draws into.
///
/// Drawing is clipped to the grid. `lines` gives the plain text (for tests and the
/// non-terminal fallback); `render()` the ANSI text that repaints a terminal from the top left.
struct ScreenBuffer: Sendable, Equatable {
  /// Columns.
  let width: Int
  /// Rows.
  let height: Int
  private var cells: [Character]

  /// A blank grid.
  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: " ", count: self.width * self.height)
  }

  /// The character at a cell (a space outside the grid).
  subscript(x: Int, y: Int) -> Character {
    guard x >= 0, x < width, y >= 0, y < height else { return " " }
    return cells[y * width + x]
  }

  /// Writes text from `(x, y)` to the right, clipped; returns the column after it.
  @discardableResult
  mutating func put(_ text: String, x: Int, y: Int) -> Int {
    var column = x
    for character in text {
      if column >= 0, column < width, y >= 0, y < height { cells[y * width + column] = character }
      column += 1
    }
    return column
  }

  /// A horizontal run of one character.
  mutating func horizontal(_ character: Character, x: Int, y: Int, length: Int) {
    guard length > 0 else { return }
    put(String(repeating: character, count: length), x: x, y: y)
  }

  /// A vertical run of one character.
  mutating func vertical(_ character: Character, x: Int, y: Int, length: Int) {
    for row in y..<(y + max(0, length)) { put(String(character), x: x, y: row) }
  }

  /// A single-line box with its corners at `(x, y)` and `(x + width - 1, y + height - 1)`.
  mutating func box(x: Int, y: Int, width: Int, height: Int) {
    guard width >= 2, height >= 2 else { return }
    horizontal("─", x: x + 1, y: y, length: width - 2)
    horizontal("─", x: x + 1, y: y + height - 1, length: width - 2)
    vertical("│", x: x, y: y + 1, length: height - 2)
    vertical("│", x: x + width - 1, y: y + 1, length: height - 2)
    put("┌", x: x, y: y)
    put("┐", x: x + width - 1, y: y)
    put("└", x: x, y: y + height - 1)
    put("┘", x: x + width - 1, y: y + height - 1)
  }

  /// The rows as plain text, trailing spaces removed.
  var lines: [String] {
    (0..<height).map { row in
      var line = String(cells[(row * width)..<((row + 1) * width)])
      while line.last == " " { line.removeLast() }
      return line
    }
  }

  /// The whole grid as one string (rows joined by newlines), for assertions.
  var text: String { lines.joined(separator: "\n") }

  /// ANSI text that homes the cursor and repaints every row (each row cleared to its end).
  func render() -> String {
    var out = "\u{1B}[H"
    for (index, line) in lines.enumerated() {
      out += line + "\u{1B}[K"
      if index < height - 1 { out += "\r\n" }
    }
    return out
  }
}
