import Foundation
import Platform
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A browser that never answers, and a page that never loads: SIGTERM and SIGINT end every wait
/// with 143 and 130, the browser hingesim started and its profile gone. The endpoint is a
/// loopback socket that is listened on and never accepted: the kernel completes the connection,
/// nothing ever answers.
@Suite("HostileBrowserSignals", .serialized)
struct HostileBrowserSignalTests {
  static let binary = SignalledRun.binary

  /// Spawns `hingesim ARGS`, waits until `silent` has a connection waiting (the run is then in a
  /// wait on it, its handlers long installed), sends `signal`, and returns the exit status,
  /// stderr and how long the exit took after the signal (ms).
  static func run(_ arguments: [String], until silent: TCPListener, signal: Int32, onReady: (pid_t) -> Void = { _ in })
    throws -> (code: Int32, stderr: String, exitMs: Double)
  {
    let err = "/tmp/hingesim-hostile-\(getpid())-\(signal).err"
    let child = try SignalledRun(arguments, stdout: "/dev/null", stderr: err)
    // Up to 60 s for the connection (a loaded machine starts a browser slowly), then 300 ms more
    // so the run is inside its wait for the answer.
    for _ in 0..<600 {
      if case .success(let ready) = POSIX.poll(silent.fd, timeout: 100), ready.readable { break }
    }
    usleep(300_000)
    onReady(child.pid)
    let signalled = MonotonicClock.nowMs()
    let code = child.stop(with: signal)
    let exitMs = MonotonicClock.nowMs() - signalled
    return (code, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "", exitMs)
  }

  /// The processes whose parent is `pid` and whose command line holds `needle` (from /proc).
  static func children(of pid: pid_t, containing needle: String) -> [(pid: pid_t, cmdline: String)] {
    var found: [(pid_t, String)] = []
    for name in Directory.files(in: "/proc") {
      guard let child = pid_t(name), let stat = POSIX.readSmallFile("/proc/\(name)/stat"),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      guard fields.count > 2, pid_t(fields[1]) == pid else { continue }
      let cmdline = (POSIX.readSmallFile("/proc/\(name)/cmdline") ?? "").replacingOccurrences(of: "\0", with: " ")
      if cmdline.contains(needle) { found.append((child, cmdline)) }
    }
    return found
  }

  /// `--browser-url` to an endpoint that never answers: the attach waits (10 s timeout); each
  /// signal ends it at once with its code.
  @Test("SIGTERM or SIGINT while attaching to a silent endpoint: 143 or 130, at once", arguments: [SIGTERM, SIGINT])
  func attachingToASilentEndpoint(signal: Int32) throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let silent = try #require(try? TCPListener.loopback().get())
    defer { silent.close() }
    let result = try Self.run(
      ["web", "--browser-url", "http://127.0.0.1:\(silent.port)"], until: silent, signal: signal)
    #expect(result.code == 128 + signal, "\(result.stderr)")
    #expect(result.stderr.contains("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")"), "\(result.stderr)")
    #expect(result.exitMs < 2000, "exit \(Int(result.exitMs)) ms after the signal")
  }

  /// A page that never loads (`--url` to the silent endpoint) in a browser hingesim started:
  /// SIGTERM ends the 20-s wait for the load at once, and the browser and its profile are gone.
  @Test(
    "SIGTERM while the page never loads: 143, no browser and no profile left",
    .enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium"))
  func aPageThatNeverLoads() throws {
    try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
    let silent = try #require(try? TCPListener.loopback().get())
    defer { silent.close() }
    var browsers: [(pid: pid_t, cmdline: String)] = []
    let result = try Self.run(
      ["web", "--url", "http://127.0.0.1:\(silent.port)/"], until: silent, signal: SIGTERM
    ) { pid in browsers = Self.children(of: pid, containing: "--user-data-dir=/tmp/hingesim-chromium-") }
    #expect(result.code == 143, "\(result.stderr)")
    #expect(result.stderr.contains("interrupted by SIGTERM"), "\(result.stderr)")
    #expect(result.exitMs < 4000, "exit \(Int(result.exitMs)) ms after the signal")
    #expect(browsers.count == 1, "\(browsers)")
    for browser in browsers {
      var status: Int32 = 0
      _ = waitpid(browser.pid, &status, WNOHANG)  // not ours: only a zombie would stay
      #expect(kill(browser.pid, 0) != 0 || (POSIX.readSmallFile("/proc/\(browser.pid)/stat") ?? "").contains(") Z "))
      let profile = browser.cmdline.split(separator: " ").first { $0.hasPrefix("--user-data-dir=") }
        .map { String($0.dropFirst("--user-data-dir=".count)) }
      #expect(profile.map { !POSIX.exists($0) } == true, "\(profile ?? "no profile")")
    }
  }
}
