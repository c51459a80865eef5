import EventStream
import Platform

/// The fixed-layout reader's rules, checked on every shown state; a breach becomes a
/// `violation` naming the rule, which fails `hingesim check`.
///
/// | rule | what it checks |
/// |---|---|
/// | `pdf-place-visible` | the place (a page index) is one of the pages shown |
/// | `pdf-fold-clear` | no shown page's frame crosses an active fold |
/// | `pdf-spread-centred` | in a two-page spread the pages' inner edges sit symmetric about the fold's centre (the reader's middle with no fold), within 0.5 pt |
/// | `pdf-spread-order` | in a spread the lower-numbered page is on the side reading starts: left of the other left to right, right of it right to left |
/// | `pdf-spread-scale` | the two pages of a spread are shown at one scale (within 0.1 %), as facing pages of a book: two pages of one size are shown the same size |
public enum FixedLayoutInvariants {
  /// How far a spread may sit off the fold's centre, points.
  public static let centringTolerance = 0.5
  /// How far a spread's two scales may differ, as a fraction of the larger.
  public static let scaleTolerance = 0.001

  /// Everything the rules look at in one shown state.
  public struct Snapshot: Sendable {
    /// The place: a page index.
    public var place: Int
    /// The pages shown, in reading order.
    public var pages: [Int]
    /// Their frames, in reader coordinates.
    public var frames: [Rect]
    /// Single, spread or tabletop.
    public var layout: LayoutKind
    /// The reader frame's width, points.
    public var readerWidth: Double
    /// The fold, if the reader meets one.
    public var division: Division?
    /// The order the pages run in.
    public var direction: ReadingDirection
    /// Each shown page's scale (frame width / page width), in the order of `pages`.
    public var scales: [Double]

    /// Makes a snapshot.
    public init(
      place: Int, pages: [Int], frames: [Rect], layout: LayoutKind, readerWidth: Double, division: Division?,
      direction: ReadingDirection = .ltr, scales: [Double] = []
    ) {
      self.place = place
      self.pages = pages
      self.frames = frames
      self.layout = layout
      self.readerWidth = readerWidth
      self.division = division
      self.direction = direction
      self.scales = scales
    }
  }

  /// The rules `s` breaks, as (rule, message) pairs.
  public static func check(_ s: Snapshot) -> [(rule: String, message: String)] {
    var found: [(String, String)] = []
    if !s.pages.contains(s.place) {
      let shown = s.pages.map { String($0 + 1) }.joined(separator: ", ")
      found.append(("pdf-place-visible", "page \(s.place + 1) (the place) is not among the pages shown (\(shown))"))
    }
    if let fold = s.division, fold.isActive {
      for (page, frame) in zip(s.pages, s.frames) where frame.intersects(fold.frame) {
        found.append(
          (
            "pdf-fold-clear",
            "page \(page + 1) at x \(format(frame.x))…\(format(frame.maxX)), y \(format(frame.y))…\(format(frame.maxY)) crosses the active fold at x \(format(fold.frame.x)), y \(format(fold.frame.y))"
          ))
      }
    }
    if s.layout == .spread, s.frames.count == 2 {
      let centre =
        s.division.map { $0.isVertical ? $0.frame.x + $0.frame.width / 2 : s.readerWidth / 2 } ?? s.readerWidth / 2
      let (a, b) = s.frames[0].x <= s.frames[1].x ? (s.frames[0], s.frames[1]) : (s.frames[1], s.frames[0])
      let middle = (a.maxX + b.x) / 2
      if abs(middle - centre) > centringTolerance {
        found.append(
          (
            "pdf-spread-centred",
            "the spread's pages meet around x \(format(middle)), \(format(abs(middle - centre))) pt off the fold's centre at x \(format(centre))"
          ))
      }
    }
    if s.layout == .spread, s.frames.count == 2, s.pages.count == 2 {
      let (first, second) = s.pages[0] < s.pages[1] ? (0, 1) : (1, 0)
      let firstIsLeft = s.frames[first].x < s.frames[second].x
      if firstIsLeft != (s.direction == .ltr) {
        found.append(
          (
            "pdf-spread-order",
            "page \(s.pages[first] + 1) is \(firstIsLeft ? "left" : "right") of page \(s.pages[second] + 1) in a spread read \(s.direction == .ltr ? "left to right" : "right to left")"
          ))
      }
    }
    if s.layout == .spread, s.scales.count == 2, s.pages.count == 2 {
      let (a, b) = (s.scales[0], s.scales[1])
      if abs(a - b) > scaleTolerance * max(a, b) {
        found.append(
          (
            "pdf-spread-scale",
            "pages \(s.pages[0] + 1) and \(s.pages[1] + 1) are shown at \(NumberFormat.shortest(a, places: 3))× and \(NumberFormat.shortest(b, places: 3))×: a spread's pages share one scale"
          ))
      }
    }
    return found
  }

  static func format(_ value: Double) -> String { NumberFormat.shortest(value, places: 2) }
}
