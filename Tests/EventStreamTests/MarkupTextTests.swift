import EventStream
import Testing

/// `MarkupText`: the five characters XML reserves in text and attribute values (XML 1.0 §2.4:
/// `&` and `<` always, `>` after `]]`, `"` in a double-quoted attribute) never reach a document
/// raw; everything else, non-ASCII included, is kept.
struct MarkupTextTests {
  @Test func reservedCharactersBecomeEntities() {
    #expect(MarkupText.escaped(#"<a href="x">&</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;")
    #expect(MarkupText.escaped("Élise — 40 pt ✓") == "Élise — 40 pt ✓")
    #expect(MarkupText.escaped("&amp;") == "&amp;amp;")
  }
}
