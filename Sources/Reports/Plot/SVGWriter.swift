import EventStream

/// A tiny SVG/XML writer: escaped attributes and text, indented elements.
struct SVGWriter {
  private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  private var depth = 0

  static func escape(_ value: String) -> String { MarkupText.escaped(value) }

  private func attributes(_ list: [(String, String)]) -> String {
    list.map { " \($0.0)=\"\(Self.escape($0.1))\"" }.joined()
  }

  mutating func open(_ name: String, _ list: [(String, String)]) {
    text += String(repeating: "  ", count: depth) + "<\(name)\(attributes(list))>\n"
    depth += 1
  }

  mutating func close(_ name: String) {
    depth -= 1
    text += String(repeating: "  ", count: depth) + "</\(name)>\n"
  }

  mutating func element(_ name: String, _ list: [(String, String)], title: String? = nil) {
    let indent = String(repeating: "  ", count: depth)
    if let title {
      text +=
        indent + "<\(name)\(attributes(list))><title>\(Self.escape(title))</title></\(name)>\n"
    } else {
      text += indent + "<\(name)\(attributes(list))/>\n"
    }
  }

  mutating func text(_ content: String, _ list: [(String, String)]) {
    text +=
      String(repeating: "  ", count: depth)
      + "<text\(attributes(list))>\(Self.escape(content))</text>\n"
  }
}
