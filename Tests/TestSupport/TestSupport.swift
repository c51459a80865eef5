import EventStream
import Simulator

/// Helpers shared by the test targets: the package root, the bundled profile, and running
/// events through the simulator in virtual time.
public enum TestSupport {
  /// The package root (the folder holding Package.swift), found from this file's path.
  public static let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 {
      guard let slash = path.lastIndex(of: "/") else { break }
      path = String(path[..<slash])
    }
    return path
  }()

  /// The bundled iPhone Duo profile (or another by name).
  public static func profile(_ name: String = "iphone-duo") -> Profile {
    do {
      return try Profile.load(name, root: packageRoot)
    } catch {
      fatalError("cannot load profile \(name): \(error)")
    }
  }

  /// Runs input events through the stages in virtual time and returns the stream.
  public static func run(_ inputs: [Event], stages: [any Stage]) -> [Event] {
    var pipeline = Pipeline(stages)
    var source = ArraySource(inputs)
    var out: [Event] = []
    do {
      try EventLoop.runVirtual(&pipeline, source: &source) { out.append($0) }
    } catch {
      fatalError("\(error)")
    }
    return out
  }

  /// Runs input events through the simulator (hinge → scene → settle).
  public static func simulate(_ inputs: [Event], profile: Profile = TestSupport.profile()) -> [Event] {
    run(inputs, stages: Pipeline.simulator(profile: profile))
  }

  /// Samples of a linear ramp from `from` to `to` degrees, one every `step` ms.
  public static func ramp(from: Double, to: Double, start: Double, duration: Double, step: Double = 10) -> [Event] {
    let n = Int((duration / step).rounded())
    return (0...n).map { i in
      let f = n == 0 ? 1 : Double(i) / Double(n)
      return Event(time: start + Double(i) * step, .sample(angle: from + (to - from) * f))
    }
  }

  /// The stream as JSON Lines text.
  public static func jsonl(_ events: [Event]) -> String {
    events.map { EventWriter.string($0) }.joined(separator: "\n")
  }

  /// Writes text to a fresh temporary file and returns its path.
  public static func temporaryFile(_ contents: [UInt8], suffix: String = ".jsonl") -> String {
    let path = "/tmp/hingesim-test-\(UInt64.random(in: 0...UInt64.max))\(suffix)"
    guard let file = fopen(path, "wb") else { fatalError("cannot create \(path)") }
    _ = contents.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    return path
  }

  /// Writes a string to a temporary file.
  public static func temporaryFile(_ text: String, suffix: String = ".jsonl") -> String {
    temporaryFile(Array(text.utf8), suffix: suffix)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
