import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Reports

@Suite("Chrome trace export")
struct ChromeTraceTests {
  static func parse(_ json: String) throws -> [[String: Any]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
    let root = try #require(object as? [String: Any])
    #expect(root["displayTimeUnit"] as? String == "ms")
    return try #require(root["traceEvents"] as? [[String: Any]])
  }

  static func trace() throws -> [[String: Any]] {
    let events = TimingFixtures.run(TimingFixtures.scripted, readerMs: 12.5)
    var stream = events
    stream.append(
      Event(
        time: 7100,
        .violation(Violation(rule: "offset-visible", message: "m", cause: .turn, causeTime: 7000)))
    )
    return try parse(ChromeTrace.document(stream, processName: "scripted"))
  }

  @Test(
    "every event has name, ph, ts, pid and tid; X has dur ≥ 0; C has numeric args; i has a scope")
  func requiredFields() throws {
    let events = try Self.trace()
    #expect(events.count > 20)
    for e in events {
      #expect(e["name"] is String)
      #expect(e["ph"] is String)
      #expect(e["ts"] is NSNumber)
      #expect(e["pid"] is NSNumber)
      #expect(e["tid"] is NSNumber)
      switch e["ph"] as? String {
      case "X":
        let dur = try #require(e["dur"] as? Double)
        #expect(dur >= 0)
      case "C":
        let args = try #require(e["args"] as? [String: Any])
        #expect(!args.isEmpty)
        #expect(args.values.allSatisfy { $0 is NSNumber })
      case "i":
        #expect(["g", "p", "t"].contains(e["s"] as? String ?? ""))
      case "M":
        #expect(
          ["process_name", "thread_name", "thread_sort_index"].contains(e["name"] as? String ?? ""))
        #expect(e["args"] is [String: Any])
      default:
        Issue.record("unexpected phase \(e["ph"] ?? "nil")")
      }
    }
  }

  @Test(
    "one named track per stage, counters for the angle, instants for status changes and violations")
  func tracks() throws {
    let events = try Self.trace()
    let names = events.filter { $0["name"] as? String == "thread_name" }.compactMap {
      ($0["args"] as? [String: Any])?["name"] as? String
    }
    #expect(names == ["input", "hinge", "scene", "settle", "reader", "timing"])
    #expect(events.contains { $0["ph"] as? String == "C" && $0["name"] as? String == "angle" })
    #expect(
      events.contains {
        $0["ph"] as? String == "i" && ($0["name"] as? String ?? "").hasPrefix("status closed→")
      })
    #expect(
      events.contains {
        $0["ph"] as? String == "i" && $0["s"] as? String == "g"
          && $0["name"] as? String == "violation offset-visible"
      })
    let slices = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["name"] as? String }
    #expect(slices.contains("burst 7 sizes"))  // the open burst runs on through fullyOpen
    // A reversal cuts a burst short: open at 1000, close again at 1050.
    let reversal = TimingFixtures.run(
      [
        Event(time: 0, .sample(angle: 0)), Event(time: 1000, .sample(angle: 180)), Event(time: 1050, .sample(angle: 0)),
      ],
      readerMs: 12.5)
    let cut = try Self.parse(ChromeTrace.document(reversal)).filter { $0["ph"] as? String == "X" }
      .compactMap { $0["name"] as? String }
    #expect(cut.contains("burst 2 of 7 sizes (cut short)"))
    #expect(cut.contains("burst 4 sizes"))
    #expect(slices.filter { $0 == "paginate" }.count == 4)
    #expect(slices.filter { $0 == "debounce" }.count == 5)
    #expect(slices.contains("status closed→fullyOpen"))
    let paginate = try #require(events.first { $0["name"] as? String == "paginate" })
    #expect(paginate["ts"] as? Double == 200_000)
    #expect(paginate["dur"] as? Double == 12_500)
  }

  @Test("complete events on one track nest or do not overlap")
  func nesting() throws {
    let events = try Self.trace()
    var byTrack: [Int: [(Double, Double)]] = [:]
    for e in events where e["ph"] as? String == "X" {
      let tid = (e["tid"] as? Int) ?? -1
      let ts = e["ts"] as? Double ?? 0
      byTrack[tid, default: []].append((ts, ts + (e["dur"] as? Double ?? 0)))
    }
    #expect(byTrack.count >= 4)
    for (tid, slices) in byTrack {
      for (i, a) in slices.enumerated() {
        for b in slices[(i + 1)...] {
          let disjoint = a.1 <= b.0 || b.1 <= a.0
          let nested = (a.0 <= b.0 && b.1 <= a.1) || (b.0 <= a.0 && a.1 <= b.1)
          #expect(disjoint || nested, "track \(tid): \(a) and \(b) overlap")
        }
      }
    }
  }

  @Test("a slice that would overlap goes to an overlap track")
  func overlap() throws {
    let r1 = TimingRecord(
      cycle: SettleCycle(
        cause: .rotation, causeTime: 0, firstChange: 0, lastChange: 0, firstSize: nil,
        lastSize: nil), sizes: 0, settled: 200,
      paginationMs: 0, cache: .skip,
      pageCount: 0, characters: 0, shown: 300)
    var r2 = r1
    r2.cycle.causeTime = 250
    r2.shown = 500
    let events = try Self.parse(
      ChromeTrace.document([Event(time: 300, .timing(r1)), Event(time: 500, .timing(r2))]))
    let tids = events.filter { $0["ph"] as? String == "X" }.compactMap { $0["tid"] as? Int }
    #expect(tids == [6, 106])
    #expect(
      events.contains { ($0["args"] as? [String: Any])?["name"] as? String == "timing (overlap)" })
  }
}
