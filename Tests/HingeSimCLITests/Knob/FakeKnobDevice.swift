import CFakeEvdev
import Glibc
import HingeSim
import TestSupport

@testable import HingeSimCLI

/// A fake PowerMate (REL_DIAL, BTN_0) on a pipe registered with the fake evdev layer.
final class FakeKnobDevice {
  let readFD: Int32
  private(set) var writeFD: Int32
  var path: String { "/proc/self/fd/\(readFD)" }

  init() {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    readFD = fds[0]
    writeFD = fds[1]
    _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
    precondition(fake_evdev_add(readFD, "Griffin PowerMate", 3, 0x077d, 0x0410) == 0)
    fake_evdev_enable(readFD, 1, 0x100)
    fake_evdev_enable(readFD, 2, 7)
  }

  /// Writes one frame stamped `offset` ms after the monotonic time `base`.
  func frame(at base: Double, plus offset: Double, type: UInt32, code: UInt32, value: Int32) {
    let micro = Int(((base + offset) * 1000).rounded())
    precondition(
      fake_evdev_write(writeFD, micro / 1_000_000, micro % 1_000_000, type, code, value) == 0)
    precondition(fake_evdev_write(writeFD, micro / 1_000_000, micro % 1_000_000, 0, 0, 0) == 0)
  }

  func closeWriter() {
    if writeFD >= 0 { close(writeFD) }
    writeFD = -1
  }

  deinit {
    fake_evdev_remove(readFD)
    closeWriter()
    close(readFD)
  }
}

/// Output streams on temporary files, and their text.
struct CapturedContext {
  let outPath = "/tmp/hingesim-test-out-\(UInt64.random(in: 0...UInt64.max)).txt"
  let errPath = "/tmp/hingesim-test-err-\(UInt64.random(in: 0...UInt64.max)).txt"
  let context: CommandContext

  init() {
    let out = try! OutputStream.create(path: outPath)
    let err = try! OutputStream.create(path: errPath, lineBuffered: true)
    context = CommandContext(stdout: out, stderr: err, resourceRoot: TestSupport.packageRoot)
  }

  var stdout: String {
    context.stdout.flush()
    return readText(outPath)
  }

  var stderr: String {
    context.stderr.flush()
    return readText(errPath)
  }
}

/// A whole file as text ("" when missing).
func readText(_ path: String) -> String {
  guard let file = fopen(path, "rb") else { return "" }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let n = fread(&chunk, 1, chunk.count, file)
    if n <= 0 { break }
    bytes += chunk[..<n]
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// Runs a command in-process.
func runCommand(_ command: any Command.Type, _ arguments: [String], _ captured: CapturedContext)
  -> Result<ExitCode, CLIError>
{
  var args = Arguments(arguments)
  do {
    return .success(try command.run(&args, captured.context))
  } catch {
    return .failure(error)
  }
}
