import Reader
import Testing

@testable import EventStream

/// Each fixed-layout rule fires on a state that breaks it and stays quiet on one that keeps it.
@Suite("Fixed-layout invariants")
struct FixedLayoutInvariantTests {
  static let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)

  static func spread(left: Rect, right: Rect, place: Int = 0, fold: Division? = fold) -> FixedLayoutInvariants.Snapshot
  {
    FixedLayoutInvariants.Snapshot(
      place: place, pages: [0, 1], frames: [left, right], layout: .spread, readerWidth: 867, division: fold)
  }

  static func rules(_ s: FixedLayoutInvariants.Snapshot) -> [String] { FixedLayoutInvariants.check(s).map(\.rule) }

  @Test("a spread clear of the active fold, symmetric about its centre (475.5), breaks nothing")
  func valid() {
    let s = Self.spread(
      left: Rect(x: 100, y: 20, width: 335.5, height: 400), right: Rect(x: 515.5, y: 20, width: 335.5, height: 400))
    #expect(Self.rules(s).isEmpty)
  }

  @Test("pdf-place-visible: the place's page is not shown")
  func placeVisible() {
    let s = Self.spread(
      left: Rect(x: 100, y: 20, width: 335.5, height: 400), right: Rect(x: 515.5, y: 20, width: 335.5, height: 400),
      place: 2)
    #expect(Self.rules(s) == ["pdf-place-visible"])
  }

  @Test("pdf-fold-clear: pages meeting at the centre cross an active fold, not a flat one")
  func foldClear() {
    let left = Rect(x: 100, y: 20, width: 375.5, height: 400)
    let right = Rect(x: 475.5, y: 20, width: 375.5, height: 400)
    #expect(Self.rules(Self.spread(left: left, right: right)) == ["pdf-fold-clear", "pdf-fold-clear"])
    var flat = Self.fold
    flat.isActive = false
    #expect(Self.rules(Self.spread(left: left, right: right, fold: flat)).isEmpty)
  }

  @Test("pdf-spread-centred: 0.6 pt off the fold's centre breaks it, 0.4 pt does not")
  func centred() {
    var flat = Self.fold
    flat.isActive = false
    for (shift, broken) in [(0.6, true), (0.4, false), (-0.6, true)] {
      let s = Self.spread(
        left: Rect(x: 100, y: 20, width: 375.5 + shift, height: 400),
        right: Rect(x: 475.5 + shift, y: 20, width: 300, height: 400), fold: flat)
      #expect(Self.rules(s) == (broken ? ["pdf-spread-centred"] : []), "shift \(shift)")
    }
  }

  @Test("pdf-spread-centred without a fold: the reader's middle is the centre")
  func centredNoFold() {
    let s = Self.spread(
      left: Rect(x: 20, y: 20, width: 400, height: 400), right: Rect(x: 440, y: 20, width: 400, height: 400), fold: nil)
    #expect(Self.rules(s) == ["pdf-spread-centred"])  // they meet at 430, the middle is 433.5
  }

  @Test("pdf-spread-order: the first page left of the second left to right, right of it right to left")
  func spreadOrder() {
    let left = Rect(x: 100, y: 20, width: 335.5, height: 400)
    let right = Rect(x: 515.5, y: 20, width: 335.5, height: 400)
    func snapshot(_ frames: [Rect], _ direction: ReadingDirection) -> FixedLayoutInvariants.Snapshot {
      FixedLayoutInvariants.Snapshot(
        place: 0, pages: [0, 1], frames: frames, layout: .spread, readerWidth: 867, division: Self.fold,
        direction: direction)
    }
    #expect(Self.rules(snapshot([left, right], .ltr)).isEmpty)
    #expect(Self.rules(snapshot([right, left], .rtl)).isEmpty)
    #expect(Self.rules(snapshot([right, left], .ltr)) == ["pdf-spread-order"])
    #expect(Self.rules(snapshot([left, right], .rtl)) == ["pdf-spread-order"])
  }

  @Test("pdf-spread-scale: two scales 0.2 % apart break it, 0.05 % apart do not")
  func spreadScale() {
    let left = Rect(x: 100, y: 20, width: 335.5, height: 400)
    let right = Rect(x: 515.5, y: 20, width: 335.5, height: 400)
    for (second, broken) in [(0.8016, true), (0.8004, false), (0.7984, true)] {
      let s = FixedLayoutInvariants.Snapshot(
        place: 0, pages: [0, 1], frames: [left, right], layout: .spread, readerWidth: 867, division: Self.fold,
        scales: [0.8, second])
      #expect(Self.rules(s) == (broken ? ["pdf-spread-scale"] : []), "\(second)")
    }
  }
}
