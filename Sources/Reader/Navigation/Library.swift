import EventStream

/// The text's chapters, found by the heading rule, listed in the library the sidebar shows.
///
/// A heading is one line of at most `maxHeadingLength` characters (spaces trimmed) that is
/// either a heading word (`Chapter`, `Adventure`, `Book`, `Part`, in title case or capitals)
/// followed by a number, a roman numeral or a number word (`One` … `Twenty`), or a roman
/// numeral with a full stop followed by a title in capitals (`VII. THE ADVENTURE OF …`). Each
/// chapter runs from its heading to the next one; text before the first heading belongs to the
/// first chapter, and a text with no heading is one chapter titled `Text`.
///
/// ```swift
/// let library = Library(text: "Chapter One: The Night Ferry\nThe ferry …\nChapter Two: …")
/// library.chapters.map(\.title)   // ["Chapter One: The Night Ferry", "Chapter Two: …"]
/// ```
public struct Library: Sendable, Equatable {
  /// One chapter: its 1-based id, its heading and its UTF-16 range in the text.
  public struct Chapter: Sendable, Equatable {
    /// 1-based, in text order.
    public var id: Int
    /// The heading line (spaces trimmed).
    public var title: String
    /// UTF-16 offsets in the whole text.
    public var range: Range<Int>
  }

  /// The longest line that can be a heading.
  public static let maxHeadingLength = 80

  /// The chapters, in text order; never empty.
  public let chapters: [Chapter]

  /// Finds the chapters of a text.
  ///
  /// The lines are read from the text's UTF-8, counting UTF-16 units on the way (one per scalar,
  /// two for a four-byte one): no UTF-16 copy of the text, and a line is made a `String` only when
  /// it is short enough to be a heading.
  public init(text: String) {
    var text = text
    let (starts, count) = text.withUTF8 { Self.headings(in: $0) }
    if starts.isEmpty {
      chapters = [Chapter(id: 1, title: "Text", range: 0..<count)]
      return
    }
    chapters = starts.indices.map { i in
      let lower = i == 0 ? 0 : starts[i].offset
      let upper = i + 1 < starts.count ? starts[i + 1].offset : count
      return Chapter(id: i + 1, title: starts[i].title, range: lower..<upper)
    }
  }

  /// The heading lines of a text's UTF-8 with their UTF-16 offsets, and the text's UTF-16 length.
  private static func headings(in bytes: UnsafeBufferPointer<UInt8>) -> (
    starts: [(offset: Int, title: String)], count: Int
  ) {
    var starts: [(offset: Int, title: String)] = []
    var lineStart = 0  // UTF-8 offset of the line
    var lineOffset = 0  // its UTF-16 offset
    while true {
      var end = lineStart
      var units = 0
      while end < bytes.count, bytes[end] != 0x0A {
        let b = bytes[end]
        units += b & 0xC0 == 0x80 ? 0 : (b >= 0xF0 ? 2 : 1)
        end += 1
      }
      if units <= Self.maxHeadingLength * 2, mayStartHeading(bytes, from: lineStart, to: end) {
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]), as: UTF8.self)
        if let title = Self.heading(line) { starts.append((lineOffset, title)) }
      }
      guard end < bytes.count else { return (starts, lineOffset + units) }
      lineStart = end + 1
      lineOffset += units + 1
    }
  }

  /// Whether the line `bytes[start..<end]` can be a heading by its first byte after the leading
  /// spaces: a heading's first word is a heading word (`Chapter`, `Adventure`, `Book`, `Part`) or
  /// a roman numeral, so it starts with one of `CABPIVXLDM`. Most lines of prose fail this, and
  /// are not made a `String` (the sample chapter's short lines cost 25,000 instructions each).
  private static func mayStartHeading(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
    var i = start
    while i < end, bytes[i] == UInt8(ascii: " ") { i += 1 }
    guard i < end else { return false }
    switch bytes[i] {
    case UInt8(ascii: "C"), UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "P"), UInt8(ascii: "I"),
      UInt8(ascii: "V"), UInt8(ascii: "X"), UInt8(ascii: "L"), UInt8(ascii: "D"), UInt8(ascii: "M"):
      return true
    default:
      return false
    }
  }

  /// The chapter with an id, or nil.
  public func chapter(_ id: Int) -> Chapter? {
    id >= 1 && id <= chapters.count ? chapters[id - 1] : nil
  }

  /// The chapter holding a UTF-16 offset (the last one for the end of the text).
  public func chapter(containing offset: Int) -> Chapter {
    // The chapters are in text order: the last one starting at or before the offset, by halving.
    var low = 0
    var high = chapters.count
    while low < high {
      let middle = (low + high) / 2
      if chapters[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
    }
    return low > 0 ? chapters[low - 1] : chapters[0]
  }

  /// The width the sidebar takes from the reader's frame: `width` (the profile's
  /// `pages.sidebarWidth`, the design kit's 280 pt on the iPhone Duo) when it is asked for and
  /// the width is regular (the columns sit side by side), else 0.
  public static func sidebarWidth(_ sidebar: SidebarMode, sizeClass: SizeClass?, width: Double) -> Double {
    sidebar == .show && sizeClass == .regular ? width : 0
  }
}
