import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The built `hingesim` started as a child process to be stopped by a signal, as a user's
/// Ctrl-C or `kill` stops it: SIGINT and SIGTERM at their defaults in the child (not ignored,
/// whatever the test runner does), its stdout and stderr into files.
///
/// ```swift
/// let child = try SignalledRun(["simulate", script], stdout: out, stderr: err)
/// // … wait until it has printed its first line …
/// #expect(child.stop(with: SIGTERM) == 143)
/// ```
struct SignalledRun {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"

  /// The child's process id.
  let pid: pid_t

  /// Starts `hingesim ARGUMENTS` with its stdout and stderr written to those paths.
  init(_ arguments: [String], stdout: String, stderr: String) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = [Self.binary] + arguments
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGINT)
    sigaddset(&defaults, SIGTERM)
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard posix_spawn(&pid, Self.binary, &actions, &attributes, &cArgs, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    self.pid = pid
  }

  /// The processor time the child has used so far (user + system, from `/proc/PID/stat`, in
  /// clock ticks of 10 ms), 0 when it cannot be read. A run that has used some has its signal
  /// handlers in place (they are the first thing it sets up): unlike a wall-clock delay, this
  /// does not depend on how busy the machine is.
  var processorMs: Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    // After "pid (comm)": state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Sends `signal`, waits for the child to end and returns its exit status as a shell shows
  /// it (128 + the signal when a signal ended it).
  func stop(with signal: Int32) -> Int32 {
    kill(pid, signal)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
