import EventStream

/// A fold as CDP's `Emulation.DisplayFeature`: `orientation` (`vertical` for a fold running top to
/// bottom), `offset` from the viewport's origin and `maskLength`, both whole pixels.
///
/// The fold's edges round outwards: offset = ⌊start⌋ and maskLength = ⌈end⌉ − ⌊start⌋, so the
/// masked band always covers the whole fold and content kept out of it stays off the crease.
/// The iPhone Duo's fold at x = 455.5, 40 pt wide, becomes offset 455, maskLength 41.
///
/// Chromium refuses a feature that does not lie inside the viewport (`offset` or `maskLength`
/// negative: "Negative display feature parameters"; `offset + maskLength` past the width or
/// height: "Display feature viewport segments outside screen width"), so `fitted(_:width:height:)`
/// clips the band to the viewport, or leaves the feature out when nothing of the fold is inside.
public struct CDPDisplayFeature: Sendable, Equatable {
  /// `vertical` or `horizontal`.
  public var orientation: String
  /// Pixels from the origin along x (vertical) or y (horizontal).
  public var offset: Int
  /// The fold's extent in pixels.
  public var maskLength: Int
  /// True when either edge was fractional.
  public var wasRounded: Bool

  /// The display feature for a fold in reader coordinates, not yet fitted to a viewport.
  public init(_ division: Division) {
    let vertical = division.isVertical
    let start = vertical ? division.frame.x : division.frame.y
    let end = start + (vertical ? division.frame.width : division.frame.height)
    orientation = vertical ? "vertical" : "horizontal"
    offset = Int(start.rounded(.down))
    maskLength = Int(end.rounded(.up)) - offset
    wasRounded = start != start.rounded(.down) || end != end.rounded(.up)
  }

  /// What a fold becomes in a viewport of whole pixels.
  public enum Fit: Sendable, Equatable {
    /// The whole (rounded) band lies inside the viewport.
    case whole(CDPDisplayFeature)
    /// Part of the band lies outside (a transient size of a burst narrower than the fold's
    /// place): the part inside is sent; `from` is the band before clipping.
    case clipped(CDPDisplayFeature, from: CDPDisplayFeature)
    /// No part of the band lies inside: no feature is sent, the page sees one segment.
    case outside(CDPDisplayFeature)

    /// The feature to send, if any.
    public var sent: CDPDisplayFeature? {
      switch self {
      case .whole(let f), .clipped(let f, _): f
      case .outside: nil
      }
    }
  }

  /// The fold fitted to a `width` × `height` viewport (whole pixels, both above 0).
  public static func fitted(_ division: Division, width: Int, height: Int) -> Fit {
    let band = CDPDisplayFeature(division)
    let extent = band.orientation == "vertical" ? width : height
    let start = max(0, band.offset)
    let end = min(extent, band.offset + band.maskLength)
    guard end > start || (band.maskLength == 0 && start == band.offset && start < extent) else {
      return .outside(band)
    }
    if start == band.offset, end == band.offset + band.maskLength { return .whole(band) }
    var clipped = band
    clipped.offset = start
    clipped.maskLength = end - start
    return .clipped(clipped, from: band)
  }

  /// Why a fitted fold differs from the fold, for `docs/web.md`'s rule and export's notes.
  public static func explanation(_ fit: Fit, width: Int, height: Int) -> String? {
    switch fit {
    case .whole: return nil
    case .clipped(let f, let from):
      return "the fold at \(from.offset)+\(from.maskLength) px crosses the \(width)×\(height) viewport's edge: "
        + "sent clipped to \(f.offset)+\(f.maskLength)"
    case .outside(let from):
      return "the fold at \(from.offset)+\(from.maskLength) px lies outside the \(width)×\(height) viewport: "
        + "sent without a display feature"
    }
  }
}
