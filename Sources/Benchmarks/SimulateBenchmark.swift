import EventStream
import Inputs
import Platform

/// `hingesim bench simulate`: simulate a generated 1,000,000-sample trace, JSONL and CSV, from
/// a file to /dev/null as `hingesim simulate FILE > /dev/null` does, beside a yardstick run in
/// the same rounds: a Python loop that only parses each JSONL line with orjson (skipped, saying
/// so, without python3 or orjson). Rounds interleave the three, so a busy machine slows each
/// alike; medians of wall and processor time, the ratio to the yardstick, the load average.
/// The traces are kept so that memory can be measured with `/usr/bin/time -v`.
public enum SimulateBenchmark {
  /// What the benchmark runs.
  public struct Settings: Sendable {
    /// Samples to generate.
    public var samples: Int
    /// Rounds (the median is reported).
    public var runs: Int
    /// Where the generated JSONL trace is written and kept (the CSV one beside it, `.csv`);
    /// nil is `/tmp/hingesim-bench-N.jsonl`.
    public var tracePath: String?
    /// The hinge range and sensor rate the generated script is compiled with.
    public var script: CompiledScript.Options
    /// The Python that runs the yardstick (nil: `python3` on PATH); no yardstick when absent.
    public var python: String?

    /// Makes settings.
    public init(
      samples: Int = 1_000_000, runs: Int = 5, tracePath: String? = nil, script: CompiledScript.Options,
      python: String? = nil
    ) {
      self.samples = samples
      self.runs = runs
      self.tracePath = tracePath
      self.script = script
      self.python = python
    }
  }

  /// The issue's targets (#30): samples/s of JSONL, of CSV, and the ratio to the orjson loop.
  public static let targets = (jsonl: 3_000_000.0, csv: 2_000_000.0, ratio: 1.3)

  /// Simulates the trace at `path` as `hingesim simulate` does, with `output` as the command's
  /// output, handing every stream event to `emit`.
  public typealias Simulate = (
    _ path: String, _ output: OutputFile, _ emit: (Event) -> Void
  ) throws(BenchmarkError) -> Void

  /// One timed run: wall and processor milliseconds.
  struct Timing {
    var wallMs: Double
    var cpuMs: Double
  }

  /// Writes the traces, runs `runs` interleaved rounds and prints the figures to `out`.
  public static func run(_ settings: Settings, out: OutputFile, simulate: Simulate) throws(BenchmarkError) {
    let jsonlPath = settings.tracePath ?? "/tmp/hingesim-bench-\(settings.samples).jsonl"
    let csvPath = (jsonlPath.hasSuffix(".jsonl") ? String(jsonlPath.dropLast(6)) : jsonlPath) + ".csv"
    let samples = try writeTraces(jsonl: jsonlPath, csv: csvPath, samples: settings.samples, options: settings.script)
    let sink = try OutputFile.create(path: "/dev/null")
    defer { sink.close() }
    let yardstick = Yardstick(python: settings.python)
    let load = loadAverage()
    var jsonl: [Timing] = []
    var csv: [Timing] = []
    var orjson: [Timing] = []
    var emitted = 0
    for _ in 0..<settings.runs {
      for (path, into) in [(jsonlPath, 0), (csvPath, 1)] {
        var count = 0
        let wall0 = MonotonicClock.nowMs()
        let cpu0 = ThreadCPUClock.nowMs()
        try simulate(path, sink) { event in
          count += 1
          sink.writeLine { EventWriter.append(event, to: &$0) }  // as `simulate` writes its output
        }
        sink.flush()
        let timing = Timing(wallMs: MonotonicClock.nowMs() - wall0, cpuMs: ThreadCPUClock.nowMs() - cpu0)
        if into == 0 { jsonl.append(timing) } else { csv.append(timing) }
        emitted = count
      }
      if let timing = yardstick.run(jsonlPath) { orjson.append(timing) }
    }
    let n = Double(samples)
    out.line(
      "bench simulate: \(BenchmarkFigures.grouped(n)) samples (\(jsonlPath), \(csvPath)), \(settings.runs) interleaved rounds, medians; load average \(load) before, \(loadAverage()) after"
    )
    out.line("  \("".padded(28))        wall       processor   samples/s (wall)  samples/s (processor)")
    func row(_ name: String, _ timings: [Timing]) -> (wall: Double, cpu: Double) {
      let wall = BenchmarkFigures.median(timings.map(\.wallMs))
      let cpu = BenchmarkFigures.median(timings.map(\.cpuMs))
      out.line(
        "  \(name.padded(28)) \(BenchmarkFigures.pad(BenchmarkFigures.fixed(wall, 1), 9)) ms \(BenchmarkFigures.pad(BenchmarkFigures.fixed(cpu, 1), 9)) ms \(BenchmarkFigures.pad(BenchmarkFigures.grouped(n / wall * 1000), 17)) \(BenchmarkFigures.pad(BenchmarkFigures.grouped(n / cpu * 1000), 22))"
      )
      return (n / wall * 1000, n / cpu * 1000)
    }
    let j = row("simulate JSONL → /dev/null", jsonl)
    let c = row("simulate CSV → /dev/null", csv)
    out.line("  (\(BenchmarkFigures.grouped(Double(emitted))) stream events per run)")
    if orjson.count == settings.runs {
      let o = row("python3 orjson.loads loop", orjson)
      let ratio = j.cpu / o.cpu
      out.line(
        "  JSONL simulate / orjson parse loop: \(BenchmarkFigures.fixed(ratio, 2))× (processor), \(BenchmarkFigures.fixed(j.wall / o.wall, 2))× (wall); target ≥ \(BenchmarkFigures.fixed(targets.ratio, 1))×: \(ratio >= targets.ratio ? "met" : "NOT met")"
      )
    } else {
      out.line("  yardstick skipped: \(yardstick.missing ?? "the orjson loop failed")")
    }
    out.line(
      "  targets (one core, processor time): JSONL ≥ \(BenchmarkFigures.grouped(targets.jsonl))/s \(j.cpu >= targets.jsonl ? "met" : "NOT met"), CSV ≥ \(BenchmarkFigures.grouped(targets.csv))/s \(c.cpu >= targets.csv ? "met" : "NOT met")"
    )
    out.line(
      "  peak RSS of this process \(Process.peakResidentKilobytes / 1024) MiB (one run: /usr/bin/time -v hingesim simulate \(jsonlPath))"
    )
  }

