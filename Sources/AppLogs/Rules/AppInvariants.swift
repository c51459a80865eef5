import EventStream
import Platform
import Reader

/// The rules only a real app can break (`check --app`), beside the reader's own
/// (`ReaderInvariants`, which the app's shown states are held to as well). Every app rule is
/// here — its name, when it is broken and what the message says; `AppLogChecker` finds the
/// facts and asks these.
///
/// | rule | what it checks |
/// |---|---|
/// | `clock-in-sync` | the app's events, moved by the sync, lie where the script's do: its frames no more than `clockBoundMs` from the sizes they measure (else nothing else is judged) |
/// | `frame-matches-pose` | at each settle, the reader's measured frame is the pose's (the 951-pt `maxWidth: .infinity` bug) |
/// | `paginated-before-settle` | the pagination that answers a settle started after it, not while sizes still came |
/// | `pagination-matches-settle` | the pagination that answers a settle lays out the settled text size, in pages that fit in the settled window |
/// | `paginate-once-per-settle` | one pagination per settle: none on transient sizes, none repeated |
/// | `settles-answered-in-order` | paginations end in the order of the settles they answer: the older layout is never the last shown |
/// | `shown-after-settle` | every settle that changed the layout is paginated and then shown — by a `shown` after its pagination, before the next move |
/// | `layout-matches-fold` | one page or a spread by the fold (both pages one size), notes beside it or in a sheet, the tabletop page above the fold, as the page geometry says |
///
/// ```swift
/// AppInvariants.textSizeProblem(laidOut: .large, settled: .AX5)   // "… laid out large text, …"
/// ```
public enum AppInvariants {
  /// The rules, in the order of the table.
  public static let rules = [
    "clock-in-sync", "frame-matches-pose", "paginated-before-settle", "pagination-matches-settle",
    "paginate-once-per-settle", "settles-answered-in-order", "shown-after-settle", "layout-matches-fold",
  ]
  /// How far a measured frame or a page may be from the pose's, points (half a point: rounding
  /// to pixels).
  public static let frameTolerance = 0.5
  /// How far the app's clock may stand from the script's after the sync, ms: well past a
  /// driver's and a layout pass's lag (tens of ms), well short of a sync tied to the wrong moment.
  public static let clockBoundMs = 1000.0

  // MARK: clock-in-sync

  /// `clock-in-sync`: nil when the app's frames, `offset` ms after the sizes they measure (the
  /// median over `frames`), are within `clockBoundMs`.
  public static func clockProblem(offset: Double, frames: Int) -> String? {
    guard abs(offset) > clockBoundMs else { return nil }
    let side = offset > 0 ? "after" : "before"
    return
      "the app's clock is \(NumberFormat.ms(abs(offset))) ms off the script's: its frames come \(NumberFormat.ms(abs(offset))) ms \(side) the sizes they measure (the median of \(frames) frame\(frames == 1 ? "" : "s")), beyond \(NumberFormat.ms(clockBoundMs)) ms; the sync ties the wrong moments, so no other rule is judged"
  }

  // MARK: frame-matches-pose

  /// `frame-matches-pose`: nil when the app's measured frame is the settled one.
  public static func frameProblem(width: Double, height: Double, settled: Settled) -> String? {
    guard abs(width - settled.width) > frameTolerance || abs(height - settled.height) > frameTolerance else {
      return nil
    }
    return
      "the app measured its frame \(size(width, height)), the pose's is \(size(settled.width, settled.height))"
  }

  // MARK: paginated-before-settle

  /// `paginated-before-settle`: nil when the pagination answering the settle at `settle` (the
  /// layout `layout`, its last change at `lastChange`) started no earlier than the settle.
  public static func earlyProblem(start: Double, settle: Double, lastChange: Double, layout: String) -> String? {
    guard start < settle else { return nil }
    return
      "the pagination answering the settle at \(NumberFormat.ms(settle)) ms (\(layout)) started at \(NumberFormat.ms(start)) ms, before the size settled (its last change at \(NumberFormat.ms(lastChange)) ms)"
  }

