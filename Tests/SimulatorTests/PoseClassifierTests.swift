import Testing

@testable import EventStream
@testable import Simulator

@Suite("Pose classifier")
struct PoseClassifierTests {
  @Test("a change is reported once, with the pose it replaces and the orientation")
  func changesOnly() {
    var classifier = PoseClassifier()
    #expect(
      classifier.classify(status: .partiallyOpen) == PoseChange(pose: .book, from: .unknown, orientation: .portrait))
    #expect(classifier.classify(status: .partiallyOpen) == nil)
    classifier.orientationChanged(to: .landscapeRight)
    #expect(
      classifier.classify(status: .partiallyOpen)
        == PoseChange(pose: .tabletop, from: .book, orientation: .landscapeRight))
  }

  @Test("faceUp and faceDown keep the hinge's last direction")
  func flatOrientations() {
    var classifier = PoseClassifier()
    classifier.orientationChanged(to: .landscapeLeft)
    classifier.orientationChanged(to: .faceDown)
    #expect(classifier.classify(status: .fullyOpen)?.pose == .openTall)
    #expect(classifier.orientation == .faceDown)
  }

  @Test("Split View is a pose only while open and upright")
  func splitView() {
    #expect(PoseClassifier.pose(status: .partiallyOpen, landscape: false, split: .right) == .splitView)
    #expect(PoseClassifier.pose(status: .fullyOpen, landscape: true, split: .left) == .openTall)
    #expect(PoseClassifier.pose(status: .partiallyOpen, landscape: true, split: .left) == .tabletop)
    #expect(PoseClassifier.pose(status: .unknown, landscape: false, split: .left) == .unknown)
    var classifier = PoseClassifier()
    _ = classifier.classify(status: .fullyOpen)
    classifier.splitChanged(to: .left)
    #expect(classifier.classify(status: .fullyOpen)?.pose == .splitView)
    classifier.splitChanged(to: .off)
    #expect(classifier.classify(status: .fullyOpen)?.pose == .openWide)
  }
}
