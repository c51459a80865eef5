import Foundation
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

/// Every write is checked: a full disk is exit 74 naming the file and where it stops; a closed
/// stdout pipe is the reader's choice and a clean exit 0.
@Suite("Write failures", .serialized)
struct WriteFailureTests {
  /// Runs `hingesim ARGS…` with stdout on `stdoutFD`; returns the exit code and stderr.
  static func run(_ arguments: [String], stdoutFD: Int32) -> (code: Int32, stderr: String) {
    Process.ignoreBrokenPipes()
    let out = OutputFile(fd: stdoutFD, name: "<stdout>")
    let err = OutputFile.capturing()
    let context = CommandContext(stdout: out, stderr: err, resourceRoot: TestSupport.packageRoot)
    let args = arguments.map {
      $0.hasPrefix("traces/") || $0.hasPrefix("texts/") ? TestSupport.packageRoot + "/" + $0 : $0
    }
    let code = HingeSimCLI.run(["hingesim"] + args, context: context)
    return (code, err.capturedText)
  }

  static func devFull() -> Int32 { open("/dev/full", O_WRONLY | O_CLOEXEC) }
  static func devNull() -> Int32 { open("/dev/null", O_WRONLY | O_CLOEXEC) }

  @Test(
    "stdout on a full disk is exit 74 for every command that writes",
    arguments: [
      ["simulate", "traces/default.hinge"], ["run", "traces/default.hinge"],
      ["run", "traces/default.hinge", "--json"], ["report", "traces/default.hinge", "--compute-ms", "1"],
      ["paginate", "texts/sample-chapter.txt", "--width", "300", "--height", "500"], ["traces"],
      ["--help"], ["--version"], ["help", "run"], ["run", "--help"],
    ])
  func fullStdout(_ arguments: [String]) {
    let fd = Self.devFull()
    defer { close(fd) }
    let r = Self.run(arguments, stdoutFD: fd)
    #expect(r.code == 74)
    #expect(r.stderr.contains("<stdout>: write failed: No space left on device"))
  }

  @Test(
    "an output file on a full disk is exit 74 naming the file",
    arguments: [
      ["simulate", "traces/default.hinge", "--out", "/dev/full"],
      ["simulate", "traces/default.hinge", "--record", "/dev/full"],
      ["report", "traces/default.hinge", "--compute-ms", "1", "--trace-out", "/dev/full"],
      ["report", "traces/default.hinge", "--compute-ms", "1", "--plot", "/dev/full"],
    ])
  func fullFile(_ arguments: [String]) {
    let fd = Self.devNull()
    defer { close(fd) }
    let r = Self.run(arguments, stdoutFD: fd)
    #expect(r.code == 74)
    #expect(r.stderr.contains("/dev/full: write failed: No space left on device"))
    // A stream of lines says how much it holds; a whole document (a trace, a plot) is not one.
    #expect(r.stderr.contains("complete line") || r.stderr.contains("nothing was removed"), "\(r.stderr)")
  }

  @Test("a closed stdout pipe ends the run cleanly: exit 0, nothing on stderr")
  func closedPipe() throws {
    guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
      Issue.record("no pipe")
      return
    }
    POSIX.close(pipe.read)
    defer { POSIX.close(pipe.write) }
    let r = Self.run(["simulate", "traces/default.hinge"], stdoutFD: pipe.write)
    #expect(r.code == 0)
    #expect(r.stderr == "")
  }

  /// `run` and `read` fail (exit 1) on a violation; with stdout closed they stop cleanly and
  /// exit 0 all the same (docs/bad-input.md) — the run loop's flush after the stop settles
  /// whatever size was pending, and nobody reads the stream to its end. The violation is real
  /// (text running into the fold, see CheckFailsTests), so the same run to a capture exits 1.
  @Test("a closed stdout pipe ends run and read with exit 0 even when the reader reports violations")
  func closedPipeWithViolations() throws {
    let options = ["--profile", try CheckFailsTests.narrowProfile(), "--text", CheckFailsTests.wideGlyphs]
    let simulated = CLIHarness.run(["simulate", CheckFailsTests.openWideAX5] + options.prefix(2))
    #expect(simulated.code == 0, "\(simulated.stderr)")
    let stream = TestSupport.temporaryFile(simulated.stdout)
    for arguments in [
      ["run", CheckFailsTests.openWideAX5], ["run", CheckFailsTests.openWideAX5, "--json"], ["read", stream],
    ] {
      #expect(CLIHarness.run(arguments + options).code == 1, "\(arguments)")
      guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
        Issue.record("no pipe")
        return
      }
      POSIX.close(pipe.read)
      defer { POSIX.close(pipe.write) }
      let r = Self.run(arguments + options, stdoutFD: pipe.write)
      #expect(r.code == 0, "\(arguments): \(r.stderr)")
      #expect(r.stderr == "", "\(arguments)")
    }
  }

  /// Runs the built binary as `hingesim ARGS… | head -c BYTES`: stdout is a pipe the test
  /// reads `bytes` from and then closes. In a process of its own, because a run whose output
  /// breaks mid-run sets the process-wide stop request, which would stop other tests' runs.
  static func runIntoHead(_ arguments: [String], bytes: Int = 100) throws -> (code: Int32, stderr: String) {
    let binary = SignalTests.binary
    let err = "/tmp/hingesim-head-\(getpid()).err"
    guard let child = PipedChild([binary] + arguments, stderr: err) else { throw CocoaError(.executableLoad) }
    _ = child.read(upTo: bytes)
    child.closeOutput()  // head -c 100 has what it wanted
    let code = child.wait()
    return (code, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
  }

  /// `run SCRIPT | head -c 100` (issue 12): a script of back-to-back rotations never settles
  /// while it runs, so the stop on the closed pipe always lands mid-burst and the flush settles
  /// a transient size with the last size's fold — one page, not in the way, no violation.
  @Test("run | head -c 100 mid-burst: exit 0, nothing on stderr")
  func closedPipeMidBurst() throws {
    try #require(FileManager.default.isExecutableFile(atPath: SignalTests.binary))
    let script = TestSupport.temporaryFile(
      "start book portrait\nwait 500ms\nrepeat 400 { rotate landscapeLeft; wait 250ms; rotate portrait; wait 250ms }\n",
      suffix: ".hinge")
    for extra in [[], ["--json"], ["--settle-ms", "80"]] {
      let r = try Self.runIntoHead(["run", script, "--compute-ms", "1"] + extra)
      #expect(r.code == 0, "\(extra): \(r.stderr)")
      #expect(r.stderr == "", "\(extra)")
    }
  }

  @Test("a closed pipe is a clean end on stdout only: a recording whose reader went away failed")
  func closedPipeOnlyCleanOnStdout() {
    for name in ["<stdout>", "/tmp/record.fifo"] {
      guard case .success(let pipe) = POSIX.nonBlockingPipe() else {
        Issue.record("no pipe")
        return
      }
      POSIX.close(pipe.read)
      Process.ignoreBrokenPipes()
      let file = OutputFile(fd: pipe.write, name: name, lineBuffered: true)
      file.line("{}")
      #expect(file.isClosedPipe)
      #expect(file.failedForReal == (name != "<stdout>"))
      POSIX.close(pipe.write)
    }
  }
}
