import Reader
import TestSupport
import Testing

@testable import EventStream

@Suite("Reader behaviour")
struct ReaderBehaviourTests {
  typealias F = ReaderFixtures

  @Test("closed then open: one page, then a spread starting even, the place kept")
  func closedThenOpen() {
    let out = F.run([F.hinge(0, at: 0), F.hinge(180, at: 1000)])
    let shown = F.shown(out)
    #expect(shown.count == 2)
    #expect(shown[0].1.layout == .single && shown[0].1.pages.count == 1)
    #expect(shown[1].1.layout == .spread && shown[1].1.pages.count == 2)
    #expect(shown[1].1.pages[0] % 2 == 0)
    for (_, s) in shown {
      #expect(s.offset == 20_000)
      #expect(s.ranges.contains { $0.contains(20_000) })
    }
    #expect(F.violations(out).isEmpty)
  }

  @Test("compute time is charged: shown comes the pinned ms after settled; inputs meanwhile wait")
  func computeCharged() {
    let out = F.run([F.hinge(0, at: 0), Event(time: 202, .turn(.next))], computeMs: 5)
    let settled = out.first { if case .settled = $0.kind { true } else { false } }!
    let shown = F.shown(out)
    #expect(shown[0].0 == settled.time + 5)
    #expect(shown[1].0 == 205)  // the turn at 202 was handled when pagination finished
    #expect(shown[1].1.pages == [shown[0].1.pages[0] + 1])
  }

  @Test("the place holds through close → open → fold → rotate → close → open")
  func placeHolds() {
    var inputs = [F.hinge(0, at: 0)]
    inputs.append(F.hinge(180, at: 1000))  // open wide
    inputs.append(F.hinge(110, at: 2000))  // book
    inputs.append(Event(time: 3000, .orientation(.landscapeLeft)))  // tabletop
    inputs.append(F.hinge(0, at: 4000))  // closed sideways
    inputs.append(Event(time: 5000, .orientation(.portrait)))  // closed
    inputs.append(F.hinge(180, at: 6000))  // open wide again
    let out = F.run(inputs)
    let shown = F.shown(out)
    #expect(shown.map(\.1.layout) == [.single, .spread, .tabletop, .single, .single, .spread])
    let document = F.document
    let paragraph = document.text(in: 19_990..<20_010)
    for (_, s) in shown {
      #expect(s.offset == 20_000)
      let visible = s.ranges.map { document.text(in: $0) }.joined()
      #expect(visible.contains(paragraph) || s.ranges.contains { $0.contains(20_000) })
      #expect(s.ranges.contains { $0.contains(20_000) })
    }
    // The last spread equals the first spread: same key, same pages.
    #expect(shown[5].1.pages == shown[1].1.pages)
    #expect(F.violations(out).isEmpty)
  }

  @Test("flat ↔ book keeps the same pages and does not paginate")
  func flatBook() {
    let out = F.run([F.hinge(180, at: 0), F.hinge(110, at: 1000), F.hinge(180, at: 2000)])
    #expect(F.paginated(out).count == 1)
    #expect(F.shown(out).count == 1)
  }

  @Test("AX5 and back: reflow keeps the place; returning to Large hits the cache with the same pages")
  func textSizes() {
    let out = F.run([F.hinge(0, at: 0), Event(time: 1000, .textSize(.AX5)), Event(time: 2000, .textSize(.large))])
    let p = F.paginated(out)
    #expect(p.map(\.1.cache) == [.miss, .miss, .hit])
    #expect(p[1].1.pageCount > p[0].1.pageCount * 4)
    #expect(p[2].1.ms == 0)
    let shown = F.shown(out)
    #expect(shown.allSatisfy { $0.1.ranges.contains { $0.contains(20_000) } })
    #expect(shown[2].1.pages == shown[0].1.pages)
    #expect(F.violations(out).isEmpty)
  }

