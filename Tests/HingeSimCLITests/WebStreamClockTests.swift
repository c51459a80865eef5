import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `web --clock stream` (the default): the page's timers run on the stream's time, so two runs
/// give the same log; `--clock real` measures each frame's delivery and blames a late host,
/// not the app.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct WebStreamClockTests {
  /// The app log with each time made relative to the sync's (the page's clock at the stream's 0).
  static func relativeLog(_ path: String) -> [String] {
    let lines = (POSIX.readSmallFile(path) ?? "").split(separator: "\n").compactMap {
      try? JSONValue.parse(Array($0.utf8))
    }
    guard case .number(let base)? = lines.first?["t"] else { return [] }
    return lines.dropFirst().map { line in
      guard case .object(var fields) = line, let i = fields.firstIndex(where: { $0.0 == "t" }),
        case .number(let t) = fields[i].1
      else { return line.found }
      // To the microsecond: the page's times are whole µs of its clock, and (base + t) − base
      // in binary floating point is not always t.
      fields[i].1 = .number(((t - base) * 1000).rounded() / 1000)
      return String(decoding: JSONValue.object(fields).orderedBytes, as: UTF8.self)
    }
  }

  /// Two runs of a burst-heavy source on the stream clock write the same page log, time for
  /// time: the page's debounce fired at the stream's times, not the host's. Each `frame` is at
  /// the stream time of its layout, and each pagination 200 ms (the settle window) after the
  /// last change.
  @Test func twoRunsWriteTheSameLogOnTheStreamsTimes() throws {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-clock"))
    defer { Directory.removeTree(directory) }
    var logs: [[String]] = []
    for i in 0..<2 {
      let path = directory + "/\(i).jsonl"
      let result = CLIHarness.run(["web", "traces/flip-flop.hinge", "--app-log", path])
      #expect(result.code == 0, "\(result.stderr)\n\(result.stdout)")
      logs.append(Self.relativeLog(path))
    }
    #expect(logs[0].count > 5)
    let firstDifference = zip(logs[0], logs[1]).first { $0 != $1 }
    #expect(
      logs[0] == logs[1],
      "\(logs[0].count) and \(logs[1].count) lines; first difference: \(String(describing: firstDifference))")
    // Every time is a stream time the driver chose: whole or a burst's 1000/60-ms steps.
    let frames = logs[0].filter { $0.contains("\"frame\"") }
    #expect(!frames.isEmpty)
    let stream = CLIHarness.run(["simulate", "traces/flip-flop.hinge"]).stdout
    let sceneTimes = Set(
      stream.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
        .filter { $0["type"] == .string("scene") }.compactMap { v -> Double? in
          if case .number(let t)? = v["t"] { return t }
          return nil
        })
    for frame in frames {
      let value = try JSONValue.parse(Array(frame.utf8))
      guard case .number(let t)? = value["t"] else { continue }
      #expect(sceneTimes.contains { abs($0 - t) < 0.01 }, "a frame at \(t) ms, at no scene's time")
    }
    // Each pagination fired its debounce exactly the profile's settle window (200 ms) after a
    // change the page saw: a size, or a posture (pose) change — on the stream's time.
    let changeTimes = sceneTimes.union(
      stream.split(separator: "\n").compactMap { try? JSONValue.parse(Array($0.utf8)) }
        .filter { $0["type"] == .string("pose") }.compactMap { v -> Double? in
          if case .number(let t)? = v["t"] { return t }
          return nil
        })
    let paginations = logs[0].filter { $0.contains("\"paginated\"") }
    #expect(!paginations.isEmpty)
    for line in paginations {
      let value = try JSONValue.parse(Array(line.utf8))
      guard case .number(let t)? = value["t"] else { continue }
      #expect(changeTimes.contains { abs($0 + 200 - t) < 0.01 }, "a pagination at \(t) ms, 200 ms after no change")
    }
  }

  /// A page that holds its main thread 120 ms on every resize: in real time its frames come
  /// late, and the rule it breaks is then not blamed on the app alone (exit 75); on the stream
  /// clock the same page gets the plain verdict (exit 1).
  @Test func lateFramesInRealTimeAreTheHostsAndTheStreamClockDoesNotCare() {
    let page = "file://" + TestSupport.packageRoot + "/Tests/HingeSimCLITests/Fixtures/web/slow-eager-reader.html"
    let real = CLIHarness.run(["web", "traces/open-wide.hinge", "--url", page, "--clock", "real", "--quiet-ms", "800"])
    #expect(real.code == 75, "\(real.stderr)")
    #expect(real.stderr.contains("host starved: the "), "\(real.stderr)")
    let stream = CLIHarness.run(["web", "traces/open-wide.hinge", "--url", page])
    #expect(stream.code == 1, "\(stream.stderr)")
    #expect(!stream.stderr.contains("host starved"))
    #expect(stream.stdout.contains("paginate-once-per-settle"))
  }

  /// A reader that debounces 137 ms, under the profile's 200-ms settle window: its timer falls
  /// due between the instants the driver moves the clock to, and still fires at its own due
  /// time — so its first pagination is at 137 ms, before the size settled at 200, and `web`
  /// catches it (a timer fired at the next instant would hide it behind the settle).
  @Test func aTimerDueBetweenTheStreamsInstantsFiresAtItsOwnTime() throws {
    let page =
      "file://" + TestSupport.packageRoot + "/Tests/HingeSimCLITests/Fixtures/web/eager-reader.html?settleMs=137"
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-web-clock"))
    defer { Directory.removeTree(directory) }
    let path = directory + "/app.jsonl"
    let result = CLIHarness.run(["web", "traces/flip-flop.hinge", "--url", page, "--app-log", path])
    #expect(result.code == 1, "\(result.stderr)")
    #expect(result.stdout.contains("paginated-before-settle"), "\(result.stdout)")
    let first = try #require(Self.relativeLog(path).first { $0.contains(#""type":"paginated""#) })
    #expect(try JSONValue.parse(Array(first.utf8))["t"] == .number(137), "\(first)")
  }

  @Test func anUnknownClockIsAUsageError() {
    let result = CLIHarness.run(["web", "--clock", "virtual"])
    #expect(result.code == 64)
    #expect(result.stderr.contains("--clock: expected stream or real"))
  }
}
