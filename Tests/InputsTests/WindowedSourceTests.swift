import Testing

@testable import EventStream
@testable import Inputs

@Suite struct WindowedSourceTests {
  let trace: [Event] = [
    Event(time: 0, .orientation(.portrait)), Event(time: 0, .sample(angle: 0)),
    Event(time: 100, .sample(angle: 90)), Event(time: 150, .textSize(.AX2)),
    Event(time: 200, .turn(.next)), Event(time: 250, .goto(offset: 500)),
    Event(time: 300, .orientation(.landscapeLeft)), Event(time: 400, .sample(angle: 120)),
    Event(time: 500, .mark("cut")), Event(time: 500, .sample(angle: 130)),
    Event(time: 600, .split(.left)), Event(time: 700, .sample(angle: 180)),
  ]

  func window(from: Double, to: Double? = nil) throws -> [Event] {
    var source = WindowedSource(base: ArraySource(trace), fromMs: from, toMs: to)
    var out: [Event] = []
    while let event = try source.next() { out.append(event) }
    return out
  }

  @Test func stateBeforeTheCutIsReconstructedAtZero() throws {
    #expect(
      try window(from: 450) == [
        Event(time: 0, .orientation(.landscapeLeft)), Event(time: 0, .textSize(.AX2)),
        Event(time: 0, .goto(offset: 500)), Event(time: 0, .sample(angle: 120)),
        Event(time: 50, .mark("cut")), Event(time: 50, .sample(angle: 130)),
        Event(time: 150, .split(.left)), Event(time: 250, .sample(angle: 180)),
      ])
  }

  @Test func theNotesOpenStateAndTheSelectionAreStateTheNotesTextIsNot() throws {
    let notes: [Event] = [
      Event(time: 0, .sample(angle: 110)), Event(time: 100, .notes(.open)), Event(time: 150, .note("draft")),
      Event(time: 200, .select(offset: 10, length: 5)), Event(time: 250, .addToNotes), Event(time: 300, .turn(.next)),
    ]
    var source = WindowedSource(base: ArraySource(notes), fromMs: 300)
    var out: [Event] = []
    while let event = try source.next() { out.append(event) }
    #expect(
      out == [
        Event(time: 0, .notes(.open)), Event(time: 0, .select(offset: 10, length: 5)),
        Event(time: 0, .sample(angle: 110)),
        Event(time: 0, .turn(.next)),
      ])
  }

  @Test func nothingAtOrAfterTheCutIsLostOrInvented() throws {
    for from in stride(from: 0.0, through: 750, by: 50) {
      let out = try window(from: from)
      let replayed = trace.filter { $0.time >= from }.map { Event(time: $0.time - from, $0.kind) }
      // The window is the reconstructed state (all at 0, only kinds that carry state),
      // followed by exactly the events at or after the cut.
      #expect(Array(out.suffix(replayed.count)) == replayed)
      let reconstructed = out.dropLast(replayed.count)
      #expect(reconstructed.allSatisfy { $0.time == 0 })
      #expect(
        reconstructed.allSatisfy {
          if case .turn = $0.kind { false } else if case .mark = $0.kind { false } else { true }
        })
      #expect(reconstructed.count <= 5)
    }
  }

  @Test func theEndIsExclusive() throws {
    #expect(try window(from: 500, to: 700).map(\.time) == [0, 0, 0, 0, 0, 0, 100])
    let halves =
      try window(from: 0, to: 300)
      + window(from: 300).filter { $0.time > 0 || $0.kind == .orientation(.landscapeLeft) }
    #expect(halves.filter { if case .turn = $0.kind { true } else { false } }.count == 1)
  }

  @Test func aWindowPastTheEndIsEmptyButForTheState() throws {
    let out = try window(from: 10_000)
    #expect(out.count == 5)
    #expect(out.last == Event(time: 0, .sample(angle: 180)))
  }
}