  @Test("turns move by a page or a spread and re-anchor the place; the hinge never turns a page")
  func turnsInEveryPose() {
    // closed: ±1 page
    var out = F.run([
      F.hinge(0, at: 0), Event(time: 500, .turn(.next)), Event(time: 600, .turn(.next)), Event(time: 700, .turn(.prev)),
    ])
    var shown = F.shown(out).map(\.1)
    #expect(shown.map { $0.pages[0] - shown[0].pages[0] } == [0, 1, 2, 1])
    #expect(shown.dropFirst().allSatisfy { $0.offset == $0.ranges[0].lowerBound })
    // spread: ±2 pages
    out = F.run([
      F.hinge(180, at: 0), Event(time: 500, .turn(.next)), Event(time: 600, .turn(.prev)),
      Event(time: 700, .turn(.prev)),
    ])
    shown = F.shown(out).map(\.1)
    #expect(shown.map { $0.pages[0] - shown[0].pages[0] } == [0, 2, 0, -2])
    #expect(shown.allSatisfy { $0.pages[0] % 2 == 0 && $0.pages.count == 2 })
    // tabletop: ±1 page
    out = F.run([F.hinge(110, at: 0), Event(time: 0, .orientation(.landscapeLeft)), Event(time: 1000, .turn(.next))])
    shown = F.shown(out).map(\.1)
    #expect(shown.last!.layout == .tabletop)
    #expect(shown.last!.pages[0] == shown[shown.count - 2].pages[0] + 1)
    // Folding after a turn shows the turned-to place, not a new page.
    out = F.run([F.hinge(0, at: 0), Event(time: 500, .turn(.next)), F.hinge(180, at: 1000)])
    shown = F.shown(out).map(\.1)
    #expect(shown[2].offset == shown[1].offset)
    #expect(F.violations(out).isEmpty)
  }

  @Test("turning past either end does nothing; goto jumps to the page holding the offset")
  func endsAndGoto() {
    let out = F.run([
      F.hinge(0, at: 0), Event(time: 500, .goto(offset: 0)), Event(time: 600, .turn(.prev)),
      Event(time: 700, .goto(offset: 10_000_000)),
    ])
    let shown = F.shown(out).map(\.1)
    #expect(shown.count == 3)
    #expect(shown[1].pages == [0])
    #expect(shown[2].offset == F.document.utf16Count)
    #expect(shown[2].pages == [shown[2].pageCount - 1])
  }

  @Test("the text's analysis is charged to the first pagination, or done in the background with pre-pagination")
  func analysisCharge() {
    func first(prepaginate: Bool) -> Paginated {
      let reader = ReaderStateMachine(
        document: F.document, profile: F.profile, offset: 20_000, model: .fixed(ms: 5, analysisMs: 50),
        prepaginate: prepaginate)
      let out = TestSupport.run(
        [F.hinge(0, at: 0), F.hinge(180, at: 1000)], stages: Pipeline.simulator(profile: F.profile) + [reader])
      return F.paginated(out)[0].1
    }
    #expect(first(prepaginate: false).ms == 55)  // analysis + layout, on the main thread
    #expect(first(prepaginate: true).ms == 5)  // analysed during the 200 ms settle window
  }

  @Test("pre-pagination: opening finds its pages ready")
  func prepaginate() {
    let inputs = [F.hinge(0, at: 0), F.hinge(180, at: 2000)]
    let plain = F.paginated(F.run(inputs))
    let ahead = F.paginated(F.run(inputs, prepaginate: true))
    #expect(plain.map(\.1.cache) == [.miss, .miss])
    #expect(ahead.map(\.1.cache) == [.miss, .hit])
    #expect(ahead[1].1.ms == 0)
    #expect(plain[1].1.ms == 5)
  }
}

@Suite("Reader turns in every pose")
struct ReaderTurnsInEveryPoseTests {
  typealias F = ReaderFixtures

  /// Inputs that bring the phone into a pose and let it settle by t = 3000.
  static let poses: [(Pose, [Event], LayoutKind, Int)] = [
    (.closed, [F.hinge(0, at: 0)], .single, 1),
    (.closedSideways, [Event(time: 0, .orientation(.landscapeLeft)), F.hinge(0, at: 0)], .single, 1),
    (.openWide, [F.hinge(180, at: 0)], .spread, 2),
    (.book, [F.hinge(110, at: 0)], .spread, 2),
    (.openTall, [Event(time: 0, .orientation(.landscapeLeft)), F.hinge(180, at: 0)], .single, 1),
    (.tabletop, [Event(time: 0, .orientation(.landscapeLeft)), F.hinge(110, at: 0)], .tabletop, 1),
    (.splitView, [F.hinge(180, at: 0), Event(time: 500, .split(.left))], .single, 1),
  ]

