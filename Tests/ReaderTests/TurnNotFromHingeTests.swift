import EventStream
import Testing
import Typesetter

@testable import Reader

/// DESIGN §6 rule 7: page turns come only from turn inputs, never from the hinge. A reader that
/// turns the page when the phone folds, unfolds or closes breaks `turn-not-from-hinge` (and not
/// the more general `turn-only-on-turn`); the model never does.
@Suite("turn-not-from-hinge")
struct TurnNotFromHingeTests {
  typealias F = ReaderFixtures

  static func settled(_ pose: Pose, cause: SettleCause) -> Settled {
    let g = F.profile.poses[pose]!
    let active = pose == .book || pose == .tabletop
    return Settled(
      width: g.width, height: g.height, textSize: .large,
      division: g.division.map { Division(frame: $0, isActive: active) }, sizes: 1, changed: true,
      cycle: SettleCycle(cause: cause, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil, lastSize: nil))
  }

  /// Shows `pose` after a settle with `cause`, then — as a broken reader would — turns the page
  /// with that settle as its cause. Returns the rules the turn broke.
  static func brokenTurn(_ pose: Pose, cause: SettleCause) -> [String] {
    var rules = ReaderRules(document: F.document, insets: F.profile.pages, offset: 20_000)
    let s = settled(pose, cause: cause)
    let layout = rules.layout(for: s)
    let (pagination, _) = PaginationCache(document: F.document).pagination(
      width: layout.key.width, height: layout.key.height, textSize: .large)
    let settle = Event(time: 1000, .settled(s))
    var out: [Event] = []
    rules.paginated(
      pagination, for: layout, ms: 1, cache: .miss,
      answer: .init(settled: 1000, queuedMs: 0, computeClock: "fixed:1"), cause: settle, at: 1001, into: &out)
    #expect(!out.contains { if case .violation = $0.kind { true } else { false } }, "\(pose): the settle alone")
    out = []
    rules.turned(.next, cause: settle, at: 1001, into: &out)
    return out.compactMap { if case .violation(let v) = $0.kind { v.rule } else { nil } }
  }

  /// Every pose a hinge change settles in: unfolding to a book or held wide, folding to
  /// tabletop or held tall, closing upright or sideways.
  @Test(
    "a page turned on a hinge settle breaks turn-not-from-hinge, in every pose a fold settles in",
    arguments: [
      (Pose.book, HingeStatus.closed, HingeStatus.partiallyOpen), (.openWide, .closed, .fullyOpen),
      (.openTall, .closed, .fullyOpen), (.tabletop, .fullyOpen, .partiallyOpen), (.closed, .partiallyOpen, .closed),
      (.closedSideways, .partiallyOpen, .closed),
    ])
  func turnedByTheHinge(_ pose: Pose, _ from: HingeStatus, _ to: HingeStatus) {
    #expect(Self.brokenTurn(pose, cause: .status(from: from, to: to)) == ["turn-not-from-hinge"], "\(pose)")
  }

  @Test("the same move on a text-size or rotation settle is turn-only-on-turn")
  func notTheHinge() {
    #expect(Self.brokenTurn(.openWide, cause: .textSize) == ["turn-only-on-turn"])
    #expect(Self.brokenTurn(.tabletop, cause: .rotation) == ["turn-only-on-turn"])
  }

  @Test("what counts as the hinge's doing")
  func hingeChanges() {
    let status = Event(time: 0, .settled(Self.settled(.book, cause: .status(from: .closed, to: .partiallyOpen))))
    #expect(ReaderSnapshot.hingeChange(of: status) == "the hinge (status closed→partiallyOpen)")
    #expect(ReaderSnapshot.hingeChange(of: Event(time: 0, .settled(Self.settled(.book, cause: .notes)))) == nil)
    #expect(ReaderSnapshot.hingeChange(of: Event(time: 0, .regions(RegionsChange(division: nil)))) != nil)
    #expect(ReaderSnapshot.hingeChange(of: Event(time: 0, .turn(.next))) == nil)
  }

  @Test("a turn input still turns the page without a breach")
  func turnInput() {
    var rules = ReaderRules(document: F.document, insets: F.profile.pages, offset: 20_000)
    let s = Self.settled(.openWide, cause: .status(from: .closed, to: .fullyOpen))
    let layout = rules.layout(for: s)
    let (pagination, _) = PaginationCache(document: F.document).pagination(
      width: layout.key.width, height: layout.key.height, textSize: .large)
    var out: [Event] = []
    rules.paginated(
      pagination, for: layout, ms: 1, cache: .miss,
      answer: .init(settled: 1000, queuedMs: 0, computeClock: "fixed:1"), cause: Event(time: 1000, .settled(s)),
      at: 1001, into: &out)
    rules.turned(.next, cause: Event(time: 2000, .turn(.next)), at: 2000, into: &out)
    #expect(!out.contains { if case .violation = $0.kind { true } else { false } })
    #expect(out.filter { if case .shown = $0.kind { true } else { false } }.count == 2)
  }
}
