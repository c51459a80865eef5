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

  /// The closing burst's transient 413-px reader while the fold is still at x 455.5: nothing of
  /// the band lies inside, so no feature is sent (Chromium refused this one, exit 74).
  @Test func aFoldPastTheViewportIsLeftOut() {
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    let fit = CDPDisplayFeature.fitted(fold, width: 413, height: 620)
    #expect(fit.sent == nil)
    #expect(CDPDisplayFeature.explanation(fit, width: 413, height: 620)?.contains("outside") == true)
  }

  /// A 470-px viewport meets the band 455 … 496: the part inside, 455 … 470, is sent.
  @Test func aFoldAcrossTheEdgeIsClipped() {
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    let fit = CDPDisplayFeature.fitted(fold, width: 470, height: 611)
    #expect(fit.sent?.offset == 455)
    #expect(fit.sent?.maskLength == 15)
    let across = Division(frame: Rect(x: 0, y: 600, width: 413, height: 40), isActive: true)
    #expect(CDPDisplayFeature.fitted(across, width: 413, height: 620).sent?.maskLength == 20)
    #expect(CDPDisplayFeature.fitted(fold, width: 867, height: 611) == .whole(CDPDisplayFeature(fold)))
  }

  /// Every command the mapping gives for a closing burst (wide → 413 px → closed) is one
  /// Chromium accepts, and the left-out fold is counted for export's note.
  @Test func theMappingNeverSendsARefusedCommand() {
    var emulation = CDPEmulation()
    let fold = Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true)
    let widths: [Double] = [867, 700, 470, 413, 413]
    var commands: [CDPCommand] = []
    for (i, w) in widths.enumerated() {
      let layout = ExportTimeline.Layout(
        time: Double(i) * 16, width: w, height: i < 4 ? 611 : 620, division: i < 4 ? fold : nil, folded: i > 0)
      commands += emulation.commands(for: layout)
    }
    #expect(commands.allSatisfy { $0.refusal == nil }, "\(commands.compactMap(\.refusal))")
    #expect(emulation.fittedFolds == 2)
  }

  /// What --strict fails on: a viewport wider than Chromium's 10,000,000 px is refused, and
  /// export lists it as a limit exceeded.
  @Test func anImpossibleViewportIsOverTheLimit() {
    var timeline = ExportTimeline()
    timeline.layouts = [ExportTimeline.Layout(time: 0, width: 2e7, height: 600, division: nil, folded: false)]
    let output = ExportFormat.cdp.render(timeline)
    #expect(output.overLimits.count == 1)
    #expect(output.isIncomplete)
  }
}
