// What every fuzz target shares: the input as bytes, a `LineReader` over them, the repository root.
@_exported import EventStream
@_exported import Inputs
@_exported import Knob
@_exported import Reader
@_exported import AppLogs
@_exported import Simulator
@_exported import Timing
@_exported import Typesetter

#if canImport(Glibc)
  import Glibc
#endif

public enum Fuzz {
  /// The repository, for the bundled profiles: `HINGESIM_ROOT`, else the current
  /// directory. bin/fuzz sets it.
  public static let root: String = {
    if let value = getenv("HINGESIM_ROOT"), let root = String(validatingCString: value), !root.isEmpty {
      return root
    }
    return "."
  }()

  /// An empty descriptor: a `LineReader` reads its prefix (the input), then hits the end here.
  private static let devNull: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)

  /// The input libFuzzer hands over.
  public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
  }

  /// A line reader over `bytes`, as the CLI reads stdin after sniffing it (the sniffed head is the
  /// prefix, the rest comes from the descriptor): here the whole input is the prefix.
  public static func lineReader(_ bytes: [UInt8], name: String) -> LineReader {
    precondition(devNull >= 0, "cannot open /dev/null")
    return LineReader(fileDescriptor: devNull, name: name, prefix: bytes)
  }

  /// Reads a source to its end or its first error (errors are the expected outcome for bad input),
  /// checking the one promise every `EventSource` makes: finite times, in order. Returns the
  /// number of events read.
  @discardableResult
  public static func drain(_ source: inout some EventSource) -> Int {
    var count = 0
    var last = -Double.infinity
    do {
      while let event = try source.next() {
        require(event.time.isFinite, "event \(count): time \(event.time) is not finite")
        require(event.time >= last, "event \(count): time \(event.time) after \(last) (times must not go back)")
        last = event.time
        count += 1
      }
    } catch {
      _ = error.description
    }
    return count
  }

  /// A knob recording as `simulate` reads one: its lines through `KnobRecordingSource.load`
  /// (which parses by the file name's extension), then replayed to the end through the default
  /// knob mapping over 0…180°.
  public static func replayKnobRecording(
    _ data: UnsafePointer<UInt8>?, _ size: Int, name: String, format: SourceFormat
  ) {
    let reader = lineReader(bytes(data, size), name: name)
    do {
      let recording = try KnobRecordingSource.load(reader, format: format)
      var source = KnobRecordingSource(
        recording: recording, mapping: KnobMapping(lower: 0, upper: 180), warn: { _ in })
      drain(&source)
    } catch {
      _ = error.description
    }
  }

  /// Stops with `message` when a promise is broken (a finding, like a crash; also in release builds,
  /// where `precondition` drops its message).
  public static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz check failed: " + message()) }
  }

  /// The lenient policy the CLI uses with `--lenient`, without the warnings.
  public static let lenient = BadLinePolicy(lenient: true, warn: { error in _ = error.description })
}
