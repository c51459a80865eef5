import EventStream
import Testing

@testable import Typesetter

@Suite struct PageTests {
  /// Line height 22 + lineSpacing 3 = 25 per line; a paragraph's last line adds 10 (35).
  let style = Fixtures.unitStyle()

  @Test func aLineGoesOnThePageOnlyIfItsWholeFragmentFits() {
    // Five one-line paragraphs: fragments of 35 each.
    let text = "a\nb\nc\nd\ne"
    let layout = Fixtures.layout(text)
    #expect(layout.paginate(width: 1000, height: 70, style: style).pageStarts == [0, 4, 8])
    #expect(layout.paginate(width: 1000, height: 69.9, style: style).pageStarts == [0, 2, 4, 6, 8])
    #expect(layout.paginate(width: 1000, height: 105, style: style).pageStarts == [0, 6])
  }

  @Test func paragraphSpacingCountsOnlyOnTheLastLine() {
    // One paragraph of three lines (25 + 25 + 35 = 85).
    let text = "aa aa aa"
    let layout = Fixtures.layout(text)
    let width = Fixtures.units("aa")
    let fits = layout.paginate(width: width, height: 85, style: style)
    #expect(fits.lineStarts == [0, 3, 6])
    #expect(fits.pageStarts == [0])
    #expect(fits.lines(onPage: 0).map(\.endsParagraph) == [false, false, true])
    // 84.9: the last line's fragment (35) no longer fits under 50; two lines (50) do.
    #expect(layout.paginate(width: width, height: 84.9, style: style).pageStarts == [0, 6])
    #expect(layout.paginate(width: width, height: 49.9, style: style).pageStarts == [0, 3, 6])
  }

  @Test func aPageSmallerThanOneLineHoldsOneLine() {
    let text = "one two three\nfour"
    let layout = Fixtures.layout(text)
    let p = layout.paginate(width: Fixtures.units("three"), height: 5, style: style)
    #expect(p.pageStarts == p.lineStarts)
    #expect(p.pageCount == 4)
    Fixtures.expectPartition(p, count: text.utf16.count)
    // Even a zero-size page terminates with one line per page.
    let zero = layout.paginate(width: 0, height: 0, style: style)
    Fixtures.expectPartition(zero, count: text.utf16.count)
    #expect(zero.pageStarts == zero.lineStarts)
  }

  @Test func pageContainingAnOffset() {
    let layout = Fixtures.layout("a\nb\nc\nd\ne")
    let p = layout.paginate(width: 1000, height: 70, style: style)
    #expect([0, 1, 3, 4, 7, 8, 9].map { p.page(containing: $0) } == [0, 0, 0, 1, 1, 2, 2])
    #expect(p.page(containing: 10) == nil)
    #expect(p.page(containing: -1) == nil)
  }

  @Test func paginatingThroughAnOffsetStopsAfterItsPageAndContinues() {
    let text = (0..<40).map { "Paragraph \($0) has a few words in it." }.joined(separator: "\n")
    let layout = Fixtures.layout(text, hyphenate: true)
    let large = Fixtures.style(.large)
    let full = layout.paginate(width: 120, height: 200, style: large)
    let offset = 400
    let partial = layout.paginate(width: 120, height: 200, style: large, through: offset)
    #expect(!partial.isComplete)
    #expect(partial.charactersLaidOut < text.utf16.count)
    let page = full.page(containing: offset)!
    #expect(partial.page(containing: offset) == page)
    #expect(partial.pageCount == page + 1)
    #expect(partial.pageStarts == Array(full.pageStarts.prefix(page + 1)))
    #expect(partial.charactersLaidOut == full.pageStarts[page + 1])
    #expect(partial.page(containing: partial.charactersLaidOut) == nil)
    let rest = layout.continuePagination(partial)
    #expect(rest.isComplete)
    #expect(rest.pageStarts == full.pageStarts)
    #expect(rest.lineStarts == full.lineStarts)
  }
}
