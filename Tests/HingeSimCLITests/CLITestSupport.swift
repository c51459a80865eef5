import Platform

@testable import HingeSimCLI

#if canImport(Glibc)
  import Glibc
#endif

/// The package root (holds `profiles/` and `traces/`), found from this file's path.
let packageRoot: String = {
  var path = #filePath
  for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
  return path
}()

/// A context whose outputs go to /dev/null, rooted at the package.
func testContext() -> CommandContext {
  let null = OutputFile(fd: open("/dev/null", O_WRONLY | O_CLOEXEC), owns: true)
  return CommandContext(stdout: null, stderr: null, resourceRoot: packageRoot)
}

/// Every bundled `.hinge` script, by file name.
func bundledScripts() -> [String] {
  TracesCommand.listing(packageRoot + "/traces").map(\.name).filter { $0.hasSuffix(".hinge") }
}

/// `hingesim simulate PATH` in-process, as bytes.
func simulateBytes(_ path: String, configure: (inout SourceOptions) -> Void = { _ in })
  throws(CLIError) -> [UInt8]
{
  var options = SourceOptions()
  configure(&options)
  return try StreamRun.streamBytes(path, options: options, context: testContext())
}

/// A fresh path in the temporary directory.
func temporaryPath(_ name: String) -> String {
  "/tmp/hingesim-test-\(getpid())-\(name)"
}

/// Writes bytes to a file (goldens).
func writeFile(_ path: String, _ bytes: [UInt8]) {
  guard let file = fopen(path, "wb") else { return }
  _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
  fclose(file)
}