  /// Writes the generated script's events as a JSONL trace and its samples as a CSV one
  /// (`t_ms,angle_deg,orientation`); returns the number of JSONL events.
  static func writeTraces(jsonl: String, csv: String, samples: Int, options: CompiledScript.Options)
    throws(BenchmarkError) -> Int
  {
    let script: CompiledScript
    do {
      script = try CompiledScript.compile(RampScript.text(samples: samples), file: "<bench>", options: options)
    } catch {
      throw BenchmarkError(error.description, kind: .dataError)
    }
    let file = try OutputFile.create(path: jsonl)
    defer { file.close() }
    let table = try OutputFile.create(path: csv)
    defer { table.close() }
    file.line("# generated by hingesim bench simulate: \(script.eventCount) events, ramps at 1000 Hz")
    table.line("t_ms,angle_deg,orientation")
    var source = ScriptSource(script)
    var count = 0
    var orientation: Orientation?
    while let event = source.nextEvent() {
      file.write(bytes: EventWriter.line(event))
      count += 1
      switch event.kind {
      case .orientation(let o): orientation = o
      case .sample(let angle):
        let cell = orientation.map { ",\($0.rawValue)" } ?? ""
        orientation = nil
        table.line("\(NumberFormat.shortest(event.time)),\(NumberFormat.shortest(angle))\(cell)")
      default: break
      }
    }
    guard !file.isBroken, !table.isBroken else { throw BenchmarkError("\(jsonl): write failed", kind: .ioError) }
    return count
  }

  /// The first three fields of /proc/loadavg (1, 5 and 15 minutes).
  static func loadAverage() -> String { StartupBenchmark.loadAverage() }
}

/// The orjson parse loop: Python reads the JSONL file line by line and parses each line that
/// is not a comment with `orjson.loads`, timing only the loop (not the interpreter's start).
struct Yardstick {
  /// The Python to run, nil when there is none.
  let python: String?
  /// Why there is no yardstick, or nil.
  let missing: String?

  static let script = """
    import sys, time
    import orjson
    loads = orjson.loads
    w0, c0 = time.perf_counter(), time.process_time()
    n = 0
    with open(sys.argv[1], "rb") as f:
        for line in f:
            if line.startswith(b"#") or not line.strip():
                continue
            loads(line)
            n += 1
    print(n, (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000)
    """

  init(python: String?) {
    guard let found = python ?? PathLookup.find("python3") else {
      self.python = nil
      missing = "no python3 on PATH"
      return
    }
    guard let probe = Subprocess.run([found, "-c", "import orjson"]), probe.status == 0 else {
      self.python = nil
      missing = "orjson is not installed for \(found) (pip install orjson)"
      return
    }
    self.python = found
    missing = nil
  }

  /// One loop over `path`: wall and processor milliseconds of the loop alone.
  func run(_ path: String) -> SimulateBenchmark.Timing? {
    guard let python, let result = Subprocess.run([python, "-c", Self.script, path]), result.status == 0 else {
      return nil
    }
    let fields = result.output.split(separator: " ").map { Double($0.trimmingCharacters(in: " \n")) }
    guard fields.count == 3, let wall = fields[1], let cpu = fields[2] else { return nil }
    return SimulateBenchmark.Timing(wallMs: wall, cpuMs: cpu)
  }
}

extension String {
  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var s = self
    while let c = s.last, set.contains(c) { s = s.dropLast() }
    while let c = s.first, set.contains(c) { s = s.dropFirst() }
    return s
  }
}
