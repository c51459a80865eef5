import Reader
import TestSupport
import Typesetter

@testable import EventStream

/// Shared set-up for reader tests: the bundled profile, a long text, and runs through the
/// simulator and the reader with the compute time pinned.
enum ReaderFixtures {
  static let profile = TestSupport.profile()

  /// A valid spread state for the invariant checker: pages 2–3 of 4, 100 characters each, two
  /// 50-unit, 300-pt lines per page, the fold frame of the bundled profile.
  static func validSpreadSnapshot() -> ReaderSnapshot {
    let geometry = PageGeometry(
      width: 867, height: 611,
      division: Division(frame: Rect(x: 455.5, y: 0, width: 40, height: 611), isActive: true), insets: profile.pages)
    let line = { (start: Int) in
      Line(range: start..<(start + 50), width: 300, endsParagraph: false, hyphenated: false)
    }
    return ReaderSnapshot(
      offset: 250, previousOffset: 250, pages: [2, 3], pageRanges: [0..<100, 100..<200, 200..<300, 300..<400],
      textLength: 400, geometry: geometry, visibleLines: [[line(200), line(250)], [line(300), line(350)]],
      style: TextStyle(pointSize: 17, lineHeight: 22, lineSpacing: 3, paragraphSpacing: 10, hyphenationFactor: 0.7),
      cause: "settled", breaksFingerprint: 1, key: "331.5×571 large")
  }

  /// A text of numbered paragraphs of varied length, ~60,000 UTF-16 units.
  static let text: String = {
    var paragraphs: [String] = []
    let words = [
      "fold", "hinge", "lighthouse", "cartographer", "clockwork", "tide", "harbour", "lantern", "measure", "coast",
    ]
    for i in 0..<400 {
      var p = "¶\(i) "
      for j in 0..<(8 + (i * 7) % 40) { p += words[(i + j) % words.count] + " " }
      paragraphs.append(p + "end.")
    }
    return paragraphs.joined(separator: "\n") + "\n"
  }()

  /// A fresh document: a layout keeps lazily built tables, so tests running in parallel must
  /// not share one (it is not `Sendable`; the compiler enforces it).
  static var document: ReaderDocument {
    do {
      return try ReaderDocument(text: text, profile: profile)
    } catch {
      fatalError("\(error)")
    }
  }

  /// Runs inputs through simulator + reader with 5 ms pinned per pagination.
  static func run(_ inputs: [Event], offset: Int = 20_000, computeMs: Double = 5, prepaginate: Bool = false) -> [Event]
  {
    let reader = ReaderStateMachine(
      document: document, profile: profile, offset: offset, model: .fixed(ms: computeMs), prepaginate: prepaginate)
    return TestSupport.run(inputs, stages: Pipeline.simulator(profile: profile) + [reader])
  }

  static func shown(_ events: [Event]) -> [(Double, Shown)] {
    events.compactMap {
      if case .shown(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  static func violations(_ events: [Event]) -> [Violation] {
    events.compactMap {
      if case .violation(let v) = $0.kind { return v }
      return nil
    }
  }

  static func paginated(_ events: [Event]) -> [(Double, Paginated)] {
    events.compactMap {
      if case .paginated(let p) = $0.kind { return ($0.time, p) }
      return nil
    }
  }

  /// Samples moving the hinge to `angle` at `time` (a jump).
  static func hinge(_ angle: Double, at time: Double) -> Event { Event(time: time, .sample(angle: angle)) }
}