  @Test("next, next, prev move by the layout's step and re-anchor the place", arguments: 0..<7)
  func turns(_ index: Int) {
    let (pose, setup, layout, step) = Self.poses[index]
    let inputs =
      setup + [Event(time: 3000, .turn(.next)), Event(time: 3100, .turn(.next)), Event(time: 3200, .turn(.prev))]
    let out = F.run(inputs)
    #expect(out.contains { if case .pose(let p) = $0.kind { p.pose == pose } else { false } }, "\(pose)")
    let shown = F.shown(out).map(\.1)
    let turned = Array(shown.suffix(3))
    let before = shown[shown.count - 4]
    #expect(before.layout == layout, "\(pose)")
    #expect(turned.map { $0.pages[0] - before.pages[0] } == [step, 2 * step, step], "\(pose)")
    #expect(turned.allSatisfy { $0.offset == $0.ranges[0].lowerBound }, "\(pose)")
    #expect(F.violations(out).isEmpty, "\(pose)")
  }
}

@Suite("Violations in the stream")
struct ReaderViolationStreamTests {
  /// Issue 12: with a 10-ms settle window the reader paginates the rotation burst's sizes
  /// (851 × 629, 803.5 × 682.5, 732.5 × 763.5, 685 × 817) while the region still holds the
  /// book's 611-pt fold. None of those readers is 611 tall, so the fold runs none of them top to
  /// bottom: one page each, no fold in the way, no violation; then tabletop at 669 × 835.
  @Test("a rotation paginated mid-burst: one page over the last size's fold, no fold-clear")
  func rotationMidBurst() {
    let profile = ReaderFixtures.profile
    let reader = ReaderStateMachine(
      document: ReaderFixtures.document, profile: profile, offset: 20_000, model: .fixed(2))
    let out = TestSupport.run(
      [ReaderFixtures.hinge(110, at: 0), Event(time: 1000, .orientation(.landscapeLeft))],
      stages: Pipeline.simulator(profile: profile, settleMs: 10) + [reader])
    let shown = ReaderFixtures.shown(out).map(\.1)
    #expect(shown.map(\.layout) == [.spread, .single, .single, .single, .single, .tabletop])
    // 811, 763.5, 692.5 and 645 pt of room, each narrowed to the kit's 600 in regular width.
    #expect(shown.dropFirst().prefix(4).map { $0.frames.first?.width } == [600, 600, 600, 600])
    #expect(ReaderFixtures.violations(out).isEmpty)
  }

  /// A real crossing still fires: a 555.5-pt open-wide reader leaves 555.5 − 495.5 − 2 × 20 =
  /// 20-pt pages beside its fold, and at AX5 (53 pt) a "W" is wider than that page and the
  /// 20-pt fold inset together, so the leading page's first line runs into the fold.
  @Test("a glyph wider than its page and the fold inset runs into the fold the spread splits at: fold-clear fires")
  func foldClearFromAProfile() throws {
    var profile = ReaderFixtures.profile
    profile.poses[.openWide]?.width = 555.5
    let document = try ReaderDocument(text: String(repeating: "WWW ", count: 40), profile: profile)
    let reader = ReaderStateMachine(document: document, profile: profile, offset: 0, model: .fixed(5))
    let out = TestSupport.run(
      [Event(time: 0, .sample(angle: 180)), Event(time: 0, .textSize(.AX5))],
      stages: Pipeline.simulator(profile: profile) + [reader])
    let shown = ReaderFixtures.shown(out)
    #expect(shown.map(\.1.layout) == [.spread])
    #expect(shown.first?.1.frames.map(\.width) == [20, 20])
    let violations = ReaderFixtures.violations(out)
    #expect(violations.map(\.rule) == ["fold-clear"])
    #expect(violations.first?.cause == .settled)
    #expect(violations.first?.pages == shown.first?.1.pages)
    let line = out.first { if case .violation = $0.kind { true } else { false } }.map { EventWriter.string($0) }
    #expect(
      line?.hasPrefix(
        #"{"t":205,"type":"violation","rule":"fold-clear","message":"page 1 line 1 crosses the fold at x 455.5, y 0""#)
        == true)
  }
}
