import EventStream
import Foundation
import TestSupport
import Testing

/// Every command that has a reader, run with every option that changes the reader: each is
/// honoured — through the one pipeline builder, so every command shows what `run` shows — or
/// refused with exit 64 naming it, never ignored. `knob`, `run --view` and `--web` once built
/// a pipeline of their own and dropped `--chapters` (the replay showed 54 pages, not 10).
@Suite("Every command with every reader option")
struct ReaderOptionMatrixTests {
  /// An option and, where the base arguments already give a cost model, the one it replaces.
  struct Option: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    /// Replaces the base `--compute-ms 1` (a cost model is given once).
    var replacesCost = false
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let options: [Option] = [
    Option(arguments: ["--text", "texts/pride-and-prejudice-excerpt-44k.txt"]),
    Option(arguments: ["--pdf", "texts/pdf-sample.pdf"]),
    Option(arguments: ["--offset", "20000"]),
    Option(arguments: ["--direction", "rtl"]),
    Option(arguments: ["--prepaginate"]),
    Option(arguments: ["--chapters"]),
    Option(arguments: ["--lang", "de"]),
    Option(arguments: ["--typography", "inter"]),
    Option(arguments: ["--compute-model", "device"], replacesCost: true),
    Option(arguments: ["--compute-ms", "5"], replacesCost: true),
  ]

  /// Opens wide (a spread: the direction shows), turns, opens chapter 2, rotates, shows the
  /// sidebar and goes to AX5 (long words hyphenate: the language shows): every option has
  /// something to change.
  static let script = TestSupport.temporaryFile(
    """
    start closed
    wait 300ms
    open to 180 over 500ms
    wait 800ms
    turn next
    wait 100ms
    open-chapter 2
    wait 400ms
    rotate landscapeLeft
    wait 900ms
    sidebar show
    wait 600ms
    text-size AX5
    wait 300ms
    """, suffix: ".hinge")

  static func cost(_ option: Option) -> [String] { option.replacesCost ? [] : ["--compute-ms", "1"] }

  static func lines(_ text: String, _ type: String) -> Int {
    text.split(separator: "\n").filter { $0.contains(#""type":"\#(type)""#) }.count
  }

  /// `run --json` and `report --json` without an option, made once.
  static let base = (
    run: CLIHarness.run(["run", script, "--json", "--compute-ms", "1"]),
    report: CLIHarness.run(["report", script, "--json", "--compute-ms", "1"])
  )
  static let stream = TestSupport.temporaryFile(CLIHarness.run(["simulate", script]).stdout)

  /// `run --json` with the option changes the stream; `simulate | read`, the knob's live loop
  /// (`knob --replay`, nominal stamps) give it byte for byte; `check` checks exactly its shown
  /// states; `report` has its records and says the option in its inputs (so a report without
  /// it never compares as the same inputs); the full-screen view takes it too.
  @Test("run, read, knob, check, report and run --view honour the option alike", arguments: options)
  func honoured(_ option: Option) throws {
    let arguments = Self.cost(option) + option.arguments
    let run = CLIHarness.run(["run", Self.script, "--json"] + arguments)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout != Self.base.run.stdout, "run: \(option.testDescription) changed nothing")
    #expect(Self.lines(run.stdout, "shown") > 0)

    let read = CLIHarness.run(["read", Self.stream] + arguments)
    #expect(read.code == 0 && read.stdout == run.stdout, "read: \(read.stderr)")

    let knob = CLIHarness.run(["knob", "--replay", Self.script, "--speed", "100", "--json"] + arguments)
    #expect(knob.code == 0 && knob.stdout == run.stdout, "knob --replay: \(knob.stderr)")

    let check = CLIHarness.run(["check", Self.script] + arguments)
    #expect(check.code == 0, "check: \(check.stdout)\(check.stderr)")
    #expect(check.stdout.contains(": \(Self.lines(run.stdout, "shown")) shown states checked"), "\(check.stdout)")

    let report = CLIHarness.run(["report", Self.script, "--json"] + arguments)
    #expect(report.code == 0, "report: \(report.stderr)")
    let figures = try JSONValue.parse(Array(report.stdout.utf8))
    #expect(figures["overall"]?["records"] == .number(Double(Self.lines(run.stdout, "timing"))))
    let withPath = temporaryPath("matrix-with.json")
    let basePath = temporaryPath("matrix-base.json")
    writeFile(withPath, Array(report.stdout.utf8))
    writeFile(basePath, Array(Self.base.report.stdout.utf8))
    let compare = CLIHarness.run(["report", "--compare", basePath, withPath])
    #expect(compare.code == 65, "report --compare: \(compare.stdout)\(compare.stderr)")

    // The view's event log shows the chapter's pages under --chapters and the PDF's under --pdf.
    let view = CLIHarness.run(["run", Self.script, "--view", "--speed", "100"] + arguments)
    #expect(view.code == 0, "run --view: \(view.stderr)")
    if option.arguments == ["--chapters"] {
      #expect(view.stdout.contains("shown      ch. 2"), "the view ignored --chapters")
    }
    if option.arguments.first == "--pdf" { #expect(view.stdout.contains("PDF page"), "the view ignored --pdf") }
  }

  /// What an app or a browser stands in for cannot be told these: refused, naming the option.
  /// (The browser is not started: a refusal comes first, and an honoured option meets the
  /// missing browser, exit 66.)
  @Test(
    "check --app, report --app, web, report --backend web and run --web refuse what they cannot honour",
    arguments: options)
  func refusals(_ option: Option) {
    let log = TestSupport.packageRoot + "/docs/app-logs/default.jsonl"
    let appLogHonours = ["--text", "--offset", "--direction", "--chapters", "--lang", "--typography"]
    let name = option.arguments[0]
    for (command, honours) in [
      (["check", "traces/default.hinge", "--app", log], appLogHonours),
      (["report", "traces/default.hinge", "--app", log], appLogHonours),
      (["web", "traces/default.hinge", "--browser", "/nonexistent/chromium"], ["--text"]),
      (["report", "traces/default.hinge", "--backend", "web"], ["--text"]),
    ] where !(honours.contains(name) && command.contains("--backend")) {  // that one would start Chromium
      let result = CLIHarness.run(command + option.arguments)
      if honours.contains(name) {
        #expect(result.code != 64, "\(command.joined(separator: " ")) refused \(name): \(result.stderr)")
      } else {
        #expect(result.code == 64, "\(command.joined(separator: " ")) \(name): \(result.code) \(result.stderr)")
        #expect(result.stderr.contains(name), "\(result.stderr)")
      }
    }
    if name == "--pdf" {
      let web = CLIHarness.run(["run", Self.script, "--web"] + option.arguments)
      #expect(web.code == 64 && web.stderr.contains("--pdf"), "\(web.stderr)")
    }
  }
}
