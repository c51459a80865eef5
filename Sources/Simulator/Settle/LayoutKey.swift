import EventStream

/// The layout key the reader paginates for: scene size, text size, the fold's frame (active or
/// not), whether a fold across the reader is active, the horizontal size class and whether the
/// notes are open.
///
/// A fold down the reader that only turns active or flat is no new layout (flat and book show
/// the same spread, DESIGN §3.3); a fold across it is (active it is tabletop, the page above the
/// fold; flat it is held tall, one tall page), which matters when the two poses have the same
/// frame (`conflicts.innerPortraitReader` `safe-area`).
public struct LayoutKey: Hashable, Sendable {
  /// Reader width.
  public var width: Double
  /// Reader height.
  public var height: Double
  /// Dynamic Type size.
  public var textSize: TextSize
  /// The fold's frame, if any.
  public var divisionFrame: Rect?
  /// True while a fold running across the reader (wider than tall) is active.
  public var foldAcrossActive: Bool = false
  /// The horizontal size class (a wide regular-width view without a fold shows a spread).
  public var horizontalSizeClass: SizeClass?
  /// True while the notes are open (in a spread pose the reader then shows one page beside them).
  public var notesOpen: Bool

  /// Makes a key.
  public init(
    width: Double, height: Double, textSize: TextSize, divisionFrame: Rect?, horizontalSizeClass: SizeClass? = nil,
    notesOpen: Bool = false
  ) {
    self.notesOpen = notesOpen
    self.width = width
    self.height = height
    self.textSize = textSize
    self.divisionFrame = divisionFrame
    self.horizontalSizeClass = horizontalSizeClass
  }
}
