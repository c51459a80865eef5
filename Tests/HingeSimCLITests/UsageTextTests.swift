import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// Every command's `--help` is held to its parser: each option the help lists is one the parser
/// takes, and each option the parser takes is in the help (where the help says which it refuses:
/// `read --settle-ms`, `web --compute-ms`). `check --speed` was taken and never listed.
@Suite("Usage text against the parser")
struct UsageTextTests {
  /// The options a usage text names (`--text`, `-o`), wherever it names them, except in a
  /// quoted command line (`'check --app'`, `'hingesim simulate'`: another command's) and
  /// Chromium's own flags (`--remote-debugging-port`).
  static func listed(_ usage: String) -> Set<String> {
    let commands = Set(HingeSimCLI.commands.map { $0.name } + ["hingesim"])
    var text = ""
    var rest = Substring(usage)
    while let open = rest.firstIndex(of: "'") {
      text += rest[..<open]
      let after = rest[rest.index(after: open)...]
      let word = after.prefix { $0.isLetter }
      if commands.contains(String(word)), let close = after.firstIndex(of: "'") {
        rest = after[after.index(after: close)...]
      } else {
        text += "'"
        rest = after
      }
    }
    text += rest
    return Set(optionNames(in: Substring(text)))
  }

  /// Every `--name` in `text`.
  static func optionNames(in text: Substring) -> [String] {
    let chars = Array(text)
    var names: [String] = []
    var i = 0
    while i + 2 < chars.count {
      let starts = i == 0 || !(chars[i - 1].isLetter || chars[i - 1] == "-")
      if starts, chars[i] == "-", chars[i + 1] == "-", chars[i + 2].isLetter {
        var j = i + 2
        while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "-" { j += 1 }
        names.append(String(chars[i..<j]))
        i = j
      } else if starts, chars[i] == "-", chars[i + 1].isLetter, !chars[i + 2].isLetter {
        names.append(String(chars[i...(i + 1)]))
        i += 2
      } else {
        i += 1
      }
    }
    return names
  }

  /// What a command needs before its options are all parsed (a bench name, export's format,
  /// paginate's page size, web's PDF.js reader); each entry is one way in, and the parser's options are their union.
  static let leading: [String: [[String]]] = [
    "bench": ["typeset", "placement", "simulate", "script", "knob", "web", "startup"].map { [$0] },
    "export": [["--to", "cdp"]],
    "web": [[], ["--reader", "pdfjs", "--pdf", "a.pdf"]],
    "paginate": [["--width", "300", "--height", "500"], ["--chapters"]],
    "shots": [["compare"]],
  ]

  /// The options the parser asks for when run with an option nobody knows: it parses them all,
  /// then refuses the unknown one before doing anything.
  static func asked(_ command: any Command.Type) -> Set<String> {
    var names: Set<String> = []
    for leading in Self.leading[command.name] ?? [[]] {
      var args = Arguments(leading + ["--no-such-option"])
      let context = CommandContext(stdout: .capturing(), stderr: .capturing(), resourceRoot: TestSupport.packageRoot)
      do throws(CLIError) {
        _ = try command.run(&args, context)
        Issue.record("\(command.name) \(leading) ran with --no-such-option")
      } catch {
        #expect(error.message.contains("--no-such-option"), "\(command.name) \(leading): \(error.message)")
      }
      names.formUnion(args.askedFor)
    }
    names.subtract(["--", "-h", "--help"])
    return names
  }

  /// Options a usage text names that are not the command's: another program's flag (Chromium's,
  /// agent-device's, swift build's) or the commands `bench startup` times.
  static let mentioned: [String: Set<String>] = [
    "web": ["--remote-debugging-port", "--remote-debugging-pipe"],
    "export": ["--keyframes"],
    "profiles": ["--conflict"],
    "bench": ["--product", "--version", "--compute-ms"],
  ]

  @Test(
    "each command's usage lists exactly the options its parser takes",
    arguments: HingeSimCLI.commands.map { $0.name })
  func usageMatchesParser(name: String) throws {
    let command = try #require(HingeSimCLI.commands.first { $0.name == name })
    let asked = Self.asked(command)
    let listed = Self.listed(command.usage).subtracting(Self.mentioned[name] ?? [])
    #expect(listed.subtracting(asked).isEmpty, "\(name): in --help, not taken: \(listed.subtracting(asked).sorted())")
    #expect(asked.subtracting(listed).isEmpty, "\(name): taken, not in --help: \(asked.subtracting(listed).sorted())")
  }

  @Test("the options a usage names, not those of a quoted command line")
  func listedSkipsQuotedCommands() {
    let usage = """
      usage: hingesim x [SOURCE] --width PT [options]
        -o, --out FILE     the page's text (what 'check --app' reads, 'hingesim simulate --to T')
        --profile NAME, --settle-ms MS   as for 'hingesim simulate'
      """
    #expect(Self.listed(usage) == ["--width", "-o", "--out", "--profile", "--settle-ms"])
  }
}
