import EventStream
import Reader
import Simulator
import Typesetter

/// `hingesim bench placement`: where the reference place lands per pose, with the profile's
/// typography as written (`inter`) and calibrated to SF Pro (`calibrated`), next to the
/// reference reader's figures from the duo-reading guide (DESIGN §6).
public enum PlacementBenchmark {
  /// The reference reader's figures: TextKit 1, SF Pro, a 44,500-character chapter, the place at
  /// character 20,000 (the duo-reading guide).
  public struct Guide: Sendable, Equatable {
    /// The page holding the place, 1-based (a spread's first page).
    public var page: Int
    /// The chapter's page count.
    public var pageCount: Int
    /// Characters per page at Large and AX5 (nil where the guide gives none).
    public var charactersLarge: Double?
    public var charactersAX5: Double?

    /// The guide's figures for a pose, nil for poses it did not measure.
    public static func figures(for pose: Pose) -> Guide? {
      switch pose {
      case .closed: Guide(page: 22, pageCount: 48, charactersLarge: 900, charactersAX5: 100)
      case .openWide, .book: Guide(page: 23, pageCount: 50)
      case .tabletop: Guide(page: 22, pageCount: 48)
      default: nil
      }
    }
  }

  /// One pose under one typography.
  public struct Placement: Sendable, Equatable {
    /// The page holding the place, 1-based; in a spread, the spread's first page.
    public var page: Int
    /// Pages per screen (2 in a spread).
    public var pagesShown: Int
    /// The text's page count at Large.
    public var pageCount: Int
    /// The text's length over its page count, at Large and at AX5.
    public var charactersLarge: Double
    public var charactersAX5: Double

    /// `22 of 48`, or `23–24 of 50` for a spread.
    public var text: String {
      (pagesShown == 2 && page < pageCount ? "\(page)–\(page + 1)" : "\(page)") + " of \(pageCount)"
    }
  }

  /// One pose: its page size and its placement under each typography.
  public struct Row: Sendable, Equatable {
    /// The pose.
    public var pose: Pose
    /// The side of `tabletopFold` the row was measured under (nil: the profile's, and the
    /// profile names no such conflict or the pose is not tabletop).
    public var reading: String? = nil
    /// The pose and, for a tabletop reading, the side (`tabletop (fold-stays)`).
    public var label: String { reading.map { "\(pose.rawValue) (\($0))" } ?? pose.rawValue }
    /// The page the pose gives, points.
    public var pageWidth: Double
    public var pageHeight: Double
    /// Under the profile's typography as written and calibrated (nil: no calibration).
    public var inter: Placement
    public var calibrated: Placement?
    /// The guide's figures, if it measured the pose.
    public var guide: Guide?
  }

  /// The place the guide measured at.
  public static let referenceOffset = 20_000

  /// Places `offset` in every pose of the profile (in `Pose` order) under both typographies;
  /// tabletop once per side of the profile's `tabletopFold` conflict (where the fold is in
  /// tabletop), the profile's side first.
  public static func measure(profile: Profile, layout: TextLayout, offset: Int = referenceOffset) -> [Row] {
    var rows: [Row] = []
    for pose in Pose.allCases {
      guard profile.poses[pose] != nil else { continue }
      for (reading, variant) in readings(of: profile, pose: pose) {
        if let row = measure(pose, reading: reading, profile: variant, layout: layout, offset: offset) {
          rows.append(row)
        }
      }
    }
    return rows
  }

  /// The profiles a pose is measured under: tabletop under each side of `tabletopFold`, the
  /// profile's first; every other pose (or a profile without the conflict) once.
  static func readings(of profile: Profile, pose: Pose) -> [(String?, Profile)] {
    guard pose == .tabletop, let chosen = profile.conflicts.chosen(.tabletopFold) else { return [(nil, profile)] }
    let sides = [chosen] + SourceConflict.tabletopFold.sides.filter { $0 != chosen }
    return sides.compactMap { side in (try? profile.choosing(.tabletopFold, side)).map { (side, $0) } }
  }

