import EventStream
import Inputs
import Knob
import Platform
import Simulator
import Timing


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
enum KnobBenchmark {
  static let usage = """
    usage: hingesim bench knob [--events N] [--interval-us US] [--mapper-only] [--json]

    Measures the latency from an input_event's timestamp to the delivered hinge event written
    to the output (a write() per event to /dev/null), through libevdev on the fake evdev
    device, the knob mapping and the simulator pipeline in the live run loop, with the
    profile's rate policy (minimum interval, precision, minimum change) turned off so every
    frame is delivered. --mapper-only stops at the mapped KnobAction instead.
    Needs libFakeEvdev.so next to hingesim: swift build --product FakeEvdev.

    options:
      --events N        frames to send (default 2000)
      --interval-us US  pause between frames in microseconds (default 1000)
      --json            one JSON object with the percentiles

    """

  private typealias Add =
    @convention(c) (Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32
  private typealias Enable = @convention(c) (Int32, UInt32, UInt32) -> Void
  private typealias Remove = @convention(c) (Int32) -> Void
  private typealias StartWriter =
    @convention(c) (Int32, Int32, Int32, UInt32, UInt32, Int32) -> Int32
  private typealias JoinWriter = @convention(c) () -> Int32

  /// Runs the benchmark (see the type's summary).
  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    let count = try args.int("--events") ?? 2000
    let interval = try args.int("--interval-us") ?? 1000
    let json = args.flag("--json")
    let mapperOnly = args.flag("--mapper-only")
    let extra = try args.positionals()
    guard extra.isEmpty else { throw .usage("bench knob takes no arguments, found '\(extra[0])'") }
    guard (1...1_000_000).contains(count) else {
      throw .usage("--events: expected 1…1000000, found \(count)")
    }
    guard (0...1_000_000).contains(interval) else {
      throw .usage("--interval-us: expected 0…1000000, found \(interval)")
    }

    guard let add = Process.symbol("fake_evdev_add", as: Add.self),
      let enable = Process.symbol("fake_evdev_enable", as: Enable.self),
      let remove = Process.symbol("fake_evdev_remove", as: Remove.self),
      let start = Process.symbol("fake_evdev_start_writer", as: StartWriter.self),
      let join = Process.symbol("fake_evdev_join_writer", as: JoinWriter.self)
    else {
      try reexecWithFakeDevice(context)
    }

    guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
      throw CLIError("cannot create a pipe", code: .ioError)
    }
    let fds = [pipe.read, pipe.write]
    defer {
      POSIX.close(fds[1])
      POSIX.close(fds[0])
    }
    guard add(fds[0], "Bench PowerMate", 3, 0x077d, 0x0410) == 0 else {
      throw CLIError("cannot register the fake device", code: .ioError)
    }
    defer { remove(fds[0]) }
    enable(fds[0], 1, 0x100)
    enable(fds[0], 2, 7)

    let knob: KnobDevice
    do { knob = try KnobDevice(path: "/proc/self/fd/\(fds[0])") } catch {
      throw CLIError(error.description, code: .ioError)
    }
    var latencies: [Double] = []
    latencies.reserveCapacity(count)
    guard start(fds[1], Int32(count), Int32(interval), 2, 7, 1) == 0 else {
      throw CLIError("cannot start the writer thread", code: .ioError)
    }
    do {
      if mapperOnly {
        try measureMapper(knob, count: count, into: &latencies)
      } else {
        try measurePipeline(knob, count: count, context: context, into: &latencies)
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
    if json {
      let fields = figures.map { "\"\($0.0)_ms\":\(format($0.1))" }.joined(separator: ",")
      context.stdout.line(
        "{\"benchmark\":\"\(mapperOnly ? "knob-mapper" : "knob")\",\"frames\":\(written),\"actions\":\(sorted.count),\"interval_us\":\(interval),"
          + fields + "}")
    } else {
      context.stdout.line(
        (mapperOnly
          ? "knob latency (input_event timestamp → KnobAction, libevdev on the fake device): "
          : "knob latency (input_event timestamp → hinge event written, libevdev on the fake device, "
            + "mapping, simulator, rate policy off): ")
          + "\(sorted.count) events from \(written) frames, \(interval) µs apart")
      context.stdout.line(figures.map { "\($0.0) \(format($0.1)) ms" }.joined(separator: "  "))
    }
    return sorted.count == Int(written) ? .ok : .failure
  }

  /// input_event timestamp → mapped action.
  private static func measureMapper(_ knob: KnobDevice, count: Int, into latencies: inout [Double])
    throws(CLIError)
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
      throw CLIError(error.description, code: .ioError)
    }
  }

  /// input_event timestamp → delivered `hinge` event written, through the live run loop.
  private static func measurePipeline(
    _ knob: KnobDevice, count: Int, context: CommandContext, into latencies: inout [Double]
  ) throws(CLIError) {
    var profile: Profile
    do { profile = try Profile.load("iphone-duo", root: context.resourceRoot) } catch {
      throw CLIError(inputError: error)
    }
    profile.hinge?.policy.minIntervalMs = 0
    profile.hinge?.policy.precision = 0
    profile.hinge?.policy.minChange = 0
    profile.hinge?.policy.noise = 0
    var pipeline = RunPipeline.simulator(profile: profile, settleMs: nil)
    let mapping = KnobMapping(lower: 0, upper: 180, degreesPerStep: 170 / Double(count + 1))
    var source = KnobLiveSource(device: knob, mapping: mapping) {
      context.stderr.line("hingesim: \($0)")
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
      throw CLIError(inputError: error)
    }
    latencies = result
  }

  private static func format(_ ms: Double) -> String { NumberFormat.shortest(ms, places: 3) }


  /// Re-runs this process with the fake device preloaded; only returns by throwing.
  private static func reexecWithFakeDevice(_ context: CommandContext) throws(CLIError) -> Never {
    let exe = Process.executablePath
    let library = String(exe[..<(exe.lastIndex(of: "/") ?? exe.startIndex)]) + "/libFakeEvdev.so"
    guard !exe.isEmpty, POSIX.isReadable(library) else {
      throw CLIError(
        "the knob benchmark needs the fake evdev device (\(library) is missing): "
          + "build it with 'swift build --product FakeEvdev'", code: .noInput)
    }
    guard Process.environment("HINGESIM_FAKE_EVDEV_PRELOADED") == nil else {
      throw CLIError("LD_PRELOAD of \(library) did not provide the fake device", code: .ioError)
    }
    let arguments = CommandLine.arguments
    guard !arguments.isEmpty else {
      throw CLIError("cannot read this process's arguments", code: .ioError)
    }
    context.stdout.flush()
    context.stderr.flush()
    Process.setEnvironment("HINGESIM_FAKE_EVDEV_PRELOADED", "1")
    Process.setEnvironment("LD_PRELOAD", library)
    let error = Process.replace(with: exe, arguments: arguments)
    throw CLIError("cannot re-run \(exe): \(error.message)", code: .ioError)
  }

}
