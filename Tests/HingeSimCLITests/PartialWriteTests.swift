import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A write that fails part-way — a file that reaches the size limit (`ulimit -f`) or fills the
/// disk inside a block — tells the truth: a stream of lines says exactly how many complete lines
/// (and bytes of a cut one) the file holds, and a document that means something only whole (a
/// Chrome trace, an SVG plot, an export script) is removed rather than left looking complete.
@Suite("Partial writes", .serialized)
struct PartialWriteTests {
  /// Runs the binary under `ulimit -f 8` (4 KiB under dash, 8 KiB under bash), stdout to
  /// /dev/null; returns the exit status and stderr.
  static func runLimited(_ arguments: [String]) throws -> (code: Int32, stderr: String) {
    let err = "/tmp/hingesim-partial-\(getpid()).err"
    defer { unlink(err) }
    let quoted = ([SignalTests.binary] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    let argv = [
      "/bin/sh", "-c", "ulimit -f 8; cd '\(TestSupport.packageRoot)'; exec \(quoted) > /dev/null 2> '\(err)'",
    ]
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", nil, nil, &cArgs, environ) == 0 else { throw CocoaError(.executableLoad) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (code, (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
  }

  /// The issue's case: "it holds its first 0 complete lines" while the file held 540 and a
  /// torn one (the failed block was counted as not written at all).
  @Test("--out past the size limit: exit 74 with the exact count of complete lines and the bytes of the cut one")
  func linesCounted() throws {
    try #require(FileManager.default.isExecutableFile(atPath: SignalTests.binary))
    let path = temporaryPath("partial.jsonl")
    let r = try Self.runLimited(["simulate", "traces/reading-session.hinge", "--out", path])
    #expect(r.code == 74, "\(r.stderr)")
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let complete = bytes.filter { $0 == 0x0A }.count
    let torn = bytes.count - (bytes.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)
    #expect(complete > 0)
    #expect(r.stderr.contains("\(path): write failed: File too large"), "\(r.stderr)")
    #expect(r.stderr.contains("it holds its first \(complete) complete lines"), "\(r.stderr); the file has \(complete)")
    if torn > 0 { #expect(r.stderr.contains("and \(torn) bytes of a cut line after them"), "\(r.stderr)") }
  }

  @Test(
    "a whole document past the size limit is removed, and the message says so",
    arguments: [
      (["report", "traces/reading-session.hinge", "--compute-ms", "1", "--trace-out"], "Chrome trace"),
      (["report", "traces/reading-session.hinge", "--compute-ms", "1", "--plot"], "SVG plot"),
      (["export", "traces/reading-session.hinge", "--to", "appium", "-o"], "export"),
    ])
  func documentsRemoved(_ arguments: [String], _ what: String) throws {
    try #require(FileManager.default.isExecutableFile(atPath: SignalTests.binary))
    let path = temporaryPath("partial-\(what.split(separator: " ").first!).out")
    _ = FileManager.default.createFile(atPath: path, contents: Data())
    let r = try Self.runLimited(arguments + [path])
    #expect(r.code == 74, "\(r.stderr)")
    #expect(r.stderr.contains("\(path): write failed: File too large"), "\(r.stderr)")
    #expect(r.stderr.contains("the partial \(what) ("), "\(r.stderr)")
    #expect(r.stderr.contains(" bytes) was removed"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test("a device given as a document's path is never removed")
  func deviceKept() {
    let r = CLIHarness.run(["report", "traces/default.hinge", "--compute-ms", "1", "--trace-out", "/dev/full"])
    #expect(r.code == 74)
    #expect(r.stderr.contains("went to a file that is not a regular file; nothing was removed"), "\(r.stderr)")
    #expect(FileManager.default.fileExists(atPath: "/dev/full"))
  }
}
