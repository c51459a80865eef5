import EventStream

/// Where a fixed-layout document's pages go for one page geometry: the slots a page is scaled
/// into and, for every page, its frame in reader coordinates (the "pagination" of a PDF).
///
/// - One page (closed, a single page beside a fold, tabletop above the fold): the page is
///   scaled to fit the geometry's page frame, aspect kept, centred in it.
/// - A spread: a two-up frame centred on the fold (the reference reader, DESIGN §6). Over a
///   flat fold, or the middle of a wide view with no fold, the two slots meet at the fold's
///   centre and so do the pages (measured); over an active fold the slots are the page
///   geometry's, clear of the fold and symmetric about it. The two pages share one scale, the
///   largest at which both fit their slots (facing pages of a book: pages of one size are
///   shown the same size, a larger page larger), and each sits against the fold, centred
///   vertically. Spreads pair pages 0–1, 2–3, …
///   ("displays as book" off: the cover is not alone across the fold).
///
/// ```swift
/// let layout = FixedPageLayout(geometry: openWide, document: pdf)
/// layout.slots      // two 455.5-wide slots meeting at x 455.5 … (fold centre)
/// layout.frames[0]  // page 1 scaled into the left slot, right edge on the fold centre
/// ```
public struct FixedPageLayout: Hashable, Sendable {
  /// What decides the frames: the arrangement, the slots and where notes go (not the text size).
  public struct Key: Hashable, Sendable {
    /// Single, spread or tabletop.
    public var layout: LayoutKind
    /// The rectangles pages are scaled into, in reading order (two in a spread).
    public var slots: [Rect]
    /// Where notes go.
    public var notes: NotesPlacement
  }

  /// The key the frames were laid out for.
  public var key: Key
  /// Every page's frame, in page order, when it is on screen.
  public var frames: [Rect]
  /// Every page's scale (frame width / page width).
  public var scales: [Double]

  /// The key for a page geometry: its arrangement, its slots and its notes placement.
  public static func key(for geometry: PageGeometry) -> Key {
    var slots = geometry.frames
    if geometry.layout == .spread, slots.count == 2, geometry.division?.isActive != true {
      // A flat fold (or the middle of a wide view): the slots meet at the centre between the pages.
      let (a, b) = slots[0].x <= slots[1].x ? (slots[0], slots[1]) : (slots[1], slots[0])
      let centre = (a.maxX + b.x) / 2
      let left = Rect(x: a.x, y: a.y, width: centre - a.x, height: a.height)
      let right = Rect(x: centre, y: b.y, width: b.maxX - centre, height: b.height)
      slots = slots[0].x <= slots[1].x ? [left, right] : [right, left]
    }
    return Key(layout: geometry.layout, slots: slots, notes: geometry.notes)
  }

  /// Lays every page of `document` out for `key`.
  public init(key: Key, document: FixedLayoutDocument) {
    self.key = key
    var frames: [Rect] = []
    var scales: [Double] = []
    frames.reserveCapacity(document.pageCount)
    scales.reserveCapacity(document.pageCount)
    let spread = key.layout == .spread && key.slots.count == 2
    let centre = spread ? (min(key.slots[0].maxX, key.slots[1].maxX) + max(key.slots[0].x, key.slots[1].x)) / 2 : 0
    let sizes = document.pageSizes
    func fit(_ index: Int) -> Double {
      let slot = spread ? key.slots[index % 2] : key.slots[0]
      return min(slot.width / sizes[index].width, slot.height / sizes[index].height)
    }
    for (index, size) in sizes.enumerated() {
      let slot = spread ? key.slots[index % 2] : key.slots[0]
      let partner = index ^ 1
      let scale = spread && partner < sizes.count ? min(fit(index), fit(partner)) : fit(index)
      let width = size.width * scale
      let height = size.height * scale
      let x: Double
      if spread {
        x = slot.x < centre ? slot.maxX - width : slot.x  // against the fold
      } else {
        x = slot.x + (slot.width - width) / 2
      }
      frames.append(Rect(x: x, y: slot.y + (slot.height - height) / 2, width: width, height: height))
      scales.append(scale)
    }
    self.frames = frames
    self.scales = scales
  }

  /// The first page on screen for the page holding the place: even in a spread (0–1, 2–3, …).
  public static func firstPage(for place: Int, layout: LayoutKind) -> Int {
    layout == .spread ? place - place % 2 : place
  }
}
