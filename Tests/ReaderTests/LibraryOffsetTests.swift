import Testing

@testable import Reader

@Suite("Library: UTF-16 offsets read from the UTF-8")
struct LibraryOffsetTests {
  /// The chapters the rule finds, computed the plain way: the text's UTF-16 units split at line
  /// feeds, each short line decoded and asked.
  static func reference(_ text: String) -> [Library.Chapter] {
    let units = Array(text.utf16)
    var starts: [(Int, String)] = []
    var lineStart = 0
    while lineStart <= units.count {
      var end = lineStart
      while end < units.count, units[end] != 0x0A { end += 1 }
      if end - lineStart <= Library.maxHeadingLength * 2,
        let title = Library.heading(String(decoding: units[lineStart..<end], as: UTF16.self))
      {
        starts.append((lineStart, title))
      }
      lineStart = end + 1
    }
    guard !starts.isEmpty else { return [Library.Chapter(id: 1, title: "Text", range: 0..<units.count)] }
    return starts.indices.map { i in
      Library.Chapter(
        id: i + 1, title: starts[i].1,
        range: (i == 0 ? 0 : starts[i].0)..<(i + 1 < starts.count ? starts[i + 1].0 : units.count))
    }
  }

  @Test(
    "headings after astral characters, accents, CR LF and blank lines start at the text's own UTF-16 offsets",
    arguments: [
      "😀 front matter 𝔸\nChapter One: 🚢 Ferry\nthé text\r\nChapter 2\n\n",
      "Chapter I\n",
      "Chapter I",
      "",
      "\n\n\n",
      "no headings at all, only 🚢🚢🚢 and é",
      "é\nPART IV\n" + String(repeating: "😀", count: 200) + "\nBook 3\nend",
      "\u{FEFF}Chapter 7\n\u{301}Chapter 8\nVII. THE ADVENTURE\n",
    ])
  func offsets(_ text: String) {
    #expect(Library(text: text).chapters == Self.reference(text))
    #expect(Library(text: text).chapters.last?.range.upperBound == text.utf16.count)
  }

  @Test("a line of 160 UTF-16 units may be a heading, one of 161 may not (a flag counts four)")
  func lengthLimitInUTF16() {
    // "Part 1 " and 39 flags: 46 characters (under the 80 the rule allows) but 163 units.
    let long = "Part 1 " + String(repeating: "🇫🇷", count: 39)
    #expect(Library(text: "x\n" + long).chapters.map(\.title) == ["Text"])
    let fits = "Part 1 " + String(repeating: "🇫🇷", count: 38)  // 159 units
    #expect(Library(text: "x\n" + fits).chapters.map(\.title) == [fits])
  }
}