  // MARK: pagination-matches-settle

  /// `pagination-matches-settle`, the text size: nil when the app laid out the settled text
  /// size (or did not say which it laid out).
  public static func textSizeProblem(laidOut: TextSize?, settled: TextSize) -> String? {
    guard let laidOut, laidOut != settled else { return nil }
    return "laid out \(laidOut.rawValue) text; the settle asked for \(settled.rawValue)"
  }

  /// `pagination-matches-settle`, the page size: nil when the app's pages fit in the window the
  /// settle gave the reader (`settled`, to `frameTolerance`). Their size within it is the app's
  /// own (its margins are not the reference reader's); pages larger than the window are the
  /// layout of an earlier, larger size.
  public static func pageSizeProblem(width: Double, height: Double, settled: Settled) -> String? {
    guard width > settled.width + frameTolerance || height > settled.height + frameTolerance else { return nil }
    return
      "laid out \(size(width, height)) pages, larger than the settled window (\(size(settled.width, settled.height)))"
  }

  /// The message of `pagination-matches-settle` from the problems found.
  static func paginationMessage(settle: Double, layout: String, problems: [String]) -> String {
    "the pagination answering the settle at \(NumberFormat.ms(settle)) ms (\(layout)) "
      + problems.joined(separator: ", and ")
  }

  // MARK: paginate-once-per-settle

  /// `paginate-once-per-settle`: a pagination of `width`×`height` pages started at `start` is one
  /// more for the settle at `settle`.
  static func extraMessage(width: Double, height: Double, start: Double, settle: Double, layout: String) -> String {
    "the pagination of \(size(width, height)) pages at \(NumberFormat.ms(start)) ms is one more for the settle at \(NumberFormat.ms(settle)) ms (\(layout)): paginate once per settle, never on a transient size"
  }

  // MARK: settles-answered-in-order

  /// `settles-answered-in-order`: the pagination for the settle at `earlier` ended at
  /// `earlierEnd`, after the one for the later settle at `later`, which ended at `laterEnd`.
  static func orderMessage(
    earlier: Double, earlierLayout: String, earlierEnd: Double, later: Double, laterLayout: String, laterEnd: Double
  ) -> String {
    "the pagination answering the settle at \(NumberFormat.ms(earlier)) ms (\(earlierLayout)) ended at \(NumberFormat.ms(earlierEnd)) ms, after the one answering the later settle at \(NumberFormat.ms(later)) ms (\(laterLayout)), which ended at \(NumberFormat.ms(laterEnd)) ms: the app answered them out of order, and the older layout came last"
  }

  // MARK: shown-after-settle

  /// `shown-after-settle`: the layout settled at `settle` was never paginated nor shown.
  static func unansweredMessage(settle: Double, layout: String) -> String {
    "the layout settled at \(NumberFormat.ms(settle)) ms (\(layout)) was never paginated nor shown"
  }

  /// `shown-after-settle`: the pagination answering the settle at `settle`, ended at `end`, was
  /// never shown; `why` says what came instead.
  static func unshownMessage(settle: Double, layout: String, end: Double, why: String) -> String {
    "the pagination answering the settle at \(NumberFormat.ms(settle)) ms (\(layout)) ended at \(NumberFormat.ms(end)) ms and was never shown: \(why)"
  }

  // MARK: layout-matches-fold

  /// `layout-matches-fold`: nil when the app arranged its pages as `model` (the page geometry
  /// of the settled layout) says; `pose` names what the fold is doing.
  public static func layoutProblem(_ shown: Shown, model: PageGeometry, pose: Pose? = nil) -> String? {
    let fold = pose.map { "the fold (\($0.rawValue))" } ?? "the fold"
    if shown.layout != model.layout {
      return "the app shows a \(shown.layout.rawValue) layout, \(fold) asks for \(model.layout.rawValue)"
    }
    if shown.notes != model.notes {
      return
        "the app puts notes in a \(shown.notes == .sheet ? "sheet" : "trailing region"), \(fold) asks for \(model.notes == .sheet ? "a sheet" : "the trailing side")"
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
