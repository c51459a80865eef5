import EventStream

/// A fold as CDP's `Emulation.DisplayFeature`: `orientation` (`vertical` for a fold running top to
/// bottom), `offset` from the viewport's origin and `maskLength`, both whole pixels.
///
/// The fold's edges round outwards: offset = ⌊start⌋ and maskLength = ⌈end⌉ − ⌊start⌋, so the
/// masked band always covers the whole fold and content kept out of it stays off the crease.
/// The iPhone Duo's fold at x = 455.5, 40 pt wide, becomes offset 455, maskLength 41.
public struct CDPDisplayFeature: Sendable, Equatable {
  /// `vertical` or `horizontal`.
  public var orientation: String
  /// Pixels from the origin along x (vertical) or y (horizontal).
  public var offset: Int
  /// The fold's extent in pixels.
  public var maskLength: Int
  /// True when either edge was fractional.
  public var wasRounded: Bool

  /// The display feature for a fold in reader coordinates.
  public init(_ division: Division) {
    let vertical = division.isVertical
    let start = vertical ? division.frame.x : division.frame.y
    let end = start + (vertical ? division.frame.width : division.frame.height)
    orientation = vertical ? "vertical" : "horizontal"
    offset = Int(start.rounded(.down))
    maskLength = Int(end.rounded(.up)) - offset
    wasRounded = start != start.rounded(.down) || end != end.rounded(.up)
  }
}
