import EventStream
import Platform
import Simulator

/// Where the pages go for one settled layout: from the reader frame, the division region
/// (`.includeInactive`) and the profile's insets — from regions, never from the device.
///
/// - No fold crossing the reader top to bottom: one page, inset from the edges.
/// - A fold running top to bottom (active or not): a two-page spread split at the fold; both
///   pages get the narrower region's size, inset from the outer edges and from the fold.
/// - An active fold running across: tabletop, one page above the fold, page turns below it.
///
/// ```swift
/// let g = PageGeometry(width: 867, height: 611, division: fold, insets: duo.pages)
/// g.layout        // .spread
/// g.pageWidth     // 331.5
/// ```
public struct PageGeometry: Hashable, Sendable {
  /// Single, spread or tabletop.
  public var layout: LayoutKind
  /// Width of every page, points.
  public var pageWidth: Double
  /// Height of every page, points.
  public var pageHeight: Double
  /// Page frames in reader coordinates (two in a spread).
  public var frames: [Rect]
  /// The page-turn area below a tabletop page.
  public var turnArea: Rect?
  /// Trailing when there are two regions side by side, a sheet otherwise.
  public var notes: NotesPlacement
  /// The fold, if the reader meets one.
  public var division: Division?

  /// Pages per screen.
  public var pagesPerScreen: Int { layout == .spread ? 2 : 1 }

  /// Lays out pages for a reader frame, its fold and the profile's insets.
  public init(width: Double, height: Double, division: Division?, insets: Profile.PageInsets) {
    self.division = division
    let e = insets.edge
    let f = insets.fold
    if let d = division, d.isVertical, d.frame.y <= 0, d.frame.maxY >= height, d.frame.x > 0, d.frame.maxX < width {
      let narrower = min(d.frame.x, width - d.frame.maxX)
      let w = max(1, narrower - e - f)
      let h = max(1, height - 2 * e)
      layout = .spread
      pageWidth = w
      pageHeight = h
      frames = [
        Rect(x: d.frame.x - f - w, y: e, width: w, height: h),
        Rect(x: d.frame.maxX + f, y: e, width: w, height: h),
      ]
      notes = .trailing
      turnArea = nil
    } else if let d = division, !d.isVertical, d.isActive, d.frame.y > 0 {
      let w = max(1, width - 2 * e)
      let h = max(1, d.frame.y - f - e)
      layout = .tabletop
      pageWidth = w
      pageHeight = h
      frames = [Rect(x: e, y: e, width: w, height: h)]
      turnArea = Rect(x: 0, y: d.frame.maxY, width: width, height: max(0, height - d.frame.maxY))
      notes = .sheet
    } else {
      let w = max(1, width - 2 * e)
      let h = max(1, height - 2 * e)
      layout = .single
      pageWidth = w
      pageHeight = h
      frames = [Rect(x: e, y: e, width: w, height: h)]
      turnArea = nil
      notes = .sheet
    }
  }

  /// The division frames no text line may cross: an active fold, or one the pages split at.
  public var keepOutFrames: [Rect] {
    guard let d = division else { return [] }
    return d.isActive || d.isVertical ? [d.frame] : []
  }
}
