import EventStream
import Reader
import Simulator
import TestSupport
import Testing

@testable import Typesetter

/// Fonts and helpers shared by the tests: the bundled profile's uncalibrated (`inter`)
/// typography, as Pango sets it (Debian's fonts-inter, fonts-dejavu-core, hyphen-en-us).
enum Fixtures {
  static let typography = TestSupport.profile().typography.applying(.inter)!
  static let font = try! Font(path: typography.fontFile)
  static let fallback = try? Font(path: typography.fallbackFontFile ?? "")
  static let hyphenator = try! Hyphenator(dictionaryPath: typography.hyphenationDictionary ?? "")

  /// The profile's style at a text size.
  static func style(_ size: TextSize) -> TextStyle { typography.style(for: size) }

  /// A style with 1 pt = 1 font unit (point size = units per em), line height 22, spacing 3 / 10.
  static func unitStyle(hyphenation: Double = 0) -> TextStyle {
    TextStyle(
      pointSize: Double(font.unitsPerEm), lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10,
      hyphenationFactor: hyphenation)
  }

  /// The advance of a string shaped as one run, in font units.
  static func units(_ text: String) -> Double {
    font.advance(of: text, pointSize: Double(font.unitsPerEm))
  }

  /// With `workers`, the analysis runs on that many threads whatever the text's length (nil:
  /// as the public initialiser decides).
  static func layout(
    _ text: String, hyphenate: Bool = false, fallback: Bool = true, workers: Int? = nil
  ) -> TextLayout {
    TextLayout(
      text: text, font: font, fallback: fallback ? Self.fallback : nil, systemFallback: fallback,
      hyphenator: hyphenate ? hyphenator : nil, workers: workers)
  }

  /// The text of every line, in order.
  static func lineTexts(_ layout: TextLayout, _ pagination: Pagination) -> [String] {
    (0..<pagination.pageCount).flatMap { page in
      pagination.lines(onPage: page).map { layout.text(in: $0.range) }
    }
  }

  /// Checks that pages and lines partition the text and no page is empty.
  static func expectPartition(
    _ pagination: Pagination, count: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(pagination.isComplete, sourceLocation: sourceLocation)
    #expect(pagination.charactersLaidOut == count, sourceLocation: sourceLocation)
    var expected = 0
    for page in 0..<pagination.pageCount {
      let range = pagination.pageRange(page)
      #expect(range.lowerBound == expected, sourceLocation: sourceLocation)
      #expect(count == 0 || !range.isEmpty, "page \(page) is empty", sourceLocation: sourceLocation)
      let lines = pagination.lines(onPage: page)
      #expect(!lines.isEmpty, sourceLocation: sourceLocation)
      var lineStart = range.lowerBound
      for line in lines {
        #expect(line.range.lowerBound == lineStart, sourceLocation: sourceLocation)
        lineStart = line.range.upperBound
      }
      #expect(lineStart == range.upperBound, sourceLocation: sourceLocation)
      expected = range.upperBound
    }
    #expect(expected == count, sourceLocation: sourceLocation)
  }
}
