import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Issue 28, part 3: every disagreement between the iPhone Duo's sources is a profile option,
/// both sides noted, one followed, the other computed on request from the values as written.
/// The expectations are each source's own figures (docs/profiles.md, "Conflicts between
/// sources").
@Suite("Profile conflicts")
struct ProfileConflictTests {
  let duo = TestSupport.profile()

  func choosing(_ conflict: SourceConflict, _ side: String) throws -> Profile {
    try duo.choosing(conflict, side)
  }

  @Test("iphone-duo names the seven conflicts, both sides noted, and follows one of each")
  func seven() {
    #expect(duo.conflicts.entries.map(\.conflict) == SourceConflict.allCases)
    let followed = duo.conflicts.entries.map(\.chosen)
    #expect(
      followed == ["frame-stays", "measured", "fold-moves", "every-pose", "division", "angle", "closed-sideways"])
    for entry in duo.conflicts.entries {
      #expect(entry.sides.map(\.name) == entry.conflict.sides)
      for side in entry.sides {
        #expect(side.kind != nil && !(side.reason ?? "").isEmpty, "\(entry.conflict) \(side.name)")
      }
    }
  }

  @Test("choosing the side the profile follows changes nothing", arguments: SourceConflict.allCases)
  func sameSide(_ conflict: SourceConflict) throws {
    let side = try #require(duo.conflicts.chosen(conflict))
    let same = try duo.choosing(conflict, side)
    #expect(same.poses == duo.poses && same.splitView == duo.splitView && same.hinge == duo.hinge)
    #expect(same.divisionWhenFlat == duo.divisionWhenFlat && same.tentStart == duo.tentStart)
  }

  /// The guide: the inner portrait safe area is 669 × 772 (951 − 84 − 95) and the reader fills
  /// it; the fold crosses the display's middle, 475.5 − 84 from the reader's top, less half 40.
  @Test("innerPortraitReader: safe-area is 669 × 772 held tall and in tabletop, the fold at 371.5")
  func safeArea() throws {
    let p = try choosing(.innerPortraitReader, "safe-area")
    for pose in [Pose.openTall, .tabletop] {
      let g = try #require(p.poses[pose])
      #expect(g.width == 669 && g.height == 772, "\(pose)")
      #expect(g.division == Rect(x: 0, y: 371.5, width: 669, height: 40), "\(pose)")
    }
    #expect(p.poses[.closed] == duo.poses[.closed] && p.poses[.openWide] == duo.poses[.openWide])
  }

  /// The study: the fold frame stays put and the bottom bar hides (the reader grows downwards),
  /// so the tabletop fold is the held-tall one; the assumption puts the 835-pt reader flush with
  /// the display's bottom (top 951 − 835 = 116), the fold at 475.5 − 116 − 20.
  @Test("tabletopFold: fold-moves at 339.5 (the profile's), fold-stays at 313.5 (held tall)")
  func tabletopFold() throws {
    #expect(duo.poses[.tabletop]?.division?.y == 339.5)
    let stays = try choosing(.tabletopFold, "fold-stays")
    #expect(stays.poses[.tabletop]?.division?.y == duo.poses[.openTall]?.division?.y)
    #expect(stays.poses[.tabletop]?.division?.y == 313.5 && stays.poses[.tabletop]?.height == 835)
  }

  /// The guide: no horizontal bar outside the inner display in portrait, so the reader is the
  /// display less the safe area: 466 − 84 × 678 closed, 678 − 84 × 466 sideways, 951 − 84 × 669
  /// held wide, half of 951 (less 84 on the right) × 669 in Split View.
  @Test("horizontalBar: inner-portrait-only drops the 58-pt bar outside inner portrait")
  func horizontalBar() throws {
    let p = try choosing(.horizontalBar, "inner-portrait-only")
    #expect(p.poses[.closed]?.width == 382 && p.poses[.closed]?.height == 678)
    #expect(p.poses[.closedSideways]?.width == 594 && p.poses[.closedSideways]?.height == 466)
    for pose in [Pose.openWide, .book] {
      #expect(p.poses[pose]?.width == 867 && p.poses[pose]?.height == 669)
      #expect(p.poses[pose]?.division == Rect(x: 455.5, y: 0, width: 40, height: 669))
    }
    #expect(p.splitView[.left]?.width == 475.5 && p.splitView[.left]?.height == 669)
    #expect(p.splitView[.right]?.width == 391.5 && p.splitView[.right]?.height == 669)
    #expect(p.poses[.openTall] == duo.poses[.openTall] && p.poses[.tabletop] == duo.poses[.tabletop])
  }

  /// The kit's 27-pt band about the same centre lines: x 475.5 − 13.5, y 333.5 − 13.5.
  @Test("foldWidth: avoidance-band is 27 pt about the same centre line")
  func foldWidth() throws {
    let p = try choosing(.foldWidth, "avoidance-band")
    #expect(p.poses[.openWide]?.division == Rect(x: 462, y: 0, width: 27, height: 611))
    #expect(p.poses[.book]?.division == Rect(x: 462, y: 0, width: 27, height: 611))
    #expect(p.poses[.openTall]?.division == Rect(x: 0, y: 320, width: 669, height: 27))
    #expect(p.poses[.tabletop]?.division == Rect(x: 0, y: 346, width: 669, height: 27))
  }

  @Test("status: angle-and-orientation gives the hinge landscape thresholds; tent: each side's start")
  func behaviours() throws {
    #expect(duo.hinge?.landscapeStatus == nil)
    let oriented = try choosing(.status, "angle-and-orientation")
    #expect(oriented.hinge?.landscapeStatus?.fullyOpenOpening == 170)
    #expect(oriented.hinge?.landscapeStatus?.fullyOpenClosing == 150)
    #expect(duo.tentStart == .init(angle: 0, orientation: .landscapeLeft))
    #expect(try choosing(.tent, "partly-open-flipped").tentStart == .init(angle: 110, orientation: .landscapeRight))
    #expect(try choosing(.divisionWhenFlat, "zero-when-flat").divisionWhenFlat == .zeroWhenFlat)
  }

  @Test("a side that does not exist, or a conflict the profile does not name, cannot be chosen")
  func refused() throws {
    #expect(throws: Profile.ConflictError.self) { try duo.choosing(.tabletopFold, "fold-flies") }
    let pixel = TestSupport.profile("pixel-fold")
    #expect(pixel.conflicts.entries.isEmpty)
    let error = try #require(throws: Profile.ConflictError.self) { try pixel.choosing(.tabletopFold, "fold-moves") }
    #expect(error.message.contains("names no conflict 'tabletopFold'"))
    // divisionWhenFlat is the fold's rule on any profile.
    #expect(try pixel.choosing(.divisionWhenFlat, "zero-when-flat").divisionWhenFlat == .zeroWhenFlat)
  }

  @Test(
    "a bad conflict in a file is refused at its key",
    arguments: [
      (
        #""value": "fold-moves","#, #""value": "fold-stays","#,
        "poses.tabletop.division.y: expected 313.5 (conflicts.tabletopFold is fold-stays"
      ),
      (#""tent": {"#, #""tents": {"#, "conflicts.tents: expected a conflict"),
      (#""width": 27,"#, #""width": -27,"#, "conflicts.foldWidth.avoidance-band.width: expected a positive number"),
      (
        #""angle": 110, "orientation": "landscapeRight""#, #""angle": 300, "orientation": "landscapeRight""#,
        "conflicts.tent.partly-open-flipped.angle: expected an angle in the hinge range"
      ),
      (
        #""angle": 110, "orientation": "landscapeRight""#, #""angle": 110, "orientation": "sideways""#,
        "conflicts.tent.partly-open-flipped.orientation: expected an orientation"
      ),
      (
        #""opening": 170, "closing": 150"#, #""opening": 170, "closing": 175"#,
        "conflicts.status.angle-and-orientation.landscape.fullyOpenAbove.closing: expected ≤ opening"
      ),
      (
        #""zero-when-flat": { "source": "apple-spec: Apple's"#, #""zero-when-flat": { "note": "apple-spec: Apple's"#,
        "conflicts.divisionWhenFlat.zero-when-flat.source: expected a note"
      ),
    ])
  func badFile(_ old: String, _ new: String, _ message: String) throws {
    guard case .failure(let error) = ProfileMeaningTests.load(replacing: old, with: new) else {
      Issue.record("accepted \(new)")
      return
    }
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(error.line > 0, "\(error)")
  }

  /// A file may follow a computed side: the poses as written stay the data, the side is applied.
  @Test("a file that follows safe-area gets the safe area's frames from its measured ones")
  func fileFollowsComputedSide() throws {
    let result = ProfileMeaningTests.load(
      replacing: ##""innerPortraitReader": {\##n      "value": "measured","##,
      with: ##""innerPortraitReader": {\##n      "value": "safe-area","##)
    let p = try result.get()
    #expect(p.poses[.openTall]?.height == 772 && p.poses[.tabletop]?.height == 772)
    #expect(try p.choosing(.innerPortraitReader, "measured").poses[.openTall]?.height == 787)
  }
}
