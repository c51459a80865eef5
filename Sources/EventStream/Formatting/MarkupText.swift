/// Text put into XML or HTML the tool writes (the SVG timeline, the screenshot sheets): the one
/// place `&`, `<`, `>` and `"` become entities, so that text is never read as markup.
///
/// ```swift
/// MarkupText.escaped(#"<a href="x">&</a>"#)   // "&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;"
/// ```
public enum MarkupText {
  /// `text` with `&`, `<`, `>` and `"` written as entities; every other character kept.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for c in text {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.append(c)
      }
    }
    return out
  }
}
