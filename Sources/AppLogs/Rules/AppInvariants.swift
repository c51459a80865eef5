import EventStream
import Platform
import Reader

/// The rules only a real app can break (`check --app`), beside the reader's own
/// (`ReaderInvariants`, which the app's shown states are held to as well).
///
/// | rule | what it checks |
/// |---|---|
/// | `frame-matches-pose` | at each settle, the reader's measured frame is the pose's (the 951-pt `maxWidth: .infinity` bug) |
/// | `paginated-before-settle` | the pagination that answers a settle started after it, not while sizes still came |
/// | `paginate-once-per-settle` | one pagination per settle: none on transient sizes, none repeated |
/// | `shown-after-settle` | every settle that changed the layout is paginated and then shown |
/// | `layout-matches-fold` | one page or a spread by the fold (both pages one size), notes beside it or in a sheet, the tabletop page above the fold, as the page geometry says |
public enum AppInvariants {
  /// The rules, in the order of the table.
  public static let rules = [
    "frame-matches-pose", "paginated-before-settle", "paginate-once-per-settle", "shown-after-settle",
    "layout-matches-fold",
  ]
  /// How far a measured frame may be from the pose's, points (half a point: rounding to pixels).
  public static let frameTolerance = 0.5

  /// `frame-matches-pose`: nil when the app's measured frame is the settled one.
  public static func frameProblem(width: Double, height: Double, settled: Settled) -> String? {
    guard abs(width - settled.width) > frameTolerance || abs(height - settled.height) > frameTolerance else {
      return nil
    }
    return
      "the app measured its frame \(size(width, height)), the pose's is \(size(settled.width, settled.height))"
  }

  /// `layout-matches-fold`: nil when the app arranged its pages as `model` (the page geometry
  /// of the settled layout) says.
  public static func layoutProblem(_ shown: Shown, model: PageGeometry) -> String? {
    if shown.layout != model.layout {
      return "the app shows a \(shown.layout.rawValue) layout, the fold asks for \(model.layout.rawValue)"
    }
    if shown.notes != model.notes {
      return
        "the app puts notes in a \(shown.notes.rawValue == "sheet" ? "sheet" : "trailing region"), the fold asks for \(model.notes == .sheet ? "a sheet" : "the trailing side")"
    }
    // DESIGN §6 rule 5: both pages of a spread get the narrower region's size.
    if shown.layout == .spread, shown.frames.count == 2,
      abs(shown.frames[0].width - shown.frames[1].width) > frameTolerance
        || abs(shown.frames[0].height - shown.frames[1].height) > frameTolerance
    {
      let sizes = shown.frames.map { size($0.width, $0.height) }.joined(separator: " and ")
      return "the spread's pages are \(sizes); both get the narrower region's size"
    }
    if model.layout == .tabletop, let fold = model.keepOutFrames.first,
      let below = shown.frames.first(where: { $0.maxY > fold.y + frameTolerance })
    {
      return
        "the tabletop page ends at y \(NumberFormat.shortest(below.maxY, places: 2)), below the fold's top at y \(NumberFormat.shortest(fold.y, places: 2))"
    }
    return nil
  }

  static func size(_ w: Double, _ h: Double) -> String {
    "\(NumberFormat.shortest(w, places: 2))×\(NumberFormat.shortest(h, places: 2))"
  }
}
