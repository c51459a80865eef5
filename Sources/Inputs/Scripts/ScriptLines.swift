import EventStream

/// The lines of a script as they arrive, kept for the caret under an error: one byte buffer
/// and the end of each line, so a script costs its bytes and a word a line, not a `String`
/// each.
///
/// The parser pulls lines through `next()` one at a time (a script on stdin is parsed as it
/// arrives); errors quote any line read so far with `subscript`.
final class ScriptLines {
  private var bytes: [UInt8] = []
  private var ends: [Int] = []
  private let pull: () throws(InputError) -> String?
  /// Why the input stopped early (unreadable, binary, past its read limit), once it has.
  private(set) var failure: InputError?

  /// Lines from `pull`, called until it returns nil or throws.
  init(pull: @escaping () throws(InputError) -> String?) { self.pull = pull }

  /// Lines already in memory.
  convenience init(_ lines: [String]) {
    var index = 0
    self.init { () throws(InputError) -> String? in
      guard index < lines.count else { return nil }
      index += 1
      return lines[index - 1]
    }
  }

  /// Lines read so far.
  var count: Int { ends.count }

  /// The next line, kept; nil at the end of the input or once it failed (`failure`).
  func next() -> String? {
    guard failure == nil else { return nil }
    let line: String?
    do {
      line = try pull()
    } catch {
      failure = error
      return nil
    }
    guard let line else { return nil }
    bytes.append(contentsOf: line.utf8)
    ends.append(bytes.count)
    return line
  }

  /// The 1-based line `number`; "" for one not read.
  subscript(number: Int) -> String {
    guard number >= 1, number <= ends.count else { return "" }
    let start = number == 1 ? 0 : ends[number - 2]
    return String(decoding: bytes[start..<ends[number - 1]], as: UTF8.self)
  }
}
