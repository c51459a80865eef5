import Reader
import Simulator
import Typesetter

extension PlacementBenchmark {
  /// One chapter of the text laid out on its own, as `--chapters` (`ChapterReader`) paginates it.
  public struct ChapterLayout {
    /// The chapter's 1-based id and its UTF-16 range in the whole text.
    public var id: Int
    public var range: Range<Int>
    /// The chapter's text alone.
    public var layout: TextLayout

    public init(id: Int, range: Range<Int>, layout: TextLayout) {
      self.id = id
      self.range = range
      self.layout = layout
    }
  }

  /// One pose paginated one chapter at a time, every chapter starting on a page of its own.
  public struct ChapterRow: Sendable, Equatable {
    /// The pose and the tabletop reading, as in the whole-text row it sits beside.
    public var label: String
    /// The whole text paginated as one (the row's default typography).
    public var whole: Placement
    /// The chapter holding the place.
    public var chapter: Int
    /// The place in its chapter: the page (a spread's first) and the chapter's page count.
    public var inChapter: Placement
    /// The place counted over every chapter's pages (the pages of the chapters before it, then
    /// its page in its chapter) and the chapters' pages added up.
    public var overall: Placement
  }

  /// The rows again, each pose paginated one chapter at a time with the typography the reader
  /// uses by default (calibrated where the profile has a calibration, else inter): where the
  /// place lands in its chapter and over all the chapters' pages, beside the whole text's figure.
  public static func chapterRows(
    _ rows: [Row], profile: Profile, chapters: [ChapterLayout], offset: Int
  ) -> [ChapterRow] {
    guard let holding = chapters.last(where: { $0.range.lowerBound <= offset }) ?? chapters.first else { return [] }
    return rows.compactMap { row in
      let variant = readings(of: profile, pose: row.pose).first { $0.0 == row.reading }?.1 ?? profile
      guard let frame = variant.poses[row.pose] else { return nil }
      let geometry = pageGeometry(profile: variant, pose: row.pose, frame: frame)
      let choice: TypographyChoice = row.calibrated == nil ? .inter : .calibrated
      guard let typography = variant.typography.applying(choice) else { return nil }
      let style = typography.style(for: .large)
      let counts = chapters.map {
        $0.layout.paginate(width: geometry.pageWidth, height: geometry.pageHeight, style: style).pageCount
      }
      let local = holding.layout.paginate(width: geometry.pageWidth, height: geometry.pageHeight, style: style)
      let index = local.page(containing: min(max(offset - holding.range.lowerBound, 0), holding.layout.utf16Count)) ?? 0
      let first = geometry.pagesPerScreen == 2 ? index - index % 2 : index
      let before = zip(chapters, counts).filter { $0.0.range.upperBound <= holding.range.lowerBound }.map(\.1)
        .reduce(0, +)
      let whole = row.calibrated ?? row.inter
      func placement(page: Int, count: Int) -> Placement {
        Placement(
          page: page, pagesShown: geometry.pagesPerScreen, pageCount: count, charactersLarge: whole.charactersLarge,
          charactersAX5: whole.charactersAX5)
      }
      return ChapterRow(
        label: row.label, whole: whole, chapter: holding.id,
        inChapter: placement(page: first + 1, count: local.pageCount),
        overall: placement(page: before + first + 1, count: counts.reduce(0, +)))
    }
  }

  /// The section `bench placement` prints under the tables for a text with more than one
  /// chapter.
  public static func chapterLines(_ rows: [ChapterRow], chapters: [ChapterLayout]) -> [String] {
    guard chapters.count > 1, let chapter = rows.first?.chapter,
      let range = chapters.first(where: { $0.id == chapter })?.range
    else { return [] }
    let labelWidth = max(16, (rows.map(\.label.count).max() ?? 0) + 2)
    func pad(_ cells: [String]) -> String {
      var line = ""
      for (cell, width) in zip(cells, [labelWidth, 16, 24, 20]) {
        line += cell + String(repeating: " ", count: max(1, width - cell.count))
      }
      while line.last == " " { line.removeLast() }
      return line
    }
    let span =
      BenchmarkFigures.grouped(Double(range.lowerBound)) + "..<" + BenchmarkFigures.grouped(Double(range.upperBound))
    var out = [
      "",
      "one chapter at a time (--chapters), the default typography: the text has \(chapters.count) chapters, the place is in chapter \(chapter) (\(span)); every chapter starts on a page of its own",
      pad(["pose", "whole text", "in chapter \(chapter)", "over all chapters"]),
    ]
    for row in rows {
      out.append(pad([row.label, row.whole.text, row.inChapter.text, row.overall.text]))
    }
    return out
  }
}
