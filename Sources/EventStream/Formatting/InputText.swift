/// Text the tool did not write — file contents, names, paths, keys, a saved report's fields —
/// made safe and short for a terminal: the one sanitizer every message and every output line
/// that echoes such text goes through.
///
/// Control characters never reach the terminal raw (an `ESC ]0;…BEL` would retitle it, an
/// `ESC [31m` recolour it, a BEL ring it): C0 controls, DEL and C1 controls are written
/// `\u{1B}` (tab, newline and carriage return as `\t`, `\n`, `\r`); every other character is
/// kept. Long text is cut to a documented length (docs/limits.md) and says how much was left
/// out, so a 100 KB key prints 40 characters and the count of the rest.
///
/// ```swift
/// InputText.escaped("a\u{1B}[31mb\u{7}")                        // #"a\u{1B}[31mb\u{7}"#
/// InputText.excerpt(String(repeating: "x", count: 100), limit: 5)   // "xxxx… (96 more)"
/// InputText.name("/tmp/\u{1B}]0;pwned\u{7}.json")                 // #"/tmp/\u{1B}]0;pwned\u{7}.json"#
/// ```
public enum InputText {
  /// Most characters of a line shown under a message, around its column.
  public static let lineWindow = 120
  /// Most characters of a quoted excerpt (`found '…'`, a label, a heading, a title).
  public static let excerptLimit = 40
  /// Most characters of a name (a file name or path, a profile's name, a source path in a
  /// saved report).
  public static let nameLimit = 200
  /// Most characters of a profile's source note or description as a table shows it.
  public static let noteLimit = 1_000

  /// True for C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F).
  @inline(__always) public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
  }

  /// `text` with every control character escaped (not cut: for text already bounded).
  public static func escaped(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    var out = ""
    for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
    return out
  }

  /// `text` escaped and cut to its first `limit - 1` characters when it is longer than `limit`,
  /// then `…` and how many characters were left out: `"xxxx… (96 more)"`.
  public static func excerpt(_ text: some StringProtocol, limit: Int = excerptLimit) -> String {
    var out = ""
    var index = text.startIndex
    var taken = 0
    while index < text.endIndex {
      let next = text.index(after: index)
      if taken == limit - 1, next < text.endIndex {
        let rest = text[index...].count
        return out + "… (\(NumberFormat.grouped(rest)) more)"
      }
      out += escaped(text[index..<next])
      taken += 1
      index = next
    }
    return out
  }

  /// A name or path as a message shows it: escaped, cut past `nameLimit` characters.
  public static func name(_ text: some StringProtocol) -> String { excerpt(text, limit: nameLimit) }

  /// A whole message or output line the tool wrote around sanitized parts: every control
  /// character escaped except the newlines and tabs that lay it out. The last guard on stderr
  /// (`OutputFile.filter`), for a part that was not sanitized where it was put in.
  public static func keepingLayout(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\t" {
        out.unicodeScalars.append(scalar)
      } else {
        appendEscaped(scalar, to: &out)
      }
    }
    return out
  }

  /// The part of `line` a message shows (at most `width` characters around the 1-based
  /// `column`, `…` on the cut sides, controls escaped) and the caret line under it: `^` under
  /// the column and `~` under the rest of the `length` characters that are shown.
  ///
  /// Tabs are kept (and copied into the caret line, so that it lines up under the text whatever
  /// the tab stops); other controls are escaped and the caret line pads their escapes.
  public static func caret(
    line: String, column: Int, length: Int = 1, width: Int = lineWindow
  ) -> (text: String, caret: String) {
    let count = line.count
    let at = max(0, min(column - 1, count))
    let spanEnd = min(count, at + max(1, length))
    var start = 0
    var end = count
    if count > width {
      // Keep about a third of the window before the column and never run past the end.
      start = max(0, min(at - width / 3, count - width))
      end = min(count, start + width)
    }
    var text = start > 0 ? "…" : ""
    var caret = start > 0 ? " " : ""
    var index = line.index(line.startIndex, offsetBy: start)
    var position = start
    var caretWidth = 0
    while position < end {
      let next = line.index(after: index)
      let character = line[index..<next]
      let shown = character == "\t" ? "\t" : escaped(character)
      text += shown
      if position < at {
        caret += shown == "\t" ? "\t" : String(repeating: " ", count: shown.count)
      } else if position < spanEnd {
        caretWidth += shown.count
      }
      index = next
      position += 1
    }
    if end < count { text += "…" }
    caret += "^" + String(repeating: "~", count: max(0, caretWidth - 1))
    return (text, caret)
  }

  private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
    guard isControl(scalar) else {
      out.unicodeScalars.append(scalar)
      return
    }
    switch scalar {
    case "\t": out += "\\t"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }
  }
}
