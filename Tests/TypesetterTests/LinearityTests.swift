import EventStream
import Testing

@testable import Typesetter

/// The layout is linear in its text, checked by work counts rather than by the clock: doubling a
/// pathological text (a long word, runs of spaces glued to punctuation, marks, flags, …) at most
/// doubles the units shaped, the grapheme-boundary steps and the cluster boundaries the line loop
/// looks at, and no run longer than `SegmentMeasurer.longestRun` reaches HarfBuzz (whose cost per
/// run is more than linear for some runs).
@Suite struct LinearityTests {
  /// Texts of about `n` UTF-16 units, each a way the layout used to be quadratic or could be.
  static let families: [(name: String, make: @Sendable (Int) -> String)] = [
    ("one long word", { String(repeating: "abcdefghij", count: $0 / 10) }),
    ("spaces between words", { "Hello" + String(repeating: " ", count: $0) + "world." }),
    ("spaces after a parenthesis", { "(" + String(repeating: " ", count: $0) + "x)" }),
    ("spaces before a parenthesis", { "x" + String(repeating: " ", count: $0) + ")" }),
    ("spaces between dashes", { "—" + String(repeating: " ", count: $0) + "—" }),
    ("no-break spaces", { "a" + String(repeating: "\u{A0}", count: $0) + "b" }),
    ("figure spaces", { "a" + String(repeating: "\u{2007}", count: $0) + "b" }),
    ("spaces with accents", { String(repeating: " \u{301}", count: $0 / 2) }),
    ("marks only the fallback has", { "a" + String(repeating: "\u{20DD}", count: $0) }),
    ("flags", { String(repeating: "🇫🇷", count: $0 / 4) }),
    ("a lone regional indicator run", { String(repeating: "🇫", count: $0 / 2) }),
    ("one zero-width-joiner sequence", { String(repeating: "👨\u{200D}", count: $0 / 3) }),
    ("ideographs", { String(repeating: "日本語", count: $0 / 3) }),
    ("one Hebrew word", { String(repeating: "שלום", count: $0 / 4) }),
    ("brackets then Hebrew", { String(repeating: "[", count: $0) + "ש" }),
    ("Hebrew then spaces in its font", { "ש" + String(repeating: " ", count: $0) + "x" }),
    ("hearts with VS16", { String(repeating: "❤️", count: $0 / 2) }),
    ("VS16 under many marks", { "a\u{FE0F}" + String(repeating: "\u{301}", count: $0) }),
  ]

  static func work(_ text: String) -> (total: Int, longestShaped: Int) {
    let layout = Fixtures.layout(text, hyphenate: true)
    _ = layout.paginate(width: 331.5, height: 571, style: Fixtures.style(.large))
    _ = layout.paginate(width: 160, height: 240, style: Fixtures.style(.AX5))
    let work = layout.work
    return (work.unitsShaped + work.boundarySteps + work.clusterSteps, work.longestShaped)
  }

  @Test(arguments: 0..<families.count)
  func workIsLinearInTheText(_ index: Int) {
    let (name, make) = Self.families[index]
    let n = 20_000
    let small = Self.work(make(n))
    let large = Self.work(make(2 * n))
    #expect(
      Double(large.total) <= 2.2 * Double(small.total) + 1000,
      "\(name): work \(small.total) at \(n) units, \(large.total) at \(2 * n)")
    #expect(Double(small.total) <= 40 * Double(n), "\(name): work \(small.total) at \(n) units")
    #expect(large.longestShaped <= SegmentMeasurer.longestRun, "\(name)")
    #expect(SegmentMeasurer.longestRun <= 1024)
  }
}
