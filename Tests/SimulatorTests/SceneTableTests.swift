import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// The scene stage on its own, through `StageTable`: poses and statuses in, sizes and the
/// fold out. Every figure comes from the bundled profile (closed 382×620 on the outer display,
/// open 867×611 on the inner; the fold at x = 455.5, 40 pt wide; opening sends 7 sizes over
/// 200 ms, ease-out) and DESIGN §3.3 (the fold's frame stays put; only `isActive` changes).
@Suite("Scene stage, table-driven")
struct SceneTableTests {
  let duo = TestSupport.profile()

  static func status(_ from: HingeStatus, _ to: HingeStatus) -> EventKind {
    .status(StatusChange(status: to, from: from, angle: 0))
  }

  static func pose(_ from: Pose, _ to: Pose) -> EventKind {
    .pose(PoseChange(pose: to, from: from, orientation: .portrait))
  }

  static let closedAtStart: [(Double, EventKind)] = [
    (0, .orientation(.portrait)), (0, status(.unknown, .closed)), (0, pose(.unknown, .closed)),
  ]

  static let fold = Rect(x: 455.5, y: 0, width: 40, height: 611)

  @Test("the first pose sends its size at once, final: no burst without a size before it")
  func firstPose() {
    let table = StageTable(
      Self.closedAtStart,
      expect: [
        (
          0,
          .scene(
            SceneChange(
              width: 382, height: 620, display: .outer, transient: false, index: 1, count: 1,
              horizontalSizeClass: .compact, verticalSizeClass: .regular, safeArea: SafeArea(trailing: 84)))
        )
      ])
    #expect(table.mismatches(SceneStateMachine(profile: duo)) == [])
  }

  @Test("folding flat to book and back changes no size: only the fold's isActive, at once")
  func foldingChangesOnlyIsActive() {
    let openFlat: [(Double, EventKind)] = [
      (0, .orientation(.portrait)), (0, Self.status(.unknown, .fullyOpen)), (0, Self.pose(.unknown, .openWide)),
    ]
    let table = StageTable(
      openFlat + [
        (1000, Self.status(.fullyOpen, .partiallyOpen)), (1000, Self.pose(.openWide, .book)),
        (2000, Self.status(.partiallyOpen, .fullyOpen)), (2000, Self.pose(.book, .openWide)),
      ],
      expect: [
        (
          0,
          .scene(
            SceneChange(
              width: 867, height: 611, display: .inner, transient: false, index: 1, count: 1,
              horizontalSizeClass: .regular, verticalSizeClass: .regular, safeArea: SafeArea(trailing: 84)))
        ),
        (0, .regions(RegionsChange(division: Division(frame: Self.fold, isActive: false)))),
        (1000, .regions(RegionsChange(division: Division(frame: Self.fold, isActive: true)))),
        (2000, .regions(RegionsChange(division: Division(frame: Self.fold, isActive: false)))),
      ])
    #expect(table.mismatches(SceneStateMachine(profile: duo)) == [])
  }

  @Test("opening closed → book: 7 sizes over 200 ms, the last final, then the active fold")
  func openingBurst() {
    let table = StageTable(
      Self.closedAtStart + [(1000, Self.status(.closed, .partiallyOpen)), (1000, Self.pose(.closed, .book))],
      expect: [])
    let out = Array(table.outputs(of: SceneStateMachine(profile: duo)).dropFirst())
    let sizes = out.compactMap { e -> (Double, SceneChange)? in
      if case .scene(let s) = e.kind { (e.time, s) } else { nil }
    }
    #expect(sizes.count == 7)
    for (k, (time, size)) in sizes.enumerated() {
      // Evenly spaced from the pose change; eased from 382×620 towards 867×611.
      #expect(abs(time - (1000 + Double(k) * 200 / 6)) < 0.001)
      #expect(size.index == k + 1 && size.count == 7)
      #expect(size.transient == (k < 6))
      #expect(size.display == .inner)
      let eased = 382 + (867 - 382) * Easing.easeOut.apply(Double(k + 1) / 7)
      #expect(abs(size.width - eased) <= 0.5)
    }
    #expect(sizes.last.map { ($0.1.width, $0.1.height) } ?? (0, 0) == (867, 611))
    #expect(
      out.last == Event(time: 1200, .regions(RegionsChange(division: Division(frame: Self.fold, isActive: true)))))
  }
}
