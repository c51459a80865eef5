import HingeSimCLI
import Platform
import TestSupport

/// Runs `hingesim` in-process with captured output.
struct CLIResult {
  var code: Int32
  var stdout: String
  var stderr: String
}

enum CLIHarness {
  /// Runs `hingesim ARGS…` from the package root; relative paths resolve there.
  static func run(_ arguments: [String]) -> CLIResult {
    let out = OutputFile.capturing()
    let err = OutputFile.capturing()
    let context = CommandContext(stdout: out, stderr: err, resourceRoot: TestSupport.packageRoot)
    let resolved = arguments.map { arg in
      arg.hasPrefix("traces/") || arg.hasPrefix("texts/") || arg.hasPrefix("profiles/") || arg.hasPrefix("docs/")
        ? TestSupport.packageRoot + "/" + arg : arg
    }
    let code = HingeSimCLI.run(["hingesim"] + resolved, context: context)
    return CLIResult(code: code, stdout: out.capturedText, stderr: err.capturedText)
  }
}
