/// Per distinct word, where its body may be hyphenated and the body's advance before each point,
/// in flat arrays indexed by word id. Filled on first use (a line that tries to hyphenate the
/// word), so a hyphenation attempt is a few integer comparisons with no allocation.
struct HyphenTable {
  /// One word's points: `points[first..<first + count]`; `first` is -1 until computed.
  struct Entry {
    var first: Int32
    var count: Int32
  }

  /// A hyphenation point: the UTF-16 offset in the body and the body's advance before it (font
  /// units, the hyphen not included).
  struct Point {
    var offset: Int32
    var width: Int32
  }

  /// Per word (index into the word table).
  var entries: [Entry]
  /// The points of every computed word, ascending per word.
  var points: [Point] = []

  /// An empty table (no words).
  init() { entries = [] }

  /// A table of `wordCount` words, none computed.
  init(wordCount: Int) {
    entries = [Entry](repeating: Entry(first: -1, count: 0), count: wordCount)
    points.reserveCapacity(max(64, wordCount))
  }
}
