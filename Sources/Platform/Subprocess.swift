#if canImport(Glibc)
  import Glibc
#endif

/// Runs a program and collects its standard output, exit status and peak memory.
public enum Subprocess {
  /// The outcome of one run.
  public struct Result: Sendable {
    /// Exit status (128 + signal when killed).
    public var status: Int32
    /// Everything the program wrote to stdout.
    public var output: String
    /// The child's peak resident set size in kB (`ru_maxrss`).
    public var maxRSSKilobytes: Int
    /// The child's processor time, user and system, all threads (`ru_utime` + `ru_stime`), in
    /// seconds: unlike its wall time, not stretched by other processes on a busy machine.
    public var cpuSeconds: Double = 0
  }

  /// Runs `argv` (argv[0] a path, or a name looked up in PATH) with stderr discarded unless
  /// `keepStderr`.
  public static func run(_ argv: [String], keepStderr: Bool = false) -> Result? {
    guard let child = PipedChild(argv, searchPath: true, stderr: keepStderr ? nil : "/dev/null") else { return nil }
    let bytes = child.readAll()
    child.closeOutput()
    let (code, usage) = child.waitWithUsage()
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return Result(
      status: code, output: String(decoding: bytes, as: UTF8.self),
      maxRSSKilobytes: Int(usage.ru_maxrss), cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
  }

  /// How long a run took.
  public struct Timing: Sendable {
    /// Exit status (128 + signal when killed).
    public var status: Int32
    /// From just before `posix_spawn` to `wait4`'s return, on the monotonic clock.
    public var wallMs: Double
    /// The child's user and system processor time (`ru_utime` + `ru_stime`).
    public var cpuMs: Double
  }

  /// Runs `argv` (argv[0] a path) with stdin, stdout and stderr on /dev/null and times it; nil
  /// when it cannot be started.
  public static func time(_ argv: [String]) -> Timing? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let start = MonotonicClock.nowMs()
    guard posix_spawn(&pid, argv[0], &actions, nil, &cArgs, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    _ = POSIX.retryingOnInterrupt { Int(wait4(pid, &status, 0, &usage)) }
    let wall = MonotonicClock.nowMs() - start
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
    let code: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return Timing(status: code, wallMs: wall, cpuMs: ms(usage.ru_utime) + ms(usage.ru_stime))
  }
}
