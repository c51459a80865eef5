import EventStream
import Inputs
import Platform
import Simulator
import Timing

/// `hingesim traces`: lists the bundled traces and scripts with the comment that opens each.
struct TracesCommand: Command {
  static let name = "traces"
  static let summary = "list the bundled traces and scripts with what each demonstrates"
  static let usage = """
    usage: hingesim traces

    Lists every file in traces/ (.hinge scripts, .jsonl and .csv traces) with its first
    comment line, which says what it demonstrates. Run one with
      hingesim simulate traces/NAME

    """

  static func run(_ args: inout Arguments, _ context: CommandContext) throws(CLIError) -> ExitCode {
    _ = try args.positionals()
    let directory = context.resourceRoot + "/traces"
    let entries = listing(directory)
    guard !entries.isEmpty else {
      throw CLIError("no traces found in \(directory)", code: .noInput)
    }
    let width = entries.map(\.name.count).max() ?? 0
    for entry in entries {
      context.stdout.line(
        entry.name + String(repeating: " ", count: width - entry.name.count + 2) + entry.description
      )
    }
    return .ok
  }

  /// The files of a traces directory, sorted by name, with their first comment line.
  static func listing(_ directory: String) -> [(name: String, description: String)] {
    let names = Directory.files(in: directory).filter { SourceFormat.fromExtension($0) != nil }
    return names.sorted().map { ($0, firstComment(directory + "/" + $0)) }
  }

  /// The text of the first `#` line before any content, or a note that there is none.
  static func firstComment(_ path: String) -> String {
    guard let reader = try? LineReader(path: path) else { return "(unreadable)" }
    while let line = try? reader.nextLine({ String(decoding: $0, as: UTF8.self) }) {
      let trimmed = Substring(line).trimmingCharacters
      if trimmed.isEmpty { continue }
      guard trimmed.hasPrefix("#") else { break }
      return String(trimmed.drop(while: { $0 == "#" || $0 == " " }))
    }
    return "(no description)"
  }
}
