import EventStream
import Testing

@testable import Typesetter

#if canImport(Glibc)
  import Glibc
#endif

/// The bundled sample (`texts/sample-chapter.txt`) when present, else a built-in text.
enum SampleText {
  static let bundledPath: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path + "/texts/sample-chapter.txt"
  }()

  static var bundled: String? {
    guard let file = fopen(bundledPath, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&chunk, 1, chunk.count, file)
      if n == 0 { break }
      bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let builtIn: String = {
    let paragraphs = [
      "CHAPTER I.",
      "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.",
      "“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”--Mr. Bennet replied that he had not.",
      "",
      "Café naïve résumé — co\u{301}mbining marks, emoji 👍🏽 and 👨‍👩‍👧, CJK 日本語のテキスト, a snowman ☃, and incomprehensibilities.",
      "Supercalifragilisticexpialidocious-antidisestablishmentarianism\u{00AD}pneumonoultramicroscopicsilicovolcanoconiosis.",
      "Tabs\tand  double  spaces; CRLF lines\r\nand a last line without a newline",
    ]
    return Array(repeating: paragraphs.joined(separator: "\n"), count: 6).joined(separator: "\n")
  }()
}

@Suite struct PartitionTests {
  static let pageSizes: [(Double, Double)] = [(342, 580), (331.5, 571), (160, 240)]

  @Test(arguments: TextSize.allCases)
  func builtInTextPartitionsAtEveryCategory(_ category: TextSize) {
    let layout = Fixtures.layout(SampleText.builtIn, hyphenate: true)
    for (width, height) in Self.pageSizes {
      for factor in [0.0, 0.7] {
        var style = Fixtures.style(category)
        style.hyphenationFactor = factor
        let p = layout.paginate(width: width, height: height, style: style)
        Fixtures.expectPartition(p, count: layout.utf16Count)
      }
    }
  }

  @Test(.enabled(if: SampleText.bundled != nil), arguments: TextSize.allCases)
  func bundledSamplePartitionsAtEveryCategory(_ category: TextSize) throws {
    let text = try #require(SampleText.bundled)
    let layout = Fixtures.layout(text, hyphenate: true)
    for (width, height) in Self.pageSizes {
      let p = layout.paginate(width: width, height: height, style: Fixtures.style(category))
      Fixtures.expectPartition(p, count: layout.utf16Count)
    }
  }

  @Test func biggerTextNeverNeedsFewerPages() {
    let layout = Fixtures.layout(SampleText.builtIn, hyphenate: true)
    let counts = TextSize.allCases.map {
      layout.paginate(width: 342, height: 580, style: Fixtures.style($0)).pageCount
    }
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 })
  }
}
