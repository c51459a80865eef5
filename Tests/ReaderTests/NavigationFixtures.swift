import Reader
import TestSupport

@testable import EventStream

/// Set-up for navigation tests: a text of four headed chapters, runs through the simulator,
/// the navigation stage and the reader with the compute time pinned.
enum NavigationFixtures {
  typealias F = ReaderFixtures

  /// Four chapters of numbered paragraphs, each under `Chapter N: Title`.
  static let text: String = {
    let words = ["fold", "hinge", "lighthouse", "cartographer", "clockwork", "tide", "harbour", "lantern"]
    var out = ""
    for chapter in 1...4 {
      out += "Chapter \(chapter): The \(["Fold", "Hinge", "Tide", "Lantern"][chapter - 1]) Chapter\n"
      for i in 0..<60 {
        var p = "¶\(chapter).\(i) "
        for j in 0..<(10 + (i * 7) % 30) { p += words[(i + j) % words.count] + " " }
        out += p + "end.\n"
      }
    }
    return out
  }()

  static var document: ReaderDocument {
    do {
      return try ReaderDocument(text: text, profile: F.profile)
    } catch {
      fatalError("\(error)")
    }
  }

  static let library = Library(text: text)

  /// Runs inputs through simulator → navigation → reader with 5 ms pinned per pagination.
  static func run(_ inputs: [Event], offset: Int = 0, draft: String = "") -> [Event] {
    let reader = ReaderStateMachine(document: document, profile: F.profile, offset: offset, model: .fixed(ms: 5))
    let navigation = NavigationStateMachine(library: library, offset: offset, draft: draft, sidebarWidth: 280)
    return TestSupport.run(inputs, stages: Pipeline.simulator(profile: F.profile) + [navigation, reader])
  }

  /// Runs inputs through simulator → navigation → the reader that paginates one chapter at a time.
  static func runByChapter(_ inputs: [Event], offset: Int = 0) -> [Event] {
    let whole = document
    let reader = ChapterReader(
      library: library, document: whole, profile: F.profile, offset: offset, model: .fixed(ms: 5))
    let navigation = NavigationStateMachine(
      library: library, offset: offset, chapterPagination: true, sidebarWidth: 280)
    return TestSupport.run(inputs, stages: Pipeline.simulator(profile: F.profile) + [navigation, reader])
  }

  static func navigation(_ events: [Event]) -> [(Double, NavigationState)] {
    events.compactMap {
      if case .navigation(let n) = $0.kind { return ($0.time, n) }
      return nil
    }
  }

  static func settled(_ events: [Event]) -> [(Double, Settled)] {
    events.compactMap {
      if case .settled(let s) = $0.kind { return ($0.time, s) }
      return nil
    }
  }

  static func rotate(_ orientation: Orientation, at time: Double) -> Event {
    Event(time: time, .orientation(orientation))
  }
}
