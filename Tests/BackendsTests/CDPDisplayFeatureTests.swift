import EventStream
import Testing

@testable import Backends

@Suite struct CDPDisplayFeatureTests {
  /// The iPhone Duo's fold held wide: x = 455.5, 40 pt wide (the profile's measured frame). CDP
  /// takes whole pixels; rounding the edges outwards gives ⌊455.5⌋ = 455 and ⌈495.5⌉ − 455 = 41,
  /// a band that covers the whole fold (455.5 … 495.5 lies inside 455 … 496).
  @Test func theDuoFoldAt455Point5RoundsOutwards() {
    let feature = CDPDisplayFeature(Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true))
    #expect(feature.orientation == "vertical")
    #expect(feature.offset == 455)
    #expect(feature.maskLength == 41)
    #expect(feature.wasRounded)
  }

  /// Tabletop: the fold runs across at y = 339.5 → offset 339, maskLength ⌈379.5⌉ − 339 = 41.
  @Test func aHorizontalFoldRoundsOnY() {
    let feature = CDPDisplayFeature(Division(frame: Rect(x: 0, y: 339.5, width: 669, height: 40), isActive: true))
    #expect(feature.orientation == "horizontal")
    #expect(feature.offset == 339)
    #expect(feature.maskLength == 41)
  }

  /// Whole-point edges pass through unchanged.
  @Test func wholeEdgesAreKept() {
    let feature = CDPDisplayFeature(Division(frame: Rect(x: 400, y: 0, width: 40, height: 600), isActive: false))
    #expect(feature.offset == 400)
    #expect(feature.maskLength == 40)
    #expect(!feature.wasRounded)
  }
}
