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
  public init(text: String) {
    let units = Array(text.utf16)
    var starts: [(offset: Int, title: String)] = []
    var lineStart = 0
    while lineStart <= units.count {
      var end = lineStart
      while end < units.count, units[end] != 0x0A { end += 1 }
      if end - lineStart <= Self.maxHeadingLength * 2 {
        let line = String(decoding: units[lineStart..<end], as: UTF16.self)
        if let title = Self.heading(line) { starts.append((lineStart, title)) }
      }
      lineStart = end + 1
    }
    if starts.isEmpty {
      chapters = [Chapter(id: 1, title: "Text", range: 0..<units.count)]
      return
    }
    chapters = starts.indices.map { i in
      let lower = i == 0 ? 0 : starts[i].offset
      let upper = i + 1 < starts.count ? starts[i + 1].offset : units.count
      return Chapter(id: i + 1, title: starts[i].title, range: lower..<upper)
    }
  }

  /// The chapter with an id, or nil.
  public func chapter(_ id: Int) -> Chapter? {
    id >= 1 && id <= chapters.count ? chapters[id - 1] : nil
  }

  /// The chapter holding a UTF-16 offset (the last one for the end of the text).
  public func chapter(containing offset: Int) -> Chapter {
    chapters.last { $0.range.lowerBound <= offset } ?? chapters[0]
  }

  /// The width the sidebar takes from the reader's frame: `width` (the profile's
  /// `pages.sidebarWidth`, the design kit's 280 pt on the iPhone Duo) when it is asked for and
  /// the width is regular (the columns sit side by side), else 0.
  public static func sidebarWidth(_ sidebar: SidebarMode, sizeClass: SizeClass?, width: Double) -> Double {
    sidebar == .show && sizeClass == .regular ? width : 0
  }
}
