import Reader
import TestSupport
import Testing
import Typesetter

@testable import EventStream
@testable import Simulator

/// Two of the reference reader's behaviours in the page geometry (issue 28, part 4): the
/// tabletop page-turn controls below the fold, a region kept clear like the fold and held to it
/// by `fold-clear`; and the design kit's 600-pt maximum text width in regular width.
@Suite("Page geometry: turn controls and the maximum text width")
struct PageGeometryReferenceTests {
  static let duo = TestSupport.profile()

  static func geometry(_ profile: Profile, _ pose: Pose, split: SplitMode = .off) -> PageGeometry {
    let g = pose == .splitView ? profile.splitView[split]! : profile.poses[pose]!
    let active = pose == .book || pose == .tabletop
    return PageGeometry(
      width: g.width, height: g.height, division: g.division.map { Division(frame: $0, isActive: active) },
      insets: profile.pages, horizontalSizeClass: g.horizontalSizeClass)
  }

  /// Tabletop under each reading of the sources: the controls run from the fold's bottom to the
  /// reader's, across it; the page above stays clear of both.
  @Test(
    "tabletop: the page-turn controls fill the reader below the fold, clear of the page",
    arguments: [("fold-moves", 339.5, 835.0), ("fold-stays", 313.5, 835.0), ("safe-area", 371.5, 772.0)])
  func turnControls(_ reading: String, _ foldY: Double, _ height: Double) throws {
    let profile =
      reading == "safe-area"
      ? try Self.duo.choosing(.innerPortraitReader, reading) : try Self.duo.choosing(.tabletopFold, reading)
    let g = Self.geometry(profile, .tabletop)
    #expect(g.layout == .tabletop)
    #expect(g.turnControls == Rect(x: 0, y: foldY + 40, width: 669, height: height - foldY - 40))
    #expect(g.keepClear.map(\.name) == ["the fold", "the page-turn controls"])
    for (frame, name) in g.keepClear {
      #expect(!g.frames[0].intersects(frame), "\(name)")
    }
  }

  @Test("no other pose has page-turn controls", arguments: [Pose.closed, .closedSideways, .openWide, .book, .openTall])
  func noControlsElsewhere(_ pose: Pose) {
    #expect(Self.geometry(Self.duo, pose).turnControls == nil)
  }

  /// A tabletop page pushed down over the controls (but not over the fold) breaks fold-clear,
  /// which names the controls.
  @Test("fold-clear catches a page or a line over the page-turn controls")
  func foldClearChecksControls() throws {
    let g = Self.geometry(Self.duo, .tabletop)
    let controls = try #require(g.turnControls)
    let line = Line(range: 0..<50, width: 300, endsParagraph: false, hyphenated: false)
    func snapshot(_ geometry: PageGeometry) -> ReaderSnapshot {
      ReaderSnapshot(
        offset: 0, previousOffset: 0, pages: [0], pageRanges: [0..<100], textLength: 100, geometry: geometry,
        visibleLines: [[line, line]],
        style: TextStyle(pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0.7),
        cause: "settled", breaksFingerprint: 1, key: "k")
    }
    var checker = ReaderInvariants()
    #expect(checker.check(snapshot(g)).isEmpty)
    var below = g
    below.frames = [Rect(x: 20, y: controls.y + 10, width: 629, height: 100)]
    var fresh = ReaderInvariants()
    let found = fresh.check(snapshot(below))
    #expect(found.map(\.rule) == ["fold-clear"])
    #expect(found.first?.message.contains("lies across the page-turn controls") == true, "\(found)")
  }

  /// Regular width: a page wider than 600 pt is narrowed to 600 and centred where it was;
  /// compact width and pages already narrower keep their frames.
  @Test(
    "regular width: no page wider than the kit's 600 pt, in every pose",
    arguments: [
      (Pose.closed, SplitMode.off, 342.0, 20.0),  // compact: 382 − 40
      (.closedSideways, .off, 554, 20),  // compact
      (.openWide, .off, 331.5, 104),  // regular, a spread: already narrower
      (.book, .off, 331.5, 104),
      (.openTall, .off, 600, 34.5),  // regular: 629 → 600, 14.5 each side
      (.tabletop, .off, 600, 34.5),
      (.splitView, .left, 435.5, 20),  // compact
    ])
  func maximumTextWidth(_ pose: Pose, _ split: SplitMode, _ width: Double, _ x: Double) {
    let g = Self.geometry(Self.duo, pose, split: split)
    #expect(g.pageWidth == width, "\(pose)")
    #expect(g.frames.allSatisfy { $0.width == width }, "\(pose)")
    #expect(g.frames.first?.x == x, "\(pose)")
  }

  @Test("a regular-width spread wider than the cap keeps its pages at the fold; the tablet's page is centred")
  func spreadAndTablet() {
    var insets = Self.duo.pages
    insets.maximumTextWidth = 300
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    let g = PageGeometry(width: 867, height: 611, division: fold, insets: insets, horizontalSizeClass: .regular)
    #expect(
      g.frames == [Rect(x: 135.5, y: 20, width: 300, height: 571), Rect(x: 515.5, y: 20, width: 300, height: 571)])
    let compact = PageGeometry(width: 867, height: 611, division: fold, insets: insets, horizontalSizeClass: .compact)
    #expect(compact.pageWidth == 331.5)
    // The tablet upright: 820 − 40 = 780 → 600, centred: x 20 + 90.
    let tablet = Self.geometry(TestSupport.profile("tablet"), .closed)
    #expect(tablet.frames == [Rect(x: 110, y: 20, width: 600, height: 1038)])
  }
}
