import EventStream
import Glibc
import Testing

@testable import Typesetter

/// The distinct segments of a long text are shaped by two threads; the layout is the same as
/// one thread makes, entry for entry, whatever the number of threads.
@Suite struct ParallelAnalysisTests {
  /// A text long enough to be shaped in parallel by default, with every kind of segment the
  /// shaping treats apart: Latin, hyphenated words, Hebrew and Arabic (fallback font, right to
  /// left), Greek, emoji and flags (color font), overrides.
  static let text: String = {
    let directory = String(#filePath[..<#filePath.lastIndex(of: "/")!]) + "/Agreement/"
    let parts = ["english-hebrew", "greek-cyrillic", "emoji", "arabic", "hebrew"].compactMap {
      PangoAgreementTests.read(directory + $0 + ".txt")
    }
    return String(repeating: parts.joined(separator: "\n") + "\n", count: 2)
      + "LT \u{202E}LT LT\u{202C} 🇫🇷🇩🇪"
  }()

  static func layout(workers: Int?) -> TextLayout {
    TextLayout(
      text: text, font: Fixtures.font, fallback: Fixtures.fallback, systemFallback: true,
      hyphenator: Fixtures.hyphenator, workers: workers)
  }

  @Test func twoThreadsMakeTheSameLayoutAsOne() throws {
    try #require(Self.text.utf16.count >= TextAnalysis.parallelThreshold)
    let serial = Self.layout(workers: 1)
    // Enough distinct segments for several chunks, so threads take chunks in turn.
    try #require(serial.words.count > 2 * ShapingFeed.chunkSize)
    let serialWork = serial.work.unitsShaped  // before pagination shapes split points
    for workers in [2, 3] {
      let parallel = Self.layout(workers: workers)
      #expect(parallel.words.count == serial.words.count)
      #expect(parallel.words.starts == serial.words.starts)
      #expect(parallel.words.bodyWidths == serial.words.bodyWidths)
      #expect(parallel.words.fullWidths == serial.words.fullWidths)
      #expect(
        parallel.words.bodyGlyphRanges.map { [$0.first, $0.count] }
          == serial.words.bodyGlyphRanges.map { [$0.first, $0.count] })
      #expect(
        parallel.words.bodyGlyphs.map { [$0.cluster, $0.advance] }
          == serial.words.bodyGlyphs.map { [$0.cluster, $0.advance] })
      #expect(
        parallel.segments.map { [$0.bodyWidth, $0.fullWidth, $0.kernBefore, $0.word] }
          == serial.segments.map { [$0.bodyWidth, $0.fullWidth, $0.kernBefore, $0.word] })
      #expect(parallel.totalWidth == serial.totalWidth)
      #expect(parallel.systemFallbackFonts == serial.systemFallbackFonts)
      #expect(parallel.work.unitsShaped == serialWork)
      for size in [TextSize.large, .AX5] {
        let style = Fixtures.style(size)
        let a = parallel.paginate(width: 331.5, height: 571, style: style)
        let b = serial.paginate(width: 331.5, height: 571, style: style)
        #expect(a.lineStarts == b.lineStarts)
        #expect(a.pageStarts == b.pageStarts)
        #expect(a.lines(onPage: 3) == b.lines(onPage: 3))
      }
    }
  }

  /// Threads shaping while the scan still appends get every job exactly once, each as written,
  /// the last partial chunk included.
  @Test func aFeedHandsOutEveryJobOnceWhileItIsWritten() {
    let count = 3 * ShapingFeed.chunkSize + 100
    let feed = ShapingFeed(capacity: count)
    // What each thread was handed, in its own slot (read after the threads are joined).
    var handed = [[Int]](repeating: [], count: 3)
    handed.withUnsafeMutableBufferPointer { slots in
      Parallel.runTogether(3) { thread in
        if thread == 0 {
          for i in 0..<count {
            feed.append(
              ShapingFeed.Job(
                start: Int32(i), length: Int32(i % 7), bodyLength: 0, direction: .leftToRight,
                record: false))
          }
          feed.finish()
        }
        while let range = feed.nextChunk() {
          for i in range where feed.job(i).start == Int32(i) && feed.job(i).length == Int32(i % 7) {
            slots[thread].append(i)
          }
        }
      }
    }
    #expect(handed.joined().sorted() == Array(0..<count))
  }

  /// Each thread loads fallback fonts into its own state as it meets them; the layout lists them
  /// in the order of the distinct segments that first needed them, as one thread would, not
  /// thread by thread.
  @Test func fallbackFontsAreListedInTheOrderOfTheSegmentsThatFirstNeededThem() throws {
    let early = FontFallback(primary: Fixtures.font, first: nil, system: true)
    let late = FontFallback(primary: Fixtures.font, first: nil, system: true)
    func use(_ fallback: FontFallback, _ text: String, entry: Int) -> String? {
      fallback.segmentEntry = entry
      defer { fallback.segmentEntry = -1 }
      let units = Array(text.utf16)
      let id = units.withUnsafeBufferPointer { fallback.fontID(for: $0.baseAddress!, count: $0.count) }
      _ = fallback.font(id)
      return fallback.usedPaths.last
    }
    // The main thread's state shaped a later chunk (a Hebrew word, entry 900) than the other
    // thread's (an emoji, entry 100).
    let hebrew = try #require(use(early, "שלום", entry: 900))
    let emoji = try #require(use(late, "😀", entry: 100))
    try #require(hebrew != emoji)
    early.settleUsedPaths(others: [late])
    #expect(early.usedPaths == [emoji, hebrew])
  }

  /// Line breaks found in two halves, cut after the first paragraph end past the middle, are the
  /// breaks of one pass, whatever starts the second half.
  @Test(arguments: [
    " leading space", "\u{301}mark", "🇫🇷🇩🇪🇮", ")closing", "\nempty", "\r\ncrlf", "— dash", "123.45",
    "\u{2029}separator", "\u{FFFF}",
  ])
  func breaksInTwoHalvesAreTheBreaksOfOnePass(_ start: String) {
    let text = String(repeating: "some words, ", count: 500) + "\n" + start + " and more (text) here"
    let units = Array(text.utf16)
    func breaks(_ workers: Int) -> [Int8] {
      var result = [Int8](repeating: -1, count: units.count)
      units.withUnsafeBufferPointer { buffer in
        result.withUnsafeMutableBufferPointer {
          UnicodeLineBreaks.compute(buffer, into: $0.baseAddress!, workers: workers)
        }
      }
      return result
    }
    let (two, one) = (breaks(2), breaks(1))
    #expect(two.indices.filter { two[$0] != one[$0] } == [])
    // Cut where a letter follows: the second paragraph starts with one.
    let cut = String(repeating: "some words, ", count: 500) + "\nWord" + start + " end"
    let units2 = Array(cut.utf16)
    var a = [Int8](repeating: -1, count: units2.count)
    var b = a
    units2.withUnsafeBufferPointer { buffer in
      a.withUnsafeMutableBufferPointer { UnicodeLineBreaks.compute(buffer, into: $0.baseAddress!, workers: 2) }
      b.withUnsafeMutableBufferPointer { UnicodeLineBreaks.compute(buffer, into: $0.baseAddress!) }
    }
    #expect(a.indices.filter { a[$0] != b[$0] } == [])
  }

  /// A long text is shaped by two threads on a 2-processor machine; a short one by one.
  @Test func workersByLength() {
    #expect(TextAnalysis.workers(for: 1000) == 1)
    #expect(TextAnalysis.workers(for: TextAnalysis.parallelThreshold - 1) == 1)
    #expect(TextAnalysis.workers(for: 1 << 20) == min(2, Processors.online))
  }
}
