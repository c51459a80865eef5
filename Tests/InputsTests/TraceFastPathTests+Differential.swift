import Synchronization
import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// Random traces read with the fast paths and with them turned off give the same events, to
/// the bit, and the same errors at the same line and column: the fast paths only ever decline.
@Suite("Trace readers' fast paths agree with the general path")
struct TraceFastPathDifferentialTests {
  /// Everything a lenient read gives, in order: each event (times and angles as bit patterns)
  /// and each skipped line's error.
  final class Outcome: Sendable {
    let entries = Mutex<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
  }

  func describe(_ event: Event) -> String {
    if case .sample(let angle) = event.kind { return "\(event.time.bitPattern) sample \(angle.bitPattern)" }
    return "\(event.time.bitPattern) \(event.kind)"
  }

  /// Reads `text` as JSONL or CSV, leniently or until the first error, with or without the
  /// fast paths.
  func read(_ path: String, csv: Bool, fast: Bool, lenient: Bool) -> [String] {
    let outcome = Outcome()
    let policy = BadLinePolicy(lenient: lenient) { outcome.add("skipped \($0)") }
    do {
      var source: any EventSource
      if csv {
        var trace = try CSVTraceSource(path: path, angleRange: 0...180, policy: policy)
        trace.readsRowsInPlace = fast
        source = trace
      } else {
        var trace = try JSONLTraceSource(path: path, angleRange: 0...180, policy: policy)
        trace.readsRawSamples = fast
        source = trace
      }
      while let event = try source.next() { outcome.add(describe(event)) }
    } catch {
      outcome.add("error \(error)")
    }
    return outcome.entries.withLock { $0 }
  }

  /// A number as a trace might spell it: mostly plain, sometimes long, with an exponent,
  /// leading zeros, out of range, or not a number at all.
  static func number(_ random: inout SeededRandom, around value: Int) -> String {
    switch random.int(0...9) {
    case 0...5: return random.oneIn(3) ? "\(value)" : "\(value).\(random.int(0...99_999))"
    case 6: return "\(value).\(random.int(100_000_000...999_999_999))\(random.int(1_000_000...9_999_999))"
    case 7: return random.pick(["\(value)e0", "1.5E2", "\(value)e-1", "2e3"])
    case 8: return random.pick(["0\(value)", "-0", "-\(value)", "+\(value)", "00.5", "-0.0"])
    default: return random.pick(["", "-", ".", "\(value).", ".5", "1.2.3", "x", "181", "1e400", "nan"])
    }
  }

