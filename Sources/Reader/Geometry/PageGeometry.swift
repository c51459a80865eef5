import EventStream
import Platform
import Simulator

/// Where the pages go for one settled layout: from the reader frame, the division region
/// (`.includeInactive`) and the profile's insets — from regions, never from the device.
///
/// The geometry alone decides which fold is in the way: it lays the pages out around that fold
/// and lists it in `keepOutFrames`, and the `fold-clear` invariant holds the shown pages and
/// lines to exactly those frames.
///
/// - A vertical fold running the reader's full height, top to bottom (active or not), with room
///   for a page on each side: a two-page spread split at the fold; both pages get the narrower
///   region's size, inset from the outer edges and from the fold.
/// - Such a fold with the notes open (`notesOpen`): one page in the leading region (left of the
///   fold in `ltr`, right of it in `rtl`), inset from the edge and the fold, and the notes in the
///   trailing region beside it — the reference reader's measured behaviour (DESIGN §6: the
///   notes beside one page in the 455.5-pt leading region). Other layouts keep the notes in a
///   sheet over the page and are laid out as with the notes closed.
/// - Such a fold with room for a page on one side only (a reader narrowing past it in a
///   burst): one page on the roomier side, inset from the fold.
/// - An active fold running across: tabletop, one page above the fold, the page-turn controls
///   below it (`turnControls`, kept clear like the fold).
/// - No fold at all, and a wide (wider than tall) regular-width view: a two-page spread split
///   at the middle, each page inset from the outer edges and from the middle by the fold inset
///   (the dual-pane guide: "two pages only with a top-to-bottom fold or a wide regular-width
///   view without a fold"). Nothing is kept clear; notes go in a sheet.
/// - Anything else — no fold, a flat fold running across, or a fold frame that does not span
///   the reader's height (a region not yet updated for a new size; regions lag the resize):
///   one page over the whole reader, and the fold is not in the way.
///
/// In regular width no page is wider than the profile's `pages.maximumTextWidth` (the design
/// kit's 600 pt): a single page is centred in its room, a spread's pages stay at the fold.
///
/// The reading direction orders a spread: `frames[0]` is always the first (lower-numbered)
/// page's frame — left of the fold in `ltr`, right of it in `rtl` — and the trailing side,
/// where notes go, is right of the fold in `ltr` and left of it in `rtl`. Single and tabletop
/// pages are placed the same in both.
///
/// ```swift
/// let g = PageGeometry(width: 867, height: 611, division: fold, insets: duo.pages)
/// g.layout        // .spread
/// g.pageWidth     // 331.5
/// g.keepOutFrames // [fold.frame]
/// ```
public struct PageGeometry: Hashable, Sendable {
  /// Single, spread or tabletop.
  public var layout: LayoutKind
  /// Width of every page, points.
  public var pageWidth: Double
  /// Height of every page, points.
  public var pageHeight: Double
  /// Page frames in reader coordinates (two in a spread), in reading order: `frames[0]` is
  /// the first page's — in a spread left of the fold in `ltr`, right of it in `rtl`.
  public var frames: [Rect]
  /// The page-turn controls below a tabletop fold (the reference reader puts them there, and
  /// the bar that hides in tabletop leaves them the room): from the fold's bottom to the
  /// reader's. No page and no line may cross them (`fold-clear`, `keepClear`).
  public var turnControls: Rect?
  /// Trailing when there are two regions side by side, a sheet otherwise.
  public var notes: NotesPlacement
  /// The region on the trailing side of the fold where notes go, when `notes` is
  /// `trailing`: right of the fold in `ltr`, left of it in `rtl`; nil for a sheet.
  public var notesRegion: Rect?
  /// The order the pages run in.
  public var direction: ReadingDirection
  /// The fold, if the reader meets one.
  public var division: Division?
  /// The folds the pages are laid out around — the fold a spread splits at, the fold a single
  /// page sits beside, the active fold under a tabletop page — and so the frames no page and
  /// no line of text may cross. A fold the layout ignores is not listed: it is not in the way.
  public var keepOutFrames: [Rect]
  /// The reader frame's width, points.
  public var readerWidth: Double
  /// The reader frame's height, points.
  public var readerHeight: Double
  /// The narrowest page a layout makes (the profile's `pages.minimumWidth`): a fold with less
  /// room beside it is not split at.
  public var minimumPageWidth: Double

  /// Pages per screen.
  public var pagesPerScreen: Int { layout == .spread ? 2 : 1 }

  /// What the reader keeps clear of pages and lines, each with its name for `fold-clear`: the
  /// folds in the way (`keepOutFrames`) and the tabletop page-turn controls.
  public var keepClear: [(frame: Rect, name: String)] {
    keepOutFrames.map { ($0, "the fold") } + (turnControls.map { [($0, "the page-turn controls")] } ?? [])
  }

