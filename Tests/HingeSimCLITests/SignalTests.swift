import EventStream
import Foundation
import Platform
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A run cut short by a signal exits 130 (SIGINT) or 143 (SIGTERM), says on stderr that its
/// output is partial, and leaves only complete lines; a report cut short writes no report.
@Suite("Signals", .serialized)
struct SignalTests {
  static let binary = SignalledRun.binary

  /// A script long enough that the run is still going when the signal comes.
  static let longScript: String = {
    let path = "/tmp/hingesim-signal-\(getpid()).hinge"
    _ = FileManager.default.createFile(
      atPath: path,
      contents: Data("start closed portrait\nrepeat 20000 { open to 180 over 600ms; close over 600ms }\n".utf8))
    return path
  }()

  /// Runs the binary with `arguments`, sends `signal` after `delayMs` — and, with `ready`, once
  /// it holds (polled for up to 60 s: a loaded machine starts a browser slowly) — and returns
  /// (exit status, stdout, stderr).
  static func run(
    _ arguments: [String], signal: Int32, delayMs: UInt32 = 700, ready: (() -> Bool)? = nil,
    readyChild: ((SignalledRun) -> Bool)? = nil
  ) throws -> (Int32, String, String) {
    let out = "/tmp/hingesim-signal-\(getpid())-\(signal).out"
    let err = out + ".err"
    let child = try SignalledRun(arguments, stdout: out, stderr: err)
    usleep(delayMs * 1000)
    if let ready {
      for _ in 0..<1200 where !ready() { usleep(50_000) }
    }
    if let readyChild {
      for _ in 0..<1200 where !readyChild(child) { usleep(50_000) }
    }
    let code = child.stop(with: signal)
    return (
      code, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
      (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    )
  }

  /// Whether the run has printed its first line (its stdout, flushed line by line): its signal
  /// handlers are in place by then. A fixed delay alone is not enough on a loaded machine, where
  /// a signal before the handlers kills the process with no message.
  static func printed(_ signal: Int32) -> () -> Bool {
    let out = "/tmp/hingesim-signal-\(getpid())-\(signal).out"
    return { (POSIX.readSmallFile(out) ?? "").contains("\n") }
  }

  @Test("SIGTERM during simulate: exit 143, a partial-output note, every line complete JSON")
  func simulateTerminated() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let (code, out, err) = try Self.run(["simulate", Self.longScript], signal: SIGTERM, ready: Self.printed(SIGTERM))
    #expect(code == 143)
    #expect(err.contains("interrupted by SIGTERM: the output is partial"))
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.last == "")  // ends with a newline: no cut line
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("{\"t\":") && $0.hasSuffix("}") })
  }

  @Test("SIGINT during run: exit 130")
  func runInterrupted() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let (code, _, err) = try Self.run(
      ["run", Self.longScript, "--compute-ms", "1"], signal: SIGINT, ready: Self.printed(SIGINT))
    #expect(code == 130)
    #expect(err.contains("interrupted by SIGINT"))
  }

  /// A replayed knob recording plays in real time (5 s): a signal 0.7 s in cuts it short. Only a
  /// live session (a device, the full-screen view, the demo page) ends cleanly on Ctrl-C.
  @Test("SIGTERM or SIGINT during knob --replay: exit 143 or 130, and it says so", arguments: [SIGTERM, SIGINT])
  func knobReplayCutShort(signal: Int32) throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let recording = TestSupport.packageRoot + "/traces/knob-powermate.evemu"
    let (code, _, err) = try Self.run(["knob", "--replay", recording], signal: signal, ready: Self.printed(signal))
    #expect(code == 128 + signal)
    #expect(err.contains("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(err)")
  }

  @Test("Ctrl-C ends the full-screen view cleanly: exit 0, as its 'Ctrl-C quits' says")
  func viewQuitsOnCtrlC() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let recording = TestSupport.packageRoot + "/traces/knob-powermate.evemu"
    let (code, _, err) = try Self.run(
      ["knob", "--replay", recording, "--view"], signal: SIGINT, ready: Self.printed(SIGINT))
    #expect(code == 0, "\(err)")
    #expect(!err.contains("interrupted"))
  }

  /// Ctrl-C at ten instants across a knob replay (at twice its pace, so they fall on bursts,
  /// settles and paginations alike): each time the stream ends with the end marker, settles
  /// nothing that did not settle (every settle came the whole window after its last change),
  /// and its recording replays to exactly the stream the live run printed. Before the marker,
  /// Ctrl-C settled the pending size at once (a transient size, a wait of ~20 ms) and the
  /// recording replayed to something else.
  @Test("Ctrl-C at 10 instants of knob --replay --record: each recording replays to the live stream")
  func interruptedRecordingsReplay() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let recording = TestSupport.packageRoot + "/traces/knob-powermate.evemu"
    var generator = RandomRunPropertyTests.Generator(state: 24)
    let instants = (0..<10).map { _ in UInt32(generator.int(100...2_000)) }
    for delay in instants {
      let record = "/tmp/hingesim-signal-\(getpid())-\(delay).jsonl"
      defer { unlink(record) }
      // The instant counts from the run's start (its first recorded input), not the process's:
      // a loaded machine starts a process slowly, and a signal before the handler kills it.
      var started: UInt64?
      let (code, live, err) = try Self.run(
        ["knob", "--replay", recording, "--speed", "2", "--json", "--compute-ms", "1", "--record", record],
        signal: SIGINT, delayMs: 0,
        ready: {
          guard (POSIX.readSmallFile(record) ?? "").contains("\n") else { return false }
          let now = UInt64(MonotonicClock.nowMs())
          if started == nil { started = now }
          return now - started! >= UInt64(delay)
        })
      #expect(code == 130, "at \(delay) ms: \(err)")
      let lines = live.split(separator: "\n")
      #expect(lines.last?.contains(#""type":"end","reason":"interrupted"}"#) == true, "at \(delay) ms")
      for line in lines where line.contains(#""type":"settled""#) {
        let settled = try JSONValue.parse(Array(line.utf8))
        guard case .number(let t)? = settled["t"], case .number(let last)? = settled["lastChange"] else {
          Issue.record("at \(delay) ms: \(line)")
          continue
        }
        #expect(StreamTime.elapsed(from: last, to: t) == 200, "at \(delay) ms, a settle that did not wait: \(line)")
      }
      let replay = CLIHarness.run(["run", record, "--json", "--compute-ms", "1"])
      #expect(replay.code == 0, "at \(delay) ms: \(replay.stderr)")
      #expect(replay.stdout == live, "at \(delay) ms the recording replays to another stream")
    }
  }

  /// `report` prints nothing before its report: it is ready for the signal once it has used
  /// 50 ms of processor time (a wall-clock delay alone sent the signal before the handlers
  /// were in place on a loaded machine: no message). The script takes it ~14 s in a debug build.
  @Test("SIGTERM during report: exit 143 and no report that would look complete")
  func reportTerminated() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let (code, out, err) = try Self.run(
      ["report", Self.longScript, "--json", "--compute-ms", "1"], signal: SIGTERM, delayMs: 0,
      readyChild: { $0.processorMs >= 50 })
    #expect(code == 143)
    #expect(out == "")
    #expect(err.contains("no report written"))
  }
}
