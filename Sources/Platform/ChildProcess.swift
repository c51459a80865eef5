#if canImport(Glibc)
  import Glibc
#endif

/// A program started with `posix_spawnp` that keeps running beside this one: given file
/// descriptors mapped onto the child's numbers (`posix_spawn_file_actions_adddup2`), its status
/// read without blocking (`waitpid(WNOHANG)`), stopped with `SIGTERM` then `SIGKILL`.
///
/// ```swift
/// // The child reads fd 3 and writes fd 4, as Chromium's --remote-debugging-pipe does.
/// let child = try ChildProcess.spawn(
///   ["chromium", "--headless=new", "--remote-debugging-pipe"],
///   descriptors: [3: toChild.read, 4: fromChild.write], stderrPath: "/tmp/chromium.log")
/// ```
public final class ChildProcess: @unchecked Sendable {
  /// The child's process id.
  public let pid: pid_t
  private var status: Int32?

  private init(pid: pid_t) { self.pid = pid }

  /// Starts `argv` (argv[0] a path, or a name looked up in PATH). `descriptors` maps a child fd
  /// number to one of ours; stdin reads /dev/null, stdout goes to /dev/null, stderr to
  /// `stderrPath` (created or truncated) or /dev/null. The parent's copies are not closed.
  public static func spawn(
    _ argv: [String], descriptors: [Int32: Int32], stderrPath: String? = nil
  ) -> Result<ChildProcess, POSIXErrno> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, stderrPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    // Copies above every target number, so no dup2 lands on a source another one still needs
    // (and a source equal to its target, whose close-on-exec flag dup2 would keep, cannot occur).
    let copies = descriptors.sorted(by: { $0.key < $1.key }).map { ($0.key, fcntl($0.value, F_DUPFD_CLOEXEC, 64)) }
    defer { for (_, copy) in copies where copy >= 0 { close(copy) } }
    for (target, copy) in copies {
      guard copy >= 0 else { return .failure(POSIXErrno(code: errno)) }
      posix_spawn_file_actions_adddup2(&actions, copy, target)
    }
    // Nothing else of ours reaches the child: a descriptor another thread opened without
    // close-on-exec (a file being written) would otherwise stay open in it for its whole life.
    // (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34, is looked up: the Glibc module
    // does not declare it.)
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    if let closeFrom = Process.symbol("posix_spawn_file_actions_addclosefrom_np", as: CloseFrom.self) {
      _ = closeFrom(&actions, (descriptors.keys.max() ?? 2) + 1)
    }
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, argv[0], &actions, nil, &cArgs, environ)
    guard code == 0 else { return .failure(POSIXErrno(code: code)) }
    return .success(ChildProcess(pid: pid))
  }

  /// `waitpid(pid, WNOHANG)`: the exit status (128 + signal when killed) once the child has
  /// ended, nil while it runs.
  public func exitStatus() -> Int32? {
    if let status { return status }
    var raw: Int32 = 0
    let result = POSIX.retryingOnInterrupt { Int(waitpid(pid, &raw, WNOHANG)) }
    guard result == Int(pid) else { return nil }
    let code: Int32 = (raw & 0x7f) == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    status = code
    return code
  }

  /// `kill(SIGTERM)`, then `SIGKILL` if the child has not ended within `graceMs`; waits for it.
  /// Returns its exit status.
  @discardableResult
  public func terminate(graceMs: Double = 2000) -> Int32 {
    if let status = exitStatus() { return status }
    kill(pid, SIGTERM)
    let deadline = MonotonicClock.nowMs() + graceMs
    while MonotonicClock.nowMs() < deadline {
      if let status = exitStatus() { return status }
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 10)
    }
    kill(pid, SIGKILL)
    var raw: Int32 = 0
    _ = POSIX.retryingOnInterrupt { Int(waitpid(pid, &raw, 0)) }
    status = 128 + SIGKILL
    return 128 + SIGKILL
  }

  /// `pipe()`: (read, write), both blocking, both closed on `exec` in this process's other
  /// children (`FD_CLOEXEC`); `posix_spawn`'s `dup2` onto a child's number clears the flag there.
  public static func pipe() -> Result<(read: Int32, write: Int32), POSIXErrno> {
    var fds: [Int32] = [0, 0]
    guard Glibc.pipe(&fds) == 0 else { return .failure(POSIXErrno(code: errno)) }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return .success((fds[0], fds[1]))
  }
}
