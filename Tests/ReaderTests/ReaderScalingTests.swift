import TestSupport
import Testing

@testable import EventStream
@testable import Reader

/// Linear where a user makes the input grow: four times the input costs at most six times the
/// CPU (`Scaling`: this thread's CPU time, the fastest of five interleaved runs, the size-0
/// cost taken off), so a quadratic path (a ratio near 16) fails and a loaded machine does not.
@Suite("Reader scaling")
struct ReaderScalingTests {
  typealias F = ReaderFixtures

  /// A short text (one page or two) so that laying it out is a small part of the run.
  static let shortText = String(repeating: "The fold runs down the middle of the page. ", count: 60)

  static func runReader(_ inputs: [Event], text: String = shortText) -> [Event] {
    let document: ReaderDocument
    do {
      document = try ReaderDocument(text: text, profile: F.profile)
    } catch {
      fatalError("\(error)")
    }
    let reader = ReaderStateMachine(document: document, profile: F.profile, offset: 0, model: .fixed(ms: 5))
    return TestSupport.run(inputs, stages: Pipeline.simulator(profile: F.profile) + [reader])
  }

  /// The case: every Add to Notes paid for the whole notes text (its length and hash
  /// were computed again), so 800 adds of one selection took 13 s.
  @Test("Add to Notes ×4 costs at most ×6: the notes' length and hash grow with each quote")
  func addToNotes() {
    let growth = Scaling.measure(base: 1_500) { n in
      var inputs = [F.hinge(0, at: 0), Event(time: 400, .select(offset: 0, length: 873))]
      for i in 0..<n { inputs.append(Event(time: 500 + Double(i), .addToNotes)) }
      let out = Self.runReader(inputs)
      precondition(
        n == 0 || out.contains { if case .notesState(let s) = $0.kind { s.length >= 873 * n } else { false } })
    }
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  @Test("the notes hold at most 10,000,000 UTF-16 units: an add past that changes nothing and says why")
  func notesLimit() {
    var notes = ReaderNotes()
    let quote = String(repeating: "x", count: 1_000_000)
    for _ in 0..<9 {
      let added = notes.append(quote: quote)
      #expect(added)
    }
    #expect(notes.length == 9_000_008)  // nine quotes, a newline between each two
    let tenth = notes.append(quote: quote)
    #expect(!tenth)
    #expect(notes.length == 9_000_008)
    var whole = ContentHash()
    whole.add(notes.text.utf8)
    #expect(notes.hash == whole.hex)  // the running hash is the hash of the text
  }

  @Test("full notes: Add to Notes and a drag into them change nothing, and each notes event says why")
  func fullNotesRefuseAddAndDrag() {
    let typed = String(repeating: "x", count: ReaderNotes.maxLength - 100)
    let out = Self.runReader([
      F.hinge(0, at: 0), Event(time: 300, .notes(.open)), Event(time: 300, .note(typed)),
      Event(time: 400, .select(offset: 0, length: 873)), Event(time: 500, .addToNotes),
      Event(time: 600, .dragToNotes(.selection)),
    ])
    let states = out.compactMap { e -> NotesState? in if case .notesState(let s) = e.kind { s } else { nil } }
    let added = states.first { $0.change == .add }
    let dragged = states.first { $0.change == .drag }
    #expect(added?.length == ReaderNotes.maxLength - 100 && dragged?.length == ReaderNotes.maxLength - 100)
    #expect(added?.warning?.hasPrefix("notes full: ") == true && added?.warning?.hasSuffix("nothing added") == true)
    #expect(
      dragged?.warning?.hasPrefix("notes full: ") == true && dragged?.warning?.hasSuffix("nothing dragged") == true)
    #expect(added?.hash == ContentHash.of(typed.utf8) && dragged?.hash == added?.hash)
  }

  @Test("the notes' length is their UTF-16 count and their hash the text's, whatever the script")
  func notesLengthAndHash() {
    var notes = ReaderNotes()
    notes.replace(with: "Vorwort: “Grüße” ")
    for quote in ["é", "😀 flag 🇩🇪", "שלום", "", "tab\tnew\nline", "\u{10FFFF}"] {
      let added = notes.append(quote: quote)
      #expect(added)
      #expect(notes.length == notes.text.utf16.count, "\(quote)")
      #expect(notes.hash == ContentHash.of(notes.text.utf8), "\(quote)")
    }
  }

  @Test("select ×4 costs at most ×6: each selection is clipped by a search, not a walk of the pages")
  func selections() {
    let text = String(repeating: Self.shortText, count: 10)
    let growth = Scaling.measure(base: 6_000) { n in
      var inputs = [F.hinge(0, at: 0)]
      for i in 0..<n {
        inputs.append(Event(time: 400 + Double(i), .select(offset: (i * 7_919) % 25_000, length: 5_000)))
      }
      _ = Self.runReader(inputs, text: text)
    }
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }

  /// A text of `n` chapters: finding them, then the chapter holding each of `n` offsets.
  @Test("chapters ×4 cost at most ×6: headings found in one pass, the chapter of an offset by a search")
  func chapters() {
    let growth = Scaling.measure(
      base: 2_000,
      prepare: { n in
        (0..<n).map { "Chapter \($0 + 1)\n\nIt was a dark and stormy night; the rain fell in torrents.\n\n" }.joined()
      },
      { text in
        let library = Library(text: text)
        let length = library.chapters.last?.range.upperBound ?? 0
        var found = 0
        for i in 0..<library.chapters.count { found &+= library.chapter(containing: (i * 104_729) % max(1, length)).id }
        precondition(library.chapters.count <= 1 || found > 0)
      })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }
}
