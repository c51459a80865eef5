import Foundation
import TestSupport
import Testing

/// Messages that say what is true: a place past the end of the text is refused, not clamped in
/// silence; `--help` names the hyphenation languages this machine has.
@Suite("Truthful messages")
struct TruthfulMessageTests {
  /// The case: `--offset` past the end of the text was clamped without a word.
  @Test(
    "--offset past the end of the text or past a PDF's last page: exit 64 naming the range",
    arguments: [
      (
        ["run", "traces/default.hinge", "--offset", "60000"],
        "--offset: expected a UTF-16 offset from 0 to 49990 (the length of"
      ),
      (["check", "traces/default.hinge", "--offset", "49991"], "--offset: expected a UTF-16 offset from 0 to 49990"),
      (["report", "traces/default.hinge", "--offset", "50000"], "--offset: expected a UTF-16 offset from 0 to 49990"),
      (
        ["paginate", "texts/sample-chapter.txt", "--width", "300", "--height", "500", "--offset", "50000"],
        "--offset: expected a UTF-16 offset from 0 to 49990 (the length of"
      ),
      (
        ["run", "traces/default.hinge", "--pdf", "texts/pdf-sample.pdf", "--offset", "10"],
        "--offset: expected a page index from 0 to 9 (the pages of"
      ),
    ])
  func offsetPastTheEnd(_ arguments: [String], _ message: String) {
    let r = CLIHarness.run(arguments)
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains(message), "\(r.stderr)")
  }

  @Test("--offset at the very end of the text is a place (the end)")
  func offsetAtTheEnd() {
    #expect(CLIHarness.run(["run", "traces/default.hinge", "--offset", "49990", "--compute-ms", "1"]).code == 0)
  }

  /// The case: `run --help` said "none installed: none" while German patterns were.
  @Test("the --lang help lists the languages whose patterns are installed")
  func languageHelp() throws {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/share/hyphen")) ?? []
    let tags = files.filter { $0.hasPrefix("hyph_") && $0.hasSuffix(".dic") }
      .map { String($0.dropFirst(5).dropLast(4)).replacingOccurrences(of: "_", with: "-") }
    try #require(!tags.isEmpty, "bin/bootstrap.sh installs hyphen-en-us and hyphen-de")
    for command in ["run", "report", "paginate"] {
      let help = CLIHarness.run([command, "--help"]).stdout
      let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      #expect(!help.contains("none installed: none"))
      for tag in tags { #expect(flat.contains(" \(tag),") || flat.contains(" \(tag);"), "\(command): \(tag)") }
    }
  }
}
