import EventStream
import Shots
import Testing

/// The comparison of two pictures: which pixels changed, which of them in the fold, and the
/// verdict against the threshold.
@Suite struct PixelDiffTests {
  let before = PNGFixtures.page()

  @Test func identicalPicturesAreTheSame() throws {
    let decoded = try PNGImage.decode(try before.encoded())
    let diff = PixelDiff(before, decoded, fold: PNGFixtures.fold)
    #expect(diff.outcome == .same)
    #expect(diff.changedFraction == 0)
    #expect(!ShotThreshold().fails(diff))
  }

  /// One pixel in the fold's band fails whatever the threshold: the question is whether
  /// anything moved across the fold.
  @Test func onePixelInTheFold() throws {
    var after = before
    after[19, 12] = PNGFixtures.ink
    let diff = PixelDiff(before, after, fold: PNGFixtures.fold)
    #expect(diff.outcome == .changed(pixels: 1, inFold: 1, bounds: PixelRect(x: 19, y: 12, width: 1, height: 1)))
    #expect(ShotThreshold(fraction: 0.5).fails(diff))
    #expect(diff.image?[19, 12] == PixelDiff.changedInFoldColour)
  }

  /// One pixel outside the fold: 1 of 1200 changed; it fails at the default 0 and passes at a
  /// threshold of 1/1200 or more.
  @Test func onePixelOutsideTheFold() throws {
    var after = before
    after[3, 20] = PNGFixtures.ink
    let diff = PixelDiff(before, after, fold: PNGFixtures.fold)
    #expect(diff.outcome == .changed(pixels: 1, inFold: 0, bounds: PixelRect(x: 3, y: 20, width: 1, height: 1)))
    #expect(diff.changedFraction == 1.0 / 1200)
    #expect(ShotThreshold().fails(diff))
    #expect(!ShotThreshold(fraction: 1.0 / 1200).fails(diff))
    #expect(ShotThreshold(fraction: 0.5 / 1200).fails(diff))
    #expect(diff.image?[3, 20] == PixelDiff.changedColour)
    // Unchanged pixels are faded, never marked.
    #expect(diff.image?[3, 21] != PixelDiff.changedColour)
    #expect(diff.image?[19, 21] != PixelDiff.changedInFoldColour)
  }

  /// The fold's edges: the band is x 18–21; columns 17 and 22 are outside it.
  @Test func theFoldsEdges() {
    for (x, inside) in [(17, false), (18, true), (21, true), (22, false)] {
      var after = before
      after[x, 0] = PNGFixtures.ink
      #expect(PixelDiff(before, after, fold: PNGFixtures.fold).changedInFold == (inside ? 1 : 0), "x \(x)")
    }
  }

  /// A change in the alpha byte alone is a change.
  @Test func alphaCounts() {
    var after = before
    after[5, 5] = PNGImage.Pixel(red: 20, green: 20, blue: 30, alpha: 254)
    #expect(PixelDiff(before, after, fold: nil).outcome != .same)
  }

  @Test func picturesOfDifferentSizesGetAVerdictNotACrash() {
    let wider = PNGFixtures.page(width: 41)
    let diff = PixelDiff(before, wider, fold: PNGFixtures.fold)
    #expect(diff.outcome == .sizesDiffer(before: (40, 30), after: (41, 30)))
    #expect(diff.image == nil)
    #expect(ShotThreshold(fraction: 1).fails(diff))
  }

  /// The fold's band in CSS px becomes pixels at the picture's scale, rounded outwards and
  /// clipped: at a device scale factor of 2 a fold at x 455.5, 40 wide, covers 911–990.
  @Test func theFoldScalesWithThePicture() {
    let fold = Rect(x: 455.5, y: 0, width: 40, height: 611)
    #expect(
      PixelRect(covering: fold, frameWidth: 867, imageWidth: 1734, imageHeight: 1222)
        == PixelRect(x: 911, y: 0, width: 80, height: 1222))
    #expect(
      PixelRect(covering: fold, frameWidth: 867, imageWidth: 867, imageHeight: 611)
        == PixelRect(x: 455, y: 0, width: 41, height: 611))
    #expect(
      PixelRect(covering: Rect(x: 900, y: 0, width: 10, height: 10), frameWidth: 867, imageWidth: 867, imageHeight: 611)
        == nil)
  }
}