  /// Changes one byte of `line`, inserts one or takes one out (now and then).
  static func mutated(_ line: String, _ random: inout SeededRandom) -> String {
    guard random.oneIn(6), !line.isEmpty else { return line }
    var bytes = Array(line.utf8)
    let at = random.int(0...(bytes.count - 1))
    let byte = random.pick(Array(" \t\"{},:.-0123456789eEx".utf8) + [0x01, 0x0D, 0x7F, 0xC3, 0xFF])
    switch random.int(0...2) {
    case 0: bytes[at] = byte
    case 1: bytes.insert(byte, at: at)
    default: bytes.remove(at: at)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A trace of `lines` lines: `line` makes each from a time and an angle, then one in six is
  /// mutated and one in twenty ends in CRLF. Times mostly go up, now and then back.
  static func trace(
    seed: UInt64, lines: Int, header: String, _ line: (String, String, inout SeededRandom) -> String
  ) -> String {
    var random = SeededRandom(seed: seed)
    var t = 0
    var text = header
    for _ in 0..<lines {
      t += random.oneIn(12) ? -random.int(1...5) : random.int(0...3)
      let time = random.oneIn(4) ? number(&random, around: max(t, 0)) : "\(max(t, 0))"
      let angle = number(&random, around: random.int(0...185))
      text += mutated(line(time, angle, &random), &random) + (random.oneIn(20) ? "\r\n" : "\n")
    }
    return text
  }

  static func jsonl(seed: UInt64, lines: Int) -> String {
    trace(seed: seed, lines: lines, header: "") { time, angle, random in
      let line: String
      switch random.int(0...19) {
      case 0: line = #"{"type":"hinge","t":\#(time),"angle":\#(angle)}"#
      case 1: line = #"{"t":\#(time), "type":"hinge", "angle":\#(angle)}"#
      case 2: line = #"{"t":\#(time),"type":"hinge","angle":\#(angle),"note":"x"}"#
      case 3: line = #"{"t":\#(time),"type":"orientation","orientation":"landscapeLeft"}"#
      case 4: line = random.pick(["", "# a comment", "  ", #"{"t":\#(time),"type":"hing","angle":1}"#])
      default: line = #"{"t":\#(time),"type":"hinge","angle":\#(angle)}"#
      }
      return line
    }
  }

  static func csv(seed: UInt64, lines: Int) -> String {
    trace(seed: seed, lines: lines, header: "t_ms,angle_deg,orientation\n") { time, angle, random in
      let pad = { (random: inout SeededRandom) in random.oneIn(8) ? random.pick([" ", "\t", "  "]) : "" }
      var line = pad(&random) + time + pad(&random) + "," + pad(&random) + angle + pad(&random)
      switch random.int(0...9) {
      case 0: line += "," + random.pick(["portrait", "PORTRAIT", "landscapeleft", "faceUp ", " faceDown", ""])
      case 1: line += "," + random.pick(["sideways", "portrait,x", "portraitupsidedow", "faceUpp", "portrait\u{E9}"])
      case 2: line = random.pick(["", "# comment", "   ", "1", "1,2,3,4"])
      default: break
      }
      return line
    }
  }

  @Test(
    "random traces: the same events and errors with the fast path (raw JSONL samples, CSV rows in place) or without",
    arguments: [false, true])
  func randomTraces(csv: Bool) {
    for seed in UInt64(1)...4 {
      let path =
        csv
        ? TestSupport.temporaryFile(Self.csv(seed: seed, lines: 1_500), suffix: ".csv")
        : TestSupport.temporaryFile(Self.jsonl(seed: seed, lines: 1_500), suffix: ".jsonl")
      let fast = read(path, csv: csv, fast: true, lenient: true)
      #expect(fast == read(path, csv: csv, fast: false, lenient: true))
      #expect(fast.count > 1_000)
      #expect(fast.filter { $0.hasPrefix("skipped") }.count > 100)  // errors of every kind on the way
      #expect(read(path, csv: csv, fast: true, lenient: false) == read(path, csv: csv, fast: false, lenient: false))
    }
  }

  @Test("a raw sample out of order or out of range is located as before: line, column 1, message")
  func jsonlCheckedSamples() {
    let path = TestSupport.temporaryFile(
      #"{"t":5,"type":"hinge","angle":1}"# + "\n" + #"{"t":4,"type":"hinge","angle":1}"# + "\n", suffix: ".jsonl")
    #expect(
      read(path, csv: false, fast: true, lenient: false).last
        == "error \(path):2:1: expected a time ≥ 5 ms (timestamps must not go back), found 4")
    let range = TestSupport.temporaryFile(#"{"t":5,"type":"hinge","angle":180.5}"# + "\n", suffix: ".jsonl")
    #expect(
      read(range, csv: false, fast: true, lenient: false)
        == ["error \(range):1:1: expected an angle from 0 to 180 degrees, found 180.5"])
  }

  @Test("CSV orientations read in place in any case; other names and non-ASCII ones go the string path")
  func csvOrientations() {
    let path = TestSupport.temporaryFile(
      "t_ms,angle_deg,orientation\n0,1,LANDSCAPELEFT\n1,2,landscapeLeft\n2,3, faceup \n3,4,portrait\u{E9}\n",
      suffix: ".csv")
    let events = read(path, csv: true, fast: true, lenient: false)
    #expect(events.filter { !$0.hasPrefix("error") && $0.contains("orientation") }.count == 2)
    #expect(
      events.last?.hasPrefix(
        "error \(path):5:5: expected an orientation (portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown), found 'portrait\u{E9}'"
      ) == true)
    #expect(events == read(path, csv: true, fast: false, lenient: false))
  }
}
