import Reader
import TestSupport
import Testing

@testable import EventStream

/// "One page or two by the fold, not by device": two pages only with a top-to-bottom fold
/// (active or not) or a wide (wider than tall) regular-width view without a fold (the
/// dual-pane guide's table). Insets 20 from the edges and 20 from the middle or the fold.
@Suite("Page geometry by size class")
struct PageGeometrySizeClassTests {
  let insets = TestSupport.profile().pages
  static let verticalFold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: false)
  static let foldAcross = Division(frame: Rect(x: 0, y: 313.5, width: 669, height: 40), isActive: false)

  @Test(
    "the guide's table: which views get two pages",
    arguments: [
      // (width, height, horizontal size class, fold, expected layout, expected page width)
      (1180.0, 718.0, SizeClass.regular as SizeClass?, nil as Division?, LayoutKind.spread, 550.0),  // tablet sideways: 1180 / 2 − 40
      (820, 1078, .regular, nil, .single, 600),  // tablet upright: regular but taller than wide; 780 → the kit's 600
      (594, 408, .compact, nil, .single, 554),  // the Duo closed sideways: wide but compact
      (1180, 718, nil, nil, .single, 1140),  // a stream without size classes: no spread without a fold
      (669, 787, .regular, foldAcross, .single, 600),  // held tall, a flat fold across: one page, 629 → 600
      (867, 611, .regular, verticalFold, .spread, 331.5),  // held wide: split at the fold, not the middle
      (867, 611, .compact, verticalFold, .spread, 331.5),  // a top-to-bottom fold splits whatever the class
    ])
  func table(
    _ width: Double, _ height: Double, _ sizeClass: SizeClass?, _ fold: Division?, _ layout: LayoutKind,
    _ pageWidth: Double
  ) {
    let g = PageGeometry(width: width, height: height, division: fold, insets: insets, horizontalSizeClass: sizeClass)
    #expect(g.layout == layout)
    #expect(g.pageWidth == pageWidth)
  }

  @Test("a spread without a fold meets at the middle, keeps nothing clear and puts notes in a sheet")
  func middleSpread() {
    let g = PageGeometry(width: 1180, height: 718, division: nil, insets: insets, horizontalSizeClass: .regular)
    #expect(g.frames == [Rect(x: 20, y: 20, width: 550, height: 678), Rect(x: 610, y: 20, width: 550, height: 678)])
    #expect(g.keepOutFrames.isEmpty && g.notes == .sheet)
    let rtl = PageGeometry(
      width: 1180, height: 718, division: nil, insets: insets, direction: .rtl, horizontalSizeClass: .regular)
    #expect(rtl.frames == [Rect(x: 610, y: 20, width: 550, height: 678), Rect(x: 20, y: 20, width: 550, height: 678)])
  }
}
