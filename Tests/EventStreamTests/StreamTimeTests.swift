import Testing

@testable import EventStream

/// `StreamTime`: every time a stage computes is a whole number of microseconds, the same value
/// however it was reached, written back as exactly that many microseconds.
@Suite("Stream time")
struct StreamTimeTests {
  @Test("adding and subtracting stay on whole microseconds, where plain Double arithmetic drifts")
  func noDrift() {
    #expect(0.1 + 0.2 != 0.3)
    #expect(StreamTime.adding(0.2, to: 0.1) == 0.3)
    #expect(3.3 + 74.091 + 16 != 93.391)  // a wait, a burst step and the hinge's 16-ms interval
    #expect(StreamTime.adding(16, to: StreamTime.adding(74.091, to: 3.3)) == 93.391)
    #expect(StreamTime.elapsed(from: 200.1, to: 500.3) == 300.2)
    #expect(NumberFormat.shortest(StreamTime.adding(16, to: 77.391)) == "93.391")
    // A thousand steps of a third of a millisecond end where one step of the sum does.
    var t = 0.0
    for _ in 0..<3000 { t = StreamTime.adding(1.0 / 3, to: t) }
    #expect(t == 999)
  }

  @Test("rounding resolves a time to the nearest microsecond, half away from zero")
  func rounding() {
    #expect(StreamTime.rounded(0.0004) == 0)
    #expect(StreamTime.rounded(0.0005) == 0.001)
    #expect(StreamTime.rounded(-0.0005) == -0.001)
    #expect(StreamTime.rounded(419.90700000000004) == 419.907)
    #expect(StreamTime.isExact(419.907))
    #expect(!StreamTime.isExact(419.90700000000004))
    #expect(!StreamTime.isExact(0.0004))
  }

  @Test("every microsecond up to the longest stream reads back as itself")
  func roundTripsAtTheRange() {
    // Near the top of the range a Double still resolves well below a microsecond.
    for n in [Int64(1), 999_999, 1_000_000_000_000_000, 1_999_999_999_999_999] {
      let ms = Double(n) / 1000
      #expect(StreamTime.rounded(ms) == ms)
      #expect(StreamTime.adding(0.001, to: ms) == Double(n + 1) / 1000)
    }
    #expect(Event.maxStreamTime * 1000 < 2_000_000_000_000_001)
  }
}
