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
    #expect(r.stderr.contains("complete line"))
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
