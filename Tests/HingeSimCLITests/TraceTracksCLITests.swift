import EventStream
import Foundation
import TestSupport
import Testing

/// The Chrome trace's slices on one track nest or follow each other, as the format requires
/// (docs/timing.md, Chrome traces): however many cycles run into each other, each overlapping
/// slice gets an overlap track of its own.
@Suite("Chrome trace tracks")
struct TraceTracksCLITests {
  /// Every pair of `X` slices on one track (pid, tid) that partly overlap: one starts inside
  /// the other and ends after it.
  static func partialOverlaps(inTrace text: String) throws -> [String] {
    guard case .object = try JSONValue.parse(Array(text.utf8)),
      case .array(let events)? = try JSONValue.parse(Array(text.utf8))["traceEvents"]
    else { return ["not a trace document"] }
    var tracks: [String: [(start: Double, end: Double, name: String)]] = [:]
    for event in events where event["ph"] == .string("X") {
      guard case .number(let ts)? = event["ts"], case .number(let dur)? = event["dur"],
        case .number(let pid)? = event["pid"], case .number(let tid)? = event["tid"],
        case .string(let name)? = event["name"]
      else { return ["a slice without ts, dur, pid, tid or name"] }
      tracks["\(pid)/\(tid)", default: []].append((ts, ts + dur, name))
    }
    var found: [String] = []
    for (track, slices) in tracks {
      for (i, a) in slices.enumerated() {
        for b in slices[(i + 1)...] where a.start < b.start && b.start < a.end && a.end < b.end {
          found.append("track \(track): \(a.name) \(a.start)–\(a.end) and \(b.name) \(b.start)–\(b.end)")
        }
        for b in slices[(i + 1)...] where b.start < a.start && a.start < b.end && b.end < a.end {
          found.append("track \(track): \(b.name) \(b.start)–\(b.end) and \(a.name) \(a.start)–\(a.end)")
        }
      }
    }
    return found
  }

  /// Two text sizes while 2-second paginations run: three cycles overlap, and the third went
  /// on the first overlap track beside the second, 300–4200 and 2100–6200 ms partly overlapping.
  @Test("three overlapping cycles: no track holds two slices that partly overlap")
  func threeOverlappingCycles() throws {
    let script = "start openTall\nwait 300ms\ntext-size xSmall\nwait 1800ms\ntext-size small\nwait 5s\n"
    let path = TestSupport.temporaryFile(script, suffix: ".hinge")
    let trace = temporaryPath("overlap-trace.json")
    let report = CLIHarness.run(["report", path, "--compute-ms", "2000", "--trace-out", trace])
    #expect(report.code == 0, "\(report.stderr)")
    let text = try String(contentsOfFile: trace, encoding: .utf8)
    let overlaps = try Self.partialOverlaps(inTrace: text)
    #expect(overlaps.isEmpty, "\(overlaps)")
    #expect(text.contains(#""name":"timing (overlap 2)""#))
    // Each cycle is still there, from its cause to its page.
    for slice in [#""ts":0,"dur":2200000"#, #""ts":300000,"dur":3900000"#, #""ts":2100000,"dur":4100000"#] {
      #expect(text.contains(slice), "\(slice)")
    }
  }
}
