import Glibc
import Platform
import TestSupport

@testable import HingeSimCLI

/// Output streams on temporary files, and their text.
struct CapturedContext {
  let outPath = "/tmp/hingesim-test-out-\(UInt64.random(in: 0...UInt64.max)).txt"
  let errPath = "/tmp/hingesim-test-err-\(UInt64.random(in: 0...UInt64.max)).txt"
  let context: CommandContext

  init() {
    let out = try! OutputFile.create(path: outPath)
    let err = try! OutputFile.create(path: errPath, lineBuffered: true)
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
