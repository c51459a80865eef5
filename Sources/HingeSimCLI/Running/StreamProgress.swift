import EventStream
import Platform

/// How far a run's output got: the times of the last events by the output line they end on,
/// so a failed write can say where the file stops (`… after 1,204 lines, t = 5,300 ms`).
struct StreamProgress {
  /// Events emitted so far.
  private(set) var events = 0
  /// The time of the last event.
  private(set) var lastTime = 0.0
  private var ring: [(line: Int, time: Double)] = Array(repeating: (0, 0), count: 4096)

  /// Notes an event and the output's line count once it was handed over.
  mutating func emitted(at time: Double, lines: Int) {
    ring[events % ring.count] = (lines, time)
    events += 1
    lastTime = time
  }

  /// The time of the last event whose lines all lie within the first `lines` lines, if still known.
  func time(throughLine lines: Int) -> Double? {
    var i = events - 1
    while i >= 0, i > events - 1 - ring.count {
      let entry = ring[i % ring.count]
      if entry.line <= lines { return entry.line == 0 ? nil : entry.time }
      i -= 1
    }
    return nil
  }

  /// `the output stops after 1,204 events (t = 5,300 ms)`, for an error that ended the run.
  var stopNote: String {
    events == 0
      ? "no output was written"
      : "the output stops after \(events) event\(events == 1 ? "" : "s") (t = \(NumberFormat.ms(lastTime)) ms)"
  }
}

extension CLIError {
  /// Exit 74 for a write that failed on `file` (a closed stdout pipe is not an error; callers
  /// check `isClosedPipe` first when the file is stdout): names the file, the reason and
  /// where the file's content stops.
  init(writeFailure file: OutputFile, progress: StreamProgress?) {
    let reason = file.failure?.message ?? "write failed"
    let lines = file.linesWritten
    let at = progress?.time(throughLine: lines).map { " (t = \(NumberFormat.ms($0)) ms)" } ?? ""
    let torn =
      file.tornBytes > 0 ? " and \(file.tornBytes) byte\(file.tornBytes == 1 ? "" : "s") of a cut line after them" : ""
    let message =
      "\(InputText.name(file.name)): write failed: \(reason)\n  it holds its first \(lines) complete line\(lines == 1 ? "" : "s")\(at)\(torn); the run stopped there"
    self.init(message, code: .ioError)
  }
}

extension OutputFile {
  /// True when a write failed other than by a closed pipe on standard output, which is the
  /// reader's choice and a clean end (`hingesim run … | head`).
  var failedForReal: Bool { failure != nil && !(isClosedPipe && name == "<stdout>") }
}
