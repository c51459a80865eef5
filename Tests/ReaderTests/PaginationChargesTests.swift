import EventStream
import Testing

@testable import Reader

/// What a text reader's thread is charged: the model's cost, the analysis once, hits, and what
/// is left of a background layout.
@Suite("Pagination charges")
struct PaginationChargesTests {
  typealias F = ReaderFixtures

  static let closedPage = PageKey(width: 342, height: 580, textSize: .large)
  static let spreadPage = PageKey(width: 331.5, height: 571, textSize: .large)

  func charges(computeMs: Double = 5, analysis: Double = 0, prepaginate: [PageKey]? = nil) -> PaginationCharges {
    PaginationCharges(
      cache: PaginationCache(document: F.document), model: .fixed(ms: computeMs, analysisMs: analysis),
      prepaginateSizes: prepaginate?.map { ($0.width, $0.height) })
  }

  @Test("a layout is charged the model's time and done that much later")
  func chargedAndDone() {
    var charges = charges(computeMs: 5)
    let work = charges.paginate(Self.closedPage, at: 200)
    #expect(work.cache == .miss && work.ms == 5 && work.done == 205)
  }

  @Test("a cached pagination costs nothing; the text's analysis is charged to the cold one only")
  func analysisOnce() {
    var charges = charges(computeMs: 5, analysis: 50)
    let cold = charges.paginate(Self.closedPage, at: 200)
    #expect(cold.cache == .miss && cold.ms == 55)
    let hit = charges.paginate(Self.closedPage, at: 300)
    #expect(hit.cache == .hit && hit.ms == 0 && hit.done == 300)
    let other = charges.paginate(Self.spreadPage, at: 400)
    #expect(other.cache == .miss && other.ms == 5)
  }

  @Test("with pre-pagination the analysis runs from the moment the text is opened")
  func analysisInTheBackground() {
    var charges = charges(computeMs: 5, analysis: 50, prepaginate: [Self.closedPage])
    charges.opened(at: 0)
    charges.opened(at: 180)  // only the first event opens the text
    #expect(charges.paginate(Self.closedPage, at: 30).ms == 25)  // 20 ms of analysis left + 5
    var late = self.charges(computeMs: 5, analysis: 50, prepaginate: [Self.closedPage])
    late.opened(at: 0)
    #expect(late.paginate(Self.closedPage, at: 200).ms == 5)
  }

  /// The background worker starts when the first pagination is done and lays out one size after
  /// another, narrowest first: each is charged only what is left of it when it is needed.
  @Test("pre-paginated sizes are ready one after another; one still running is charged what is left")
  func prepaginationReadiness() {
    var charges = charges(computeMs: 300, prepaginate: [Self.spreadPage, Self.closedPage])
    charges.opened(at: 0)
    let first = charges.paginate(Self.closedPage, at: 200)
    #expect(first.done == 500)
    charges.prepaginate(textSize: .large, after: first.done)
    let spread = charges.paginate(Self.spreadPage, at: 650)  // ready at 500 + 300
    #expect(spread.cache == .hit && spread.ms == 150 && spread.done == 800)
    let again = charges.paginate(Self.spreadPage, at: 900)
    #expect(again.ms == 0)
    let larger = charges.paginate(PageKey(width: 331.5, height: 571, textSize: .AX5), at: 1000)
    #expect(larger.cache == .miss)  // only the text size paginated ahead
  }
}