  /// Lays out pages for a reader frame, its fold and the profile's insets, in reading
  /// `direction`.
  public init(
    width: Double, height: Double, division: Division?, insets: Profile.PageInsets, direction: ReadingDirection = .ltr,
    horizontalSizeClass: SizeClass? = nil, notesOpen: Bool = false
  ) {
    self.division = division
    self.direction = direction
    readerWidth = width
    readerHeight = height
    minimumPageWidth = insets.minimumWidth
    let e = insets.edge
    let f = insets.fold
    if let d = division, d.isVertical, d.frame.y <= 0, d.frame.maxY >= height, d.frame.x < width, d.frame.maxX > 0 {
      // The widest page that fits on each side of the fold.
      let leftRoom = d.frame.x - f - e
      let rightRoom = width - d.frame.maxX - f - e
      let h = max(1, height - 2 * e)
      pageHeight = h
      let trailingRegion =
        direction == .ltr
        ? Rect(x: d.frame.maxX, y: 0, width: width - d.frame.maxX, height: height)
        : Rect(x: 0, y: 0, width: d.frame.x, height: height)
      let leadingRoom = direction == .ltr ? leftRoom : rightRoom
      if notesOpen, min(leftRoom, rightRoom) >= insets.minimumWidth {
        // The notes take the trailing region; one page fills the leading one.
        layout = .single
        pageWidth = leadingRoom
        let x = direction == .ltr ? e : d.frame.maxX + f
        frames = [Rect(x: x, y: e, width: leadingRoom, height: h)]
        notes = .trailing
        notesRegion = trailingRegion
      } else if min(leftRoom, rightRoom) >= insets.minimumWidth {
        let w = min(leftRoom, rightRoom)
        layout = .spread
        pageWidth = w
        let left = Rect(x: d.frame.x - f - w, y: e, width: w, height: h)
        let right = Rect(x: d.frame.maxX + f, y: e, width: w, height: h)
        frames = direction == .ltr ? [left, right] : [right, left]
        notes = .trailing
        notesRegion = trailingRegion
      } else {
        let w = max(1, leftRoom, rightRoom)
        layout = .single
        pageWidth = w
        frames = [Rect(x: leftRoom >= rightRoom ? e : d.frame.maxX + f, y: e, width: w, height: h)]
        notes = .sheet
        notesRegion = nil
      }
      turnControls = nil
      keepOutFrames = [d.frame]
    } else if let d = division, !d.isVertical, d.isActive, d.frame.y > 0 {
      let w = max(1, width - 2 * e)
      let h = max(1, d.frame.y - f - e)
      layout = .tabletop
      pageWidth = w
      pageHeight = h
      frames = [Rect(x: e, y: e, width: w, height: h)]
      turnControls = Rect(x: 0, y: d.frame.maxY, width: width, height: max(0, height - d.frame.maxY))
      notes = .sheet
      notesRegion = nil
      keepOutFrames = [d.frame]
    } else if division == nil, horizontalSizeClass == .regular, width > height,
      width / 2 - e - f >= insets.minimumWidth
    {
      let w = width / 2 - e - f
      let h = max(1, height - 2 * e)
      layout = .spread
      pageWidth = w
      pageHeight = h
      let left = Rect(x: e, y: e, width: w, height: h)
      let right = Rect(x: width / 2 + f, y: e, width: w, height: h)
      frames = direction == .rtl ? [right, left] : [left, right]
      turnControls = nil
      notes = .sheet
      notesRegion = nil
      keepOutFrames = []  // no fold: nothing in the way
    } else {
      let w = max(1, width - 2 * e)
      let h = max(1, height - 2 * e)
      layout = .single
      pageWidth = w
      pageHeight = h
      frames = [Rect(x: e, y: e, width: w, height: h)]
      turnControls = nil
      notes = .sheet
      notesRegion = nil
      keepOutFrames = []
    }
    if horizontalSizeClass == .regular, let cap = insets.maximumTextWidth, pageWidth > cap {
      narrow(to: cap)
    }
  }

  /// Regular width: no page is wider than the design kit's maximum text width. A single or
  /// tabletop page is centred where it was; a spread's pages keep their edges at the fold (or
  /// the middle) and give up room at the outer edges.
  private mutating func narrow(to cap: Double) {
    let cut = pageWidth - cap
    let split = division.map { $0.frame.x + $0.frame.width / 2 } ?? readerWidth / 2
    frames = frames.map { frame in
      var f = frame
      if layout != .spread {
        f.x += cut / 2
      } else if frame.x + frame.width / 2 < split {
        f.x += cut
      }
      f.width = cap
      return f
    }
    pageWidth = cap
  }
}
