import EventStream
import Inputs
import Knob
import Platform
import Simulator

/// `hingesim bench knob`: the latency from an `input_event`'s timestamp to the mapped
/// `KnobAction` being handed out, through real libevdev on the fake evdev device.
///
/// There is no `/dev/uinput` on build machines, so the device is the test-support fake
/// (`Tests/CFakeEvdev`, an `ioctl` interposer) loaded with `LD_PRELOAD`: the benchmark re-runs
/// itself with `LD_PRELOAD=<dir of hingesim>/libFakeEvdev.so` (build it with
/// `swift build --product FakeEvdev`). The interposer never ships inside `hingesim` itself.
/// A writer thread stamps each frame (`REL_DIAL +1`, `SYN_REPORT`) with `CLOCK_MONOTONIC` and
/// writes it to a pipe; this thread polls, reads through libevdev, maps, and stamps the action.
///
/// ```
/// swift build --product hingesim --product FakeEvdev
/// .build/debug/hingesim bench knob --events 5000 --interval-us 1000
/// ```
public enum KnobBenchmark {
  /// What the benchmark runs.
  public struct Settings: Sendable {
    /// Frames to send.
    public var events: Int
    /// Pause between frames, µs.
    public var intervalUs: Int
    /// Stops at the mapped `KnobAction` instead of the delivered `hinge` event.
    public var mapperOnly: Bool
    /// Prints one JSON object with the percentiles instead of two lines of text.
    public var json: Bool
    /// The directory holding `profiles/` (the pipeline runs the bundled iphone-duo profile).
    public var resourceRoot: String

    /// Makes settings.
    public init(
      events: Int = 2000, intervalUs: Int = 1000, mapperOnly: Bool = false, json: Bool = false,
      resourceRoot: String
    ) {
      self.events = events
      self.intervalUs = intervalUs
      self.mapperOnly = mapperOnly
      self.json = json
      self.resourceRoot = resourceRoot
    }
  }

  private typealias Add =
    @convention(c) (Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
  private typealias Enable = @convention(c) (Int32, UInt32, UInt32) -> Void
  private typealias Remove = @convention(c) (Int32) -> Void
  private typealias StartWriter =
    @convention(c) (Int32, Int32, Int32, UInt32, UInt32, Int32) -> Int32
  private typealias JoinWriter = @convention(c) () -> Int32

  /// Runs the benchmark (see the type's summary) and prints its figures to `out`; warnings go
  /// to `err`. `simulator` builds the simulator pipeline for a profile. Without the fake device
  /// in this process, re-runs the process with it preloaded (and returns only by throwing).
  /// Returns true when every frame sent was measured.
  public static func run(
    _ settings: Settings, out: OutputFile, err: OutputFile, simulator: (Profile) -> Pipeline
  ) throws(BenchmarkError) -> Bool {
    let count = settings.events
    let interval = settings.intervalUs
    let mapperOnly = settings.mapperOnly
    guard let add = Process.symbol("fake_evdev_add", as: Add.self),
      let enable = Process.symbol("fake_evdev_enable", as: Enable.self),
      let remove = Process.symbol("fake_evdev_remove", as: Remove.self),
      let start = Process.symbol("fake_evdev_start_writer", as: StartWriter.self),
      let join = Process.symbol("fake_evdev_join_writer", as: JoinWriter.self)
    else {
      try reexecWithFakeDevice(out: out, err: err)
    }

    guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
      throw BenchmarkError("cannot create a pipe", kind: .ioError)
    }
    let fds = [pipe.read, pipe.write]
    defer {
      POSIX.close(fds[1])
      POSIX.close(fds[0])
    }
    guard add(fds[0], "Bench PowerMate", 3, 0x077d, 0x0410) == 0 else {
      throw BenchmarkError("cannot register the fake device", kind: .ioError)
    }
    defer { remove(fds[0]) }
    enable(fds[0], 1, 0x100)
    enable(fds[0], 2, 7)

    let knob: KnobDevice
    do { knob = try KnobDevice(path: "/proc/self/fd/\(fds[0])") } catch {
      throw BenchmarkError(error.description, kind: .ioError)
    }
    var latencies: [Double] = []
    latencies.reserveCapacity(count)
    guard start(fds[1], Int32(count), Int32(interval), 2, 7, 1) == 0 else {
      throw BenchmarkError("cannot start the writer thread", kind: .ioError)
    }
    do {
      if mapperOnly {
        try measureMapper(knob, count: count, into: &latencies)
      } else {
        try measurePipeline(
          knob, count: count, settings: settings, err: err, simulator: simulator, into: &latencies)
      }
    } catch {
      _ = join()
      throw error
    }
    let written = join()
    knob.close()

    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> Double {
      guard !sorted.isEmpty else { return 0 }
      let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
      return sorted[min(max(rank, 1), sorted.count) - 1]
    }
    let figures: [(String, Double)] = [
      ("min", sorted.first ?? 0), ("p50", percentile(50)), ("p90", percentile(90)),
      ("p99", percentile(99)),
      ("max", sorted.last ?? 0),
    ]
    if settings.json {
      let fields = figures.map { "\"\($0.0)_ms\":\(BenchmarkFigures.shortest($0.1))" }.joined(separator: ",")
      out.line(
        "{\"benchmark\":\"\(mapperOnly ? "knob-mapper" : "knob")\",\"frames\":\(written),\"actions\":\(sorted.count),\"interval_us\":\(interval),"
          + fields + "}")
    } else {
      out.line(
        (mapperOnly
          ? "knob latency (input_event timestamp → KnobAction, libevdev on the fake device): "
          : "knob latency (input_event timestamp → hinge event written, libevdev on the fake device, "
            + "mapping, simulator, rate policy off): ")
          + "\(sorted.count) events from \(written) frames, \(interval) µs apart")
      out.line(figures.map { "\($0.0) \(BenchmarkFigures.shortest($0.1)) ms" }.joined(separator: "  "))
    }
    return sorted.count == Int(written)
  }

