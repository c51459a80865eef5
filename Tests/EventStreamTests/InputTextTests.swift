import Testing

@testable import EventStream

/// `InputText`: what a message may quote of an input.
@Suite struct InputTextTests {
  @Test("C0 and C1 controls and DEL are escaped; everything else is kept")
  func escaping() {
    #expect(InputText.escaped("plain ✓ é") == "plain ✓ é")
    #expect(InputText.escaped("a\u{1B}[31mb\u{7}") == #"a\u{1B}[31mb\u{7}"#)
    #expect(InputText.escaped("\t\n\r\u{0}\u{7F}\u{80}\u{9F}\u{A0}") == "\\t\\n\\r\\u{0}\\u{7F}\\u{80}\\u{9F}\u{A0}")
  }

  @Test("an excerpt keeps at most the limit, … included, and counts what it left out")
  func excerpts() {
    #expect(InputText.excerpt("abc", limit: 3) == "abc")
    #expect(InputText.excerpt("abcd", limit: 3) == "ab… (2 more)")
    #expect(InputText.excerpt("\u{1B}\u{1B}\u{1B}\u{1B}", limit: 3) == #"\u{1B}\u{1B}… (2 more)"#)
    #expect(
      InputText.excerpt(String(repeating: "x", count: 1_000_000)) == String(repeating: "x", count: 39)
        + "… (999,961 more)")
    #expect(InputText.name(String(repeating: "/d", count: 150)).hasSuffix("… (101 more)"))
  }

  @Test("a whole message keeps its newlines and tabs; every other control character is escaped")
  func keepingLayout() {
    #expect(InputText.keepingLayout("a\n\tb") == "a\n\tb")
    #expect(InputText.keepingLayout("a\u{1B}]0;x\u{7}\r\n") == #"a\u{1B}]0;x\u{7}\r"# + "\n")
  }

  @Test("a short line is shown whole with the caret under the column")
  func shortLines() {
    let shown = InputText.caret(line: "\topen to 180 over fast", column: 19, length: 4)
    #expect(shown.text == "\topen to 180 over fast")
    #expect(shown.caret == "\t                 ^~~~")
  }

  @Test("a long line is cut around the column, … on each cut side, the caret still under it")
  func longLines() {
    let line = String(repeating: "a", count: 1000) + "HERE" + String(repeating: "b", count: 1000)
    let shown = InputText.caret(line: line, column: 1001, length: 4)
    #expect(shown.text.hasPrefix("…") && shown.text.hasSuffix("…"))
    #expect(shown.text.count == 122)
    let caret = shown.caret.firstIndex(of: "^")!
    let offset = shown.caret.distance(from: shown.caret.startIndex, to: caret)
    #expect(String(Array(shown.text)[offset..<(offset + 4)]) == "HERE")
    #expect(shown.caret.hasSuffix("^~~~"))
    // At the very end of a long line (a missing argument): the caret after the last character.
    let end = InputText.caret(line: line, column: 2005)
    #expect(end.text.hasPrefix("…") && !end.text.hasSuffix("…"))
    #expect(end.caret.count == end.text.count + 1)
  }

  @Test("escaped controls before the column widen the caret line to match")
  func controlsBeforeTheColumn() {
    let shown = InputText.caret(line: "x\u{1B}y bad", column: 5, length: 3)
    #expect(shown.text == #"x\u{1B}y bad"#)
    #expect(shown.caret == String(repeating: " ", count: 9) + "^~~")
  }
}