  private static func measure(
    _ pose: Pose, reading: String?, profile: Profile, layout: TextLayout, offset: Int
  ) -> Row? {
    guard let frame = profile.poses[pose] else { return nil }
    let geometry = pageGeometry(profile: profile, pose: pose, frame: frame)
    func place(_ choice: TypographyChoice) -> Placement? {
      guard let typography = profile.typography.applying(choice) else { return nil }
      let large = layout.paginate(
        width: geometry.pageWidth, height: geometry.pageHeight, style: typography.style(for: .large))
      let ax5 = layout.paginate(
        width: geometry.pageWidth, height: geometry.pageHeight, style: typography.style(for: .AX5))
      let index = large.page(containing: min(offset, layout.utf16Count)) ?? 0
      let first = geometry.pagesPerScreen == 2 ? index - index % 2 : index
      let length = Double(layout.utf16Count)
      return Placement(
        page: first + 1, pagesShown: geometry.pagesPerScreen, pageCount: large.pageCount,
        charactersLarge: length / Double(large.pageCount), charactersAX5: length / Double(ax5.pageCount))
    }
    guard let inter = place(.inter) else { return nil }
    return Row(
      pose: pose, reading: reading, pageWidth: geometry.pageWidth, pageHeight: geometry.pageHeight, inter: inter,
      calibrated: place(.calibrated), guide: Guide.figures(for: pose))
  }

  /// The shortest page, to the point, at `width` that the calibrated typography lays the text
  /// out on in at most `pageCount` pages: the page height the guide's page count implies
  /// (nil when even `maxHeight` needs more pages, or the profile has no calibration).
  public static func impliedPageHeight(
    profile: Profile, layout: TextLayout, width: Double, pageCount: Int, maxHeight: Double
  ) -> Double? {
    guard let typography = profile.typography.applying(.calibrated) else { return nil }
    let style = typography.style(for: .large)
    func fits(_ height: Double) -> Bool {
      layout.paginate(width: width, height: height, style: style).pageCount <= pageCount
    }
    var (low, high) = (1.0, maxHeight.rounded(.down))
    guard fits(high) else { return nil }
    while high - low > 1 {
      let middle = ((low + high) / 2).rounded(.down)
      if fits(middle) { high = middle } else { low = middle }
    }
    return high
  }

  /// The pages a pose shows as the reader lays them out: the fold active when the phone is
  /// folded (book, tabletop), inactive when flat (open wide, held tall), with the profile's
  /// rule for the flat fold's frame.
  static func pageGeometry(profile: Profile, pose: Pose, frame: Profile.PoseGeometry) -> PageGeometry {
    let folded = pose.isFolded
    let division = frame.division.map { rect in
      Division(
        frame: profile.divisionWhenFlat.frame(rect, status: folded ? .partiallyOpen : .fullyOpen),
        isActive: folded)
    }
    return PageGeometry(
      width: frame.width, height: frame.height, division: division, insets: profile.pages,
      horizontalSizeClass: frame.horizontalSizeClass)
  }

  /// Ours against the guide's, per cent (`+17 %`).
  public static func difference(_ ours: Double, _ guide: Double) -> Double { (ours - guide) / guide * 100 }

  /// What the guide's tabletop figure implies: the page height that gives its page count at the
  /// tabletop page's width, and where the fold would then be.
  public struct TabletopImplied: Sendable, Equatable {
    /// The page's width, points.
    public var pageWidth: Double
    /// The shortest page height that lays the text out in the guide's page count, points.
    public var pageHeight: Double
    /// The fold's top in the reader for that page: page height + edge inset + fold inset.
    public var foldY: Double
  }

  /// The tabletop page the guide's figure implies for `rows`' tabletop page width (nil without a
  /// tabletop row or a calibration, or when no page up to the reader's height is enough).
  public static func tabletopImplied(profile: Profile, layout: TextLayout, rows: [Row]) -> TabletopImplied? {
    guard let row = rows.first(where: { $0.pose == .tabletop }), let guide = row.guide,
      let reader = profile.poses[.tabletop],
      let height = impliedPageHeight(
        profile: profile, layout: layout, width: row.pageWidth, pageCount: guide.pageCount, maxHeight: reader.height)
    else { return nil }
    return TabletopImplied(
      pageWidth: row.pageWidth, pageHeight: height, foldY: height + profile.pages.edge + profile.pages.fold)
  }

