import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTypeset(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, header: 4, cap: 64 << 10, fuzzTypesetOnce)
}

/// The typesetter (`paginate`, the reader's pages): arbitrary bytes as text (invalid UTF-8
/// replaced by U+FFFD, as `paginate FILE` reads it), laid out with the bundled profile's fonts and
/// hyphenation and paginated at a page size, text size and stop offset drawn from the first four
/// bytes. Checks what `Line` and `Pagination` promise: complete pages and lines that partition
/// the text, and no line wider than its page but for a single grapheme cluster (or a tie within
/// one font unit, or spaces only), as `LineWidthPropertyTests` does; paginating through an offset
/// and continuing gives the same pages as paginating at once.
///
/// Header: bytes 0–1 the width (1…1,200 pt), byte 2 the height (1…2,041 pt), byte 3 the text
/// size (low 4 bits, one of the profile's 12), no hyphenation (bit 4) and the stop offset
/// (bits 5–7: none, or k/7 of the text).
func fuzzTypesetOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  guard bytes.count >= 4 else { return 0 }
  let width = 1 + Double((Int(bytes[0]) | Int(bytes[1]) << 8) % 1200)
  let height = 1 + Double(bytes[2]) * 8
  let textSize = TextSize.allCases[Int(bytes[3] & 0x0F) % TextSize.allCases.count]
  let hyphenate = bytes[3] & 0x10 == 0
  let stopEighths = Int(bytes[3] >> 5)
  let text = String(decoding: bytes[4...], as: UTF8.self)

  let setup = TypesetSetup.shared
  let style = setup.style(textSize, hyphenate: hyphenate)
  let layout = TextLayout(text: text, font: setup.font, fallback: setup.fallback, hyphenator: setup.hyphenator)
  let count = text.utf16.count
  Fuzz.require(layout.utf16Count == count, "the layout has \(layout.utf16Count) UTF-16 units, the text \(count)")

  let whole = layout.paginate(width: width, height: height, style: style)
  checkPartition(whole, count: count)
  let unit = style.pointSize / Double(setup.font.unitsPerEm)
  for page in 0..<whole.pageCount {
    Fuzz.require(whole.page(containing: whole.pageRange(page).lowerBound) == page || count == 0, "page lookup")
    for line in whole.lines(onPage: page) {
      Fuzz.require(line.width.isFinite && line.width >= 0, "line at \(line.range): width \(line.width)")
      let lineText = layout.text(in: line.range)
      if line.width > width + unit {
        // A line of spaces only (leading spaces that fill a narrow page) counts their width; the
        // rule is about visible text.
        let body = hangingSpacesRemoved(lineText)
        Fuzz.require(
          body.count <= 1,
          "line at \(line.range) is \(line.width) pt wide on a \(width) pt page at \(textSize): \(body.debugDescription)"
        )
      }
    }
  }

  if stopEighths > 0 {
    let offset = count * stopEighths / 7
    let partial = layout.paginate(width: width, height: height, style: style, through: offset)
    let continued = layout.continuePagination(partial)
    Fuzz.require(
      continued.pageStarts == whole.pageStarts && continued.lineStarts == whole.lineStarts,
      "paginating through \(offset), then continuing, gives other pages or lines than paginating at once")
  }
  return 0
}

/// Pages and lines cover the text, adjacent, none empty (`Fixtures.expectPartition`).
func checkPartition(_ p: Pagination, count: Int) {
  Fuzz.require(p.isComplete, "pagination not complete")
  Fuzz.require(p.charactersLaidOut == count, "laid out \(p.charactersLaidOut) of \(count) UTF-16 units")
  var expected = 0
  for page in 0..<p.pageCount {
    let range = p.pageRange(page)
    Fuzz.require(range.lowerBound == expected, "page \(page) starts at \(range.lowerBound), expected \(expected)")
    Fuzz.require(count == 0 || !range.isEmpty, "page \(page) is empty")
    let lines = p.lines(onPage: page)
    Fuzz.require(!lines.isEmpty, "page \(page) has no lines")
    var lineStart = range.lowerBound
    for line in lines {
      Fuzz.require(line.range.lowerBound == lineStart, "line at \(line.range) after one ending at \(lineStart)")
      lineStart = line.range.upperBound
    }
    Fuzz.require(
      lineStart == range.upperBound, "page \(page)'s lines end at \(lineStart), the page at \(range.upperBound)")
    expected = range.upperBound
  }
  Fuzz.require(expected == count, "pages end at \(expected) of \(count)")
}

/// A line's text without its trailing hanging spaces and line terminator
/// (`LineWidthPropertyTests.body`).
func hangingSpacesRemoved(_ text: String) -> String {
  let trailing: Set<Unicode.Scalar> = [
    " ", "\t", "\u{3000}", "\u{1680}", "\n", "\r", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}",
  ]
  var scalars = Array(text.unicodeScalars)
  while let last = scalars.last,
    trailing.contains(last) || ((0x2000...0x200A).contains(last.value) && last.value != 0x2007)
  {
    scalars.removeLast()
  }
  var result = ""
  result.unicodeScalars.append(contentsOf: scalars)
  return result
}

/// The bundled profile's fonts, hyphenation and text sizes, loaded once.
final class TypesetSetup: Sendable {
  static let shared = TypesetSetup()

  let typography: Profile.Typography
  let font: Font
  let fallback: Font?
  let hyphenator: Hyphenator?

  init() {
    do {
      let typography = try Profile.load("iphone-duo", root: Fuzz.root).typography
      self.typography = typography
      font = try Font(path: typography.fontFile)
      fallback = try typography.fallbackFontFile.map { try Font(path: $0) }
      hyphenator = try typography.hyphenationDictionary.map {
        try Hyphenator(dictionaryPath: $0, leftMin: typography.hyphenLeftMin, rightMin: typography.hyphenRightMin)
      }
    } catch {
      fatalError("fuzz-typeset: cannot load the bundled profile's fonts (HINGESIM_ROOT=\(Fuzz.root)): \(error)")
    }
  }

  func style(_ size: TextSize, hyphenate: Bool) -> TextStyle {
    let s = typography.sizes[size]!
    return TextStyle(
      pointSize: s.pointSize, lineHeight: s.lineHeight, lineSpacing: typography.lineSpacing,
      paragraphSpacing: typography.paragraphSpacing, hyphenationFactor: hyphenate ? typography.hyphenationFactor : 0)
  }
}
