import EventStream
import Testing

@Suite("JSON strings the tool writes")
struct JSONStringEscapeTests {
  /// Every control character, C0, DEL and C1, is escaped: a stream printed on a terminal
  /// cannot move its cursor or retitle it, and the JSON still reads back to the same string.
  @Test(
    "controls escaped, the rest copied; the string reads back the same",
    arguments: [
      "plain", "quote \" and \\ back", "tab\tnew\nline", "\u{1B}]0;title\u{7}", "del \u{7F}", "csi \u{9B}31m",
      "c1 \u{80}\u{9F} edges", "not c1: \u{A0}\u{C2}\u{A9} é 中 🇫🇷",
    ])
  func escapes(_ text: String) throws {
    let quoted = JSONObjectWriter.quoted(text)
    #expect(!quoted.unicodeScalars.contains(where: InputText.isControl), "\(quoted)")
    let parsed = try JSONValue.parse(Array("{\"s\":\(quoted)}".utf8))
    #expect(parsed["s"] == .string(text))
  }

  @Test("C1 controls are written as \\u escapes, other characters of U+0080–U+00FF as they are")
  func c1Spelling() {
    #expect(JSONObjectWriter.quoted("a\u{9B}b\u{7F}") == #""a\u009bb\u007f""#)
    #expect(JSONObjectWriter.quoted("\u{A0}©") == "\"\u{A0}©\"")
  }
}