  /// The table `hingesim bench placement` prints.
  public static func lines(
    _ rows: [Row], profile: String, text: String, length: Int, offset: Int, implied: TabletopImplied? = nil
  ) -> [String] {
    func signed(_ ours: Double, _ guide: Double) -> String {
      let d = difference(ours, guide)
      return (d >= 0 ? "+" : "−") + BenchmarkFigures.fixed(abs(d), 1)
    }
    func percent(_ ours: Double, _ guide: Double?) -> String {
      guard let guide else { return "" }
      return "(" + signed(ours, guide) + " %)"
    }
    func cell(_ p: Placement?, _ g: Guide?) -> String {
      guard let p else { return "–" }
      guard let g else { return p.text }
      return p.text + " (" + signed(Double(p.page), Double(g.page)) + " / "
        + signed(Double(p.pageCount), Double(g.pageCount)) + " %)"
    }
    func chars(_ value: Double?, _ guide: Double?) -> String {
      guard let value else { return "–" }
      return BenchmarkFigures.fixed(value, 1) + " " + percent(value, guide)
    }
    func row(_ cells: [String], _ widths: [Int]) -> String {
      zip(cells, widths).map { $0 + String(repeating: " ", count: max(1, $1 - $0.count)) }.joined()
        .trimmingSuffixSpaces
    }
    var out = [
      "hingesim bench placement — profile \(profile), \(text) (\(BenchmarkFigures.grouped(Double(length))) UTF-16 units), place at \(BenchmarkFigures.grouped(Double(offset)))",
      "guide: the reference reader (TextKit 1, SF Pro, an unknown 44,500-character chapter; DESIGN §6)",
      "inter: the profile's line heights and Inter's widths; calibrated: SF Pro's line heights and widths",
      "(typography.calibration); % = the page, then the page count, against the guide's",
      "",
    ]
    let labelWidth = max(16, (rows.map(\.label.count).max() ?? 0) + 2)
    let pageWidths = [labelWidth, 15, 14, 30, 30]
    out.append(row(["pose", "page (pt)", "guide", "inter", "calibrated"], pageWidths))
    for r in rows {
      let size = BenchmarkFigures.shortest(r.pageWidth) + " × " + BenchmarkFigures.shortest(r.pageHeight)
      let guide = r.guide.map { g in
        (r.inter.pagesShown == 2 ? "\(g.page)–\(g.page + 1)" : "\(g.page)") + " of \(g.pageCount)"
      }
      out.append(row([r.label, size, guide ?? "–", cell(r.inter, r.guide), cell(r.calibrated, r.guide)], pageWidths))
    }
    out.append("")
    out.append("characters per page (text length ÷ page count):")
    let charWidths = [labelWidth, 12, 18, 18, 18, 18]
    out.append(row(["pose", "guide", "inter Large", "calibrated Large", "inter AX5", "calibrated AX5"], charWidths))
    for r in rows {
      let guide = r.guide.flatMap { g in
        g.charactersLarge.map {
          "~\(BenchmarkFigures.shortest($0))/~\(BenchmarkFigures.shortest(g.charactersAX5 ?? 0))"
        }
      }
      out.append(
        row(
          [
            r.label, guide ?? "–", chars(r.inter.charactersLarge, r.guide?.charactersLarge),
            chars(r.calibrated?.charactersLarge, r.guide?.charactersLarge),
            chars(r.inter.charactersAX5, r.guide?.charactersAX5),
            chars(r.calibrated?.charactersAX5, r.guide?.charactersAX5),
          ], charWidths))
    }
    let tabletops = rows.filter { $0.pose == .tabletop && $0.reading != nil }
    if let implied, let guide = tabletops.first?.guide {
      out.append("")
      let readings = tabletops.map { "\($0.reading!) \(BenchmarkFigures.shortest($0.pageHeight))" }
      out.append(
        "tabletop: the guide's \(guide.page) of \(guide.pageCount) needs a page about "
          + "\(BenchmarkFigures.shortest(implied.pageHeight)) pt tall at \(BenchmarkFigures.shortest(implied.pageWidth)) pt "
          + "wide (calibrated), the fold at y ≈ \(BenchmarkFigures.shortest(implied.foldY)); the readings give "
          + readings.joined(separator: ", "))
    }
    return out
  }
}

extension String {
  fileprivate var trimmingSuffixSpaces: String {
    var s = self
    while s.last == " " { s.removeLast() }
    return s
  }
}
