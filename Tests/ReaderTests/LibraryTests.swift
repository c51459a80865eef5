import EventStream
import Reader
import TestSupport
import Testing

@Suite("Library: chapters by the heading rule")
struct LibraryTests {
  @Test(
    "headings the rule takes: a heading word with a number, numeral or number word; a numeral and a title in capitals")
  func takes() {
    for line in [
      "Chapter 1", "CHAPTER IV.", "Chapter One: The Night Ferry", "ADVENTURE II. THE RED-HEADED LEAGUE",
      "VII. THE ADVENTURE OF THE BLUE CARBUNCLE", "Part Twenty", "  Chapter 12  ", "CHAPTER 3 THE STORM CLOCK",
    ] {
      // Front matter joins chapter 1, so a heading makes one chapter titled by it.
      #expect(
        Library(text: "front\n\(line)\nbody\n").chapters.map(\.title) == [
          line.trimmingPrefix(" ").split(separator: " ").joined(separator: " ")
        ], "\(line)")
    }
  }

  @Test(
    "lines the rule leaves: prose, a heading word without a number, a numeral before a lower-case title, a long line")
  func leaves() {
    for line in [
      "Chapter and verse were quoted.", "Chapters", "CHAPTER", "VII. The adventure of the blue carbuncle",
      "I. A Scandal in Bohemia II. The Red-headed League", "CHAPTER 3 " + String(repeating: "X", count: 80),
      "MCMXCIX", "Book keeping was her trade.", "Part one of the plan was simple.", "Chapter 3 was the best.",
    ] {
      #expect(Library(text: "front\n\(line)\nbody\n").chapters.map(\.title) == ["Text"], "\(line)")
    }
  }

  @Test("a text with no headings is one chapter over the whole text")
  func noHeadings() {
    let text = "One line.\nAnother, longer line of prose.\n"
    let library = Library(text: text)
    #expect(library.chapters.count == 1)
    #expect(library.chapters[0].id == 1)
    #expect(library.chapters[0].range == 0..<text.utf16.count)
  }

  @Test("chapters tile the text: front matter joins chapter 1, each runs to the next heading")
  func tiles() {
    let text = "Title page\nCHAPTER I.\nAlpha.\nCHAPTER II.\nBeta.\n"
    let library = Library(text: text)
    // Offsets by hand: "Title page\n" is 11 units, "CHAPTER I.\nAlpha.\n" 18 more.
    #expect(library.chapters.map(\.range) == [0..<29, 29..<text.utf16.count])
    #expect(library.chapters.map(\.title) == ["CHAPTER I.", "CHAPTER II."])
    #expect(library.chapters.map(\.id) == [1, 2])
    #expect(library.chapter(containing: 28).id == 1 && library.chapter(containing: 29).id == 2)
    #expect(library.chapter(3) == nil && library.chapter(0) == nil)
  }

  @Test("the bundled sample chapter: the five headings its lines start with")
  func sample() throws {
    let bytes = try FileBytes.read(path: TestSupport.packageRoot + "/texts/sample-chapter.txt")
    let text = String(decoding: bytes, as: UTF8.self)
    let headings = text.split(separator: "\n").filter { $0.hasPrefix("Chapter ") }.map(String.init)
    #expect(headings.count == 5)
    #expect(Library(text: text).chapters.map(\.title) == headings)
  }

  @Test("the sidebar takes the design kit's 280 pt only when shown in regular width")
  func sidebarRule() {
    #expect(Library.sidebarWidth(.show, sizeClass: .regular, width: 280) == 280)
    #expect(Library.sidebarWidth(.show, sizeClass: .compact, width: 280) == 0)
    #expect(Library.sidebarWidth(.hide, sizeClass: .regular, width: 280) == 0)
    #expect(Library.sidebarWidth(.show, sizeClass: nil, width: 280) == 0)
  }
}