  /// input_event timestamp → mapped action.
  private static func measureMapper(_ knob: KnobDevice, count: Int, into latencies: inout [Double])
    throws(BenchmarkError)
  {
    var mapper = KnobMapper(
      device: knob.info, mapping: KnobMapping(lower: -1e9, upper: 1e9, degreesPerStep: 0.001),
      initialDegrees: 0)
    do {
      while latencies.count < count, try knob.waitForInput(timeout: 2000) {
        for input in try knob.readEvents() {
          for action in mapper.map(input) { latencies.append(MonotonicClock.nowMs() - action.time) }
        }
      }
    } catch {
      throw BenchmarkError(error.description, kind: .ioError)
    }
  }

  /// input_event timestamp → delivered `hinge` event written, through the live run loop.
  private static func measurePipeline(
    _ knob: KnobDevice, count: Int, settings: Settings, err: OutputFile,
    simulator: (Profile) -> Pipeline, into latencies: inout [Double]
  ) throws(BenchmarkError) {
    var profile: Profile
    do { profile = try Profile.load("iphone-duo", root: settings.resourceRoot) } catch {
      throw BenchmarkError(inputError: error)
    }
    profile.hinge?.policy.minIntervalMs = 0
    profile.hinge?.policy.precision = 0
    profile.hinge?.policy.minChange = 0
    profile.hinge?.policy.noise = 0
    var pipeline = simulator(profile)
    let mapping = KnobMapping(lower: 0, upper: 180, degreesPerStep: 170 / Double(count + 1))
    var source = KnobLiveSource(device: knob, mapping: mapping) {
      err.line("hingesim: \($0)")
    }
    let sink = try OutputFile.create(path: "/dev/null", lineBuffered: true)
    defer { sink.close() }
    let clock = LiveClock()
    var lastHinge = 0.0
    var delivered = 0
    StopRequest.set(false)
    defer { StopRequest.set(false) }
    let hooks = LiveHooks(idle: { now in
      if now - lastHinge > 2000 { StopRequest.set(true) }
      return nil
    })
    var result: [Double] = []
    result.reserveCapacity(count)
    do {
      try EventLoop.runLive(&pipeline, source: &source, clock: clock, hooks: hooks) { event in
        sink.write(bytes: EventWriter.line(event))
        guard case .hinge = event.kind else { return }
        delivered += 1
        lastHinge = event.time
        // The first update is the initial (closed) state, not a frame.
        if delivered > 1 {
          result.append(MonotonicClock.nowMs() - clock.monotonic(streamTime: event.time))
        }
        if result.count >= count { StopRequest.set(true) }
      }
    } catch {
      throw BenchmarkError(inputError: error)
    }
    latencies = result
  }

  /// Re-runs this process with the fake device preloaded; only returns by throwing.
  private static func reexecWithFakeDevice(out: OutputFile, err: OutputFile) throws(BenchmarkError) -> Never {
    let exe = Process.executablePath
    let library = String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/libFakeEvdev.so"
    guard !exe.isEmpty, POSIX.isReadable(library) else {
      throw BenchmarkError(
        "the knob benchmark needs the fake evdev device (\(library) is missing): "
          + "build it with 'swift build --product FakeEvdev'", kind: .noInput)
    }
    guard Process.environment("HINGESIM_FAKE_EVDEV_PRELOADED") == nil else {
      throw BenchmarkError("LD_PRELOAD of \(library) did not provide the fake device", kind: .ioError)
    }
    let arguments = CommandLine.arguments
    guard !arguments.isEmpty else {
      throw BenchmarkError("cannot read this process's arguments", kind: .ioError)
    }
    out.flush()
    err.flush()
    Process.setEnvironment("HINGESIM_FAKE_EVDEV_PRELOADED", "1")
    Process.setEnvironment("LD_PRELOAD", library)
    let error = Process.replace(with: exe, arguments: arguments)
    throw BenchmarkError("cannot re-run \(exe): \(error.message)", kind: .ioError)
  }
}
