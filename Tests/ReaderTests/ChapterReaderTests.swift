import Reader
import TestSupport
import Testing

@testable import EventStream

@Suite("Chapter reader: one chapter paginated at a time")
struct ChapterReaderTests {
  typealias F = ReaderFixtures
  typealias N = NavigationFixtures

  @Test("pages are the chapter's alone: the same count and page breaks as paginating its text by itself")
  func perChapterCounts() throws {
    let out = N.runByChapter([F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 3))])
    let chapter = N.library.chapters[2]
    // Its text as a document of its own, loaded from the profile (not `part`, which the reader uses).
    let alone = PaginationCache(
      document: try ReaderDocument(text: N.document.text(in: chapter.range), profile: F.profile))
    let pagination = alone.pagination(width: 382 - 2 * 20, height: 620 - 2 * 20, textSize: .large).result
    let shown = F.shown(out).last!.1
    #expect(shown.chapter == 3)
    #expect(shown.pageCount == pagination.pageCount)
    // Every page break where the chapter alone has it (hyphenated lines included), in the
    // whole text's offsets.
    let starts = (0..<pagination.pageCount).map { pagination.pageRange($0).lowerBound + chapter.range.lowerBound }
    let reader = N.runByChapter(
      [F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 3))]
        + (1..<pagination.pageCount).map { Event(time: 2000 + Double($0) * 10, .turn(.next)) })
    #expect(F.shown(reader).suffix(pagination.pageCount).map { $0.1.ranges[0].lowerBound } == starts)
    #expect(shown.pageCount < F.shown(out)[0].1.pageCount * N.library.chapters.count)
  }

  @Test("an opened chapter starts on its own first page; every shown range lies inside the chapter")
  func chapterStartsAPage() {
    let out = N.runByChapter([
      F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 2)), Event(time: 1500, .turn(.next)),
    ])
    let chapter = N.library.chapters[1]
    let shown = F.shown(out).filter { $0.0 >= 1000 }
    #expect(shown.first?.1.pages == [0])
    #expect(shown.first?.1.ranges.first?.lowerBound == chapter.range.lowerBound)
    for (_, s) in shown {
      #expect(
        s.ranges.allSatisfy { chapter.range.contains($0.lowerBound) && $0.upperBound <= chapter.range.upperBound })
    }
    #expect(F.violations(out).isEmpty)
  }

  @Test("opening a chapter is a layout change of its own: a settle with cause chapter, answered by a pagination")
  func chapterSettle() {
    let out = N.runByChapter([F.hinge(0, at: 0), Event(time: 1000, .openChapter(id: 4))])
    let settled = N.settled(out)
    #expect(settled.last?.1.cycle.cause == .chapter)
    #expect(F.paginated(out).last?.1.settled == 1000)
  }

  @Test("the place is kept as (chapter, offset) through open, fold, rotate and close")
  func placeKept() {
    let out = N.runByChapter([
      F.hinge(0, at: 0), Event(time: 800, .openChapter(id: 2)), Event(time: 900, .turn(.next)),
      F.hinge(180, at: 1500), F.hinge(110, at: 3000), N.rotate(.landscapeLeft, at: 4000), F.hinge(0, at: 5500),
    ])
    let shown = F.shown(out).filter { $0.0 > 900 }
    let place = shown.first!.1.offset
    for (t, s) in shown {
      #expect(s.chapter == 2, "at \(t) ms")
      #expect(s.offset == place, "at \(t) ms")
      #expect(s.ranges.contains { $0.contains(place) }, "at \(t) ms")
    }
    #expect(F.violations(out).isEmpty)
  }
}
