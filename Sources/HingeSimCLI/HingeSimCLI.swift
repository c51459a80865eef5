/// The command-line front end: parses arguments and dispatches to the commands.
public enum HingeSimCLI {
  /// Runs the command line and returns the process exit code.
  public static func run(_ arguments: [String]) -> Int32 { 0 }
}
