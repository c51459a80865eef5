import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// Issue 29, part 5: a flip phone (`galaxy-z-flip`): the hinge runs across the phone, so held
/// upright half-open is tabletop (flex mode) and held sideways it is a book; every value is the
/// maker's published specification or an assumption with its reason.
@Suite("Flip phone profile")
struct FlipProfileTests {
  static let name = "galaxy-z-flip"

  @Test("every value is vendor-spec or assumed, and the panels' pixels are the maker's")
  func labels() throws {
    let rows = try Profile.sources(Self.name, root: TestSupport.packageRoot)
    #expect(rows.count > 100)
    for row in rows {
      #expect(row.kind == .vendorSpec || row.kind == .assumed, "\(row.path) is \(row.kind)")
      #expect(row.reason.count >= 5, "\(row.path): '\(row.reason)' gives no reason")
    }
    let vendor = Set(rows.filter { $0.kind == .vendorSpec }.map(\.path))
    #expect(
      vendor == [
        "hinge.axis.value", "displays.outer.pixelWidth", "displays.outer.pixelHeight", "displays.inner.pixelWidth",
        "displays.inner.pixelHeight",
      ], "\(vendor.sorted())")
  }

  @Test("the hinge is horizontal upright: a profile says so in hinge.axis, and only vertical or horizontal")
  func axis() throws {
    #expect(TestSupport.profile(Self.name).hinge?.axis == .horizontal)
    #expect(TestSupport.profile().hinge?.axis == .vertical)
    #expect(TestSupport.profile("pixel-fold").hinge?.axis == .vertical)
  }

  /// Upright the hinge is horizontal: half-open is tabletop, open is held tall; sideways it is a
  /// book or held wide; closed follows the orientation alone; Split View only beside the fold.
  @Test(
    "poses: upright half-open is tabletop, sideways a book",
    arguments: [
      (HingeStatus.partiallyOpen, false, Pose.tabletop), (.fullyOpen, false, .openTall),
      (.partiallyOpen, true, .book), (.fullyOpen, true, .openWide), (.closed, false, .closed),
      (.closed, true, .closedSideways),
    ])
  func poses(_ status: HingeStatus, _ landscape: Bool, _ pose: Pose) {
    #expect(PoseClassifier.pose(status: status, landscape: landscape, split: .off, axis: .horizontal) == pose)
    #expect(
      PoseClassifier.pose(status: status, landscape: landscape, split: .left, axis: .horizontal)
        == (landscape && status != .closed ? .splitView : pose))
  }

  /// The whole stage: a phone opened upright to 100° stands in flex mode, the fold across the
  /// reader at y 415 (the display's middle 1006 / 2 less the reader's top 24 + 64), active.
  @Test("opened upright to 100°, the reader gets a tabletop frame with the fold across, active")
  func flexMode() {
    var hinge = HingeStateMachine(profile: TestSupport.profile(Self.name))
    var out: [Event] = []
    hinge.receive(Event(time: 0, .orientation(.portrait)), into: &out)
    hinge.receive(Event(time: 0, .sample(angle: 0)), into: &out)
    #expect(hinge.pose == .closed)
    hinge.receive(Event(time: 100, .sample(angle: 100)), into: &out)
    #expect(hinge.pose == .tabletop)
    hinge.receive(Event(time: 200, .orientation(.landscapeLeft)), into: &out)
    #expect(hinge.pose == .book)
    let profile = TestSupport.profile(Self.name)
    #expect(profile.poses[.tabletop]?.division == Rect(x: 0, y: 415, width: 411, height: 0))
    #expect(profile.poses[.book]?.division == Rect(x: 503, y: 0, width: 0, height: 299))
  }

  /// The frames are the frame rule's on the profile's values, the inner display upright in its
  /// natural orientation (so held wide and the book are the turned poses here).
  @Test("every frame is the frame rule's, with the inner display portrait")
  func frameRule() throws {
    let profile = TestSupport.profile(Self.name)
    for (pose, geometry) in profile.poses {
      let rule = try #require(profile.ruleFrame(for: pose), "\(pose)")
      #expect(rule.width == geometry.width && rule.height == geometry.height, "\(pose): \(rule)")
      if let fold = geometry.division {
        #expect(rule.fold == (fold.height >= fold.width ? fold.x : fold.y), "\(pose): \(rule)")
      }
    }
    for split in [SplitMode.left, .right] {
      let rule = try #require(profile.ruleFrame(for: .splitView, split: split))
      #expect(rule.width == 503 && rule.height == 299)
    }
    #expect(FrameRule.isTurned(.openWide, axis: .horizontal) && !FrameRule.isTurned(.tabletop, axis: .horizontal))
    #expect(!FrameRule.isTurned(.openWide) && FrameRule.isTurned(.tabletop))
  }

  @Test("hinge.axis other than vertical or horizontal is refused where it is written")
  func badAxis() throws {
    let path = TestSupport.packageRoot + "/profiles/galaxy-z-flip.json"
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: #""axis": { "value": "horizontal""#, with: #""axis": { "value": "diagonal""#)
    let copy = TestSupport.temporaryFile(text, suffix: ".json")
    do {
      _ = try Profile.load(copy, root: TestSupport.packageRoot)
      Issue.record("a diagonal hinge was accepted")
    } catch {
      #expect(
        error.message.contains("hinge.axis.value: expected vertical or horizontal, found \"diagonal\""), "\(error)")
      #expect(error.line > 0)
    }
  }
}
