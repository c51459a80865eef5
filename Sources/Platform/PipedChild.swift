#if canImport(Glibc)
  import Glibc
#endif

/// A child process whose stdout is a pipe the caller reads (`posix_spawn`, `posix_spawnp`), with
/// stderr to a file (or inherited) and, if asked, the signal mask and actions a terminal program
/// expects.
///
/// A child inherits its parent thread's signal mask: one started from a thread that blocks
/// signals (a test runner's) ignores the SIGHUP that should end it — tmux with its pane's shell
/// outlives `kill-server`. `defaultSignals` clears the mask and restores the default actions of
/// the job-control signals.
///
/// ```swift
/// let child = try #require(PipedChild(["tmux", "-V"], searchPath: true))
/// let text = String(decoding: child.readAll(), as: UTF8.self)
/// let status = child.wait()   // 0
/// ```
public final class PipedChild {
  public let pid: pid_t
  private var output: Int32

  /// Starts `argv` (argv[0] a path, or a name looked up in PATH with `searchPath`), its stderr
  /// to the file `stderr` (created or truncated; nil: this process's own); nil when it cannot
  /// be started.
  public init?(
    _ argv: [String], searchPath: Bool = false, stderr: String? = "/dev/null", defaultSignals: Bool = false
  ) {
    var fds: [Int32] = [0, 0]
    guard !argv.isEmpty, pipe(&fds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
    posix_spawn_file_actions_addclose(&actions, fds[0])
    posix_spawn_file_actions_addclose(&actions, fds[1])
    if let stderr { posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    if defaultSignals {
      var none = sigset_t()
      sigemptyset(&none)
      posix_spawnattr_setsigmask(&attributes, &none)
      var defaults = sigset_t()
      sigemptyset(&defaults)
      for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGTSTP] { sigaddset(&defaults, signal) }
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let spawned =
      searchPath
      ? posix_spawnp(&pid, argv[0], &actions, &attributes, &cArgs, environ)
      : posix_spawn(&pid, argv[0], &actions, &attributes, &cArgs, environ)
    close(fds[1])
    guard spawned == 0 else {
      close(fds[0])
      return nil
    }
    self.pid = pid
    output = fds[0]
  }

  deinit { closeOutput() }

  /// Everything the child writes to stdout until it closes it.
  public func readAll() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while output >= 0, case .success(let n) = chunk.withUnsafeMutableBytes({ POSIX.read(output, into: $0) }), n > 0 {
      bytes += chunk[..<n]
    }
    return bytes
  }

  /// The first `count` bytes of stdout (fewer if the child closes it first).
  public func read(upTo count: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: count)
    while output >= 0, bytes.count < count,
      case .success(let n) = chunk.withUnsafeMutableBytes({
        POSIX.read(output, into: UnsafeMutableRawBufferPointer(rebasing: $0[..<(count - bytes.count)]))
      }), n > 0
    {
      bytes += chunk[..<n]
    }
    return bytes
  }

  /// Closes the test's end of the pipe: the child's next write fails with EPIPE (as when
  /// `head -c N` has what it wanted).
  public func closeOutput() {
    guard output >= 0 else { return }
    close(output)
    output = -1
  }

  /// Waits for the child: its exit status, or 128 + the signal that ended it.
  public func wait() -> Int32 { waitWithUsage().status }

  /// Waits for the child (`wait4`): its status as `wait()` gives it, and what it used.
  public func waitWithUsage() -> (status: Int32, usage: rusage) {
    var status: Int32 = 0
    var usage = rusage()
    _ = POSIX.retryingOnInterrupt { Int(wait4(pid, &status, 0, &usage)) }
    return ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f), usage)
  }
}
