import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Every reader stops at its read limit (docs/limits.md): `/dev/zero` and a pipe that never
/// ends are refused with exit 65 naming the file and the limit, in bounded memory, never read
/// to exhaustion. The binary runs under GNU time (its peak memory is its own: a child spawned
/// straight from the test runner would inherit the runner's) with a 1.5 GB address-space cap and
/// a timeout, so a reader without a limit fails the test instead of the machine.
@Suite("Endless inputs", .serialized)
struct EndlessInputTests {
  static let binary = TestSupport.packageRoot + "/.build/debug/hingesim"
  /// The peak memory every case must stay under (the bound).
  static let peakLimitKB = 256 * 1024

  struct Outcome {
    var status: Int32
    var stderr: String
    var peakKB: Int
  }

  /// Runs `hingesim ARGS` under `/bin/sh -c`, its stdin fed by `feed` (a shell pipeline such as
  /// `yes 'wait 1ms'`) or `/dev/null`, with `environment` (`NAME=value`) exported.
  static func run(_ arguments: String, feed: String? = nil, environment: String? = nil) throws -> Outcome {
    let err = "/tmp/hingesim-endless-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err"
    let peak = err + ".peak"
    defer {
      unlink(err)
      unlink(peak)
    }
    let command =
      "ulimit -v 1500000; cd '\(TestSupport.packageRoot)'; " + (environment.map { "export \($0); " } ?? "")
      + (feed.map { "\($0) | " } ?? "") + "timeout 120 /usr/bin/time -f %M -o '\(peak)' '\(binary)' \(arguments)"
      + (feed == nil ? " < /dev/null" : "")
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ["/bin/sh", "-c", command]
    var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cArgs { free(p) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/bin/sh", &actions, nil, &cArgs, environ) == 0 else {
      throw CocoaError(.executableLoad)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    // GNU time's last line: hingesim's own peak resident set, kB.
    let measured = (try? String(contentsOfFile: peak, encoding: .utf8)) ?? ""
    return Outcome(
      status: code, stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "",
      peakKB: measured.split(separator: "\n").last.flatMap { Int($0) } ?? Int.max)
  }

  /// Exit 65, a message naming the file and `limit`, and a peak under 256 MB.
  static func expectRefused(_ outcome: Outcome, file: String, limit: String, line: Int = #line) {
    let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
    #expect(outcome.status == 65, "stderr: \(outcome.stderr.prefix(400))", sourceLocation: location)
    #expect(
      outcome.stderr.contains("\(file)") && outcome.stderr.contains(limit), "stderr: \(outcome.stderr.prefix(400))",
      sourceLocation: location)
    #expect(outcome.peakKB < peakLimitKB, "peak \(outcome.peakKB) kB", sourceLocation: location)
  }

  static func requireBinary() throws {
    try #require(FileManager.default.isExecutableFile(atPath: binary), "build first: \(binary)")
    try #require(
      FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "GNU time measures the peak: apt-get install time")
  }

  // MARK: Texts

  @Test("paginate /dev/zero: the text limit (64 MiB), exit 65")
  func paginateZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("paginate /dev/zero --width 300 --height 500"), file: "/dev/zero",
      limit: "expected a text of at most 64 MiB, found more")
  }

  @Test("run --text - with a text that never ends: the text limit, exit 65")
  func textPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run traces/default.hinge --text -", feed: "yes 'All work and no play makes Jack a dull boy.'"),
      file: "<stdin>", limit: "expected a text of at most 64 MiB")
  }

  // MARK: PDFs

  @Test("run --pdf /dev/zero: the PDF limit (128 MiB), exit 65")
  func pdfZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run traces/default.hinge --pdf /dev/zero"), file: "/dev/zero",
      limit: "expected a PDF of at most 128 MiB, found more")
  }

  @Test("paginate --pdf - with a PDF that never ends: the PDF limit, exit 65")
  func pdfPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("paginate --pdf -", feed: "yes '%PDF-1.4 0 obj'"), file: "<stdin>",
      limit: "expected a PDF of at most 128 MiB")
  }

  // MARK: Profiles

  @Test("--profile /dev/zero and profiles --check /dev/zero: the profile limit (1 MiB), exit 65")
  func profileZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run traces/default.hinge --profile /dev/zero"), file: "/dev/zero",
      limit: "expected a profile of at most 1 MiB, found more")
    Self.expectRefused(
      try Self.run("profiles --check /dev/zero"), file: "/dev/zero", limit: "expected a profile of at most 1 MiB")
  }

  @Test("--profile /dev/stdin that never ends: the profile limit, exit 65")
  func profilePipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("profiles --check /dev/stdin", feed: "yes '{\"name\": \"x\",'"), file: "/dev/stdin",
      limit: "expected a profile of at most 1 MiB")
  }

  // MARK: App logs

  @Test("check --app /dev/zero: the app-log limit (64 MiB), exit 65")
  func appLogZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("check traces/default.hinge --app /dev/zero"), file: "/dev/zero",
      limit: "expected an app log of at most 64 MiB, found more")
  }

  @Test("check --app - with a log that never ends: the app-log limit, exit 65")
  func appLogPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run(
        "check traces/default.hinge --app -", feed: "yes '{\"t\":0,\"type\":\"frame\",\"width\":382,\"height\":620}'"),
      file: "<stdin>", limit: "expected an app log of at most 64 MiB")
  }

  // MARK: Reports

  @Test("report --compare /dev/zero /dev/zero: the report limit (16 MiB), exit 65")
  func reportZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("report --compare /dev/zero /dev/zero"), file: "/dev/zero",
      limit: "expected a report of at most 16 MiB, found more")
  }

  @Test("report --compare - with a report that never ends: the report limit, exit 65")
  func reportPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("report --compare - /dev/null", feed: "yes '{\"causes\": ['"), file: "<stdin>",
      limit: "expected a report of at most 16 MiB")
  }

  // MARK: Scripts

  @Test("a script from /dev/zero: the 1-MiB line limit, exit 65")
  func scriptZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("simulate /dev/zero --format hinge"), file: "/dev/zero",
      limit: "expected a line shorter than 1048576 bytes")
  }

  @Test("yes 'wait 1ms' | simulate - --format hinge: the script limit (4 MiB), exit 65, not an abort")
  func scriptPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("simulate - --format hinge", feed: "yes 'wait 1ms'"), file: "<stdin>",
      limit: "expected a script of at most 4 MiB, found more")
  }

  // MARK: Traces and streams

  @Test("a JSONL trace from /dev/zero: the line limit, exit 65")
  func traceZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run /dev/zero --format jsonl"), file: "/dev/zero",
      limit: "expected a line shorter than 1048576 bytes")
  }

  @Test("a JSONL trace and a CSV trace that never end: the trace limit, exit 65 (lowered to 1 MiB to be quick)")
  func tracePipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run - --read-limit trace=1MiB", feed: "yes '{\"t\":0,\"type\":\"hinge\",\"angle\":10}'"),
      file: "<stdin>", limit: "expected a trace or stream of at most 1 MiB, found more")
    Self.expectRefused(
      try Self.run("simulate - --format csv --read-limit trace=1MiB", feed: "{ echo t_ms,angle_deg; yes 0,10; }"),
      file: "<stdin>", limit: "expected a trace or stream of at most 1 MiB")
  }

  @Test("read - with a stream that never ends: the trace limit, exit 65")
  func streamPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run(
        "read - --read-limit trace=1MiB --compute-ms 1",
        feed:
          "yes '{\"t\":200,\"type\":\"settled\",\"width\":382,\"height\":620,\"textSize\":\"large\",\"division\":null,"
          + "\"sizes\":1,\"changed\":true,\"cause\":\"initial\",\"causeTime\":0,\"firstChange\":0,\"lastChange\":0,"
          + "\"firstSize\":0,\"lastSize\":0,\"horizontalSizeClass\":\"compact\"}'"),
      file: "<stdin>", limit: "expected a trace or stream of at most 1 MiB")
  }

  // MARK: Knob recordings

  @Test("an evemu recording from /dev/zero: the line limit, exit 65")
  func recordingZero() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run /dev/zero --format evemu"), file: "/dev/zero",
      limit: "expected a line shorter than 1048576 bytes")
  }

  @Test("evemu and libinput recordings that never end: the recording limit (64 MiB), exit 65")
  func recordingPipe() throws {
    try Self.requireBinary()
    Self.expectRefused(
      try Self.run("run - --format evemu", feed: "yes 'E: 0.000000 0002 0007 0001'"), file: "<stdin>",
      limit: "expected a knob recording of at most 64 MiB, found more")
    Self.expectRefused(
      try Self.run(
        "run - --format libinput", feed: "{ echo 'version: 1'; echo 'ndevices: 1'; yes '  - [  0, 0, 2, 7, 1]'; }"),
      file: "<stdin>", limit: "expected a knob recording of at most 64 MiB")
  }

  // MARK: The limit itself

  @Test("--read-limit and HINGESIM_READ_LIMIT: a bad kind or size is exit 64 naming the range")
  func badLimit() throws {
    try Self.requireBinary()
    let unknownKind = try Self.run("simulate traces/default.hinge --read-limit texts=1M")
    #expect(unknownKind.status == 64)
    #expect(unknownKind.stderr.contains("--read-limit: expected an input kind (text, pdf, profile, app-log"))
    let tooSmall = try Self.run("simulate traces/default.hinge --read-limit text=12")
    #expect(tooSmall.status == 64)
    #expect(tooSmall.stderr.contains("expected a size from 1KiB to 1TiB"))
    let environment = try Self.run("simulate traces/default.hinge", environment: "HINGESIM_READ_LIMIT=pdf=2X")
    #expect(environment.status == 64)
    #expect(environment.stderr.contains("HINGESIM_READ_LIMIT: expected a size"))
  }

  /// A sparse file of 2 GiB costs nothing on disk; read, it would be 2 GiB of NULs.
  static func sparseFile(suffix: String) throws -> String {
    let path = "/tmp/hingesim-sparse-\(getpid())-\(UInt32.random(in: 0...UInt32.max))\(suffix)"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(fd >= 0)
    defer { close(fd) }
    try #require(ftruncate(fd, 2 << 30) == 0)
    return path
  }

  @Test("a regular file larger than its limit is refused before a byte is read: the limit's message, a small peak")
  func regularFileRefusedUnread() throws {
    try Self.requireBinary()
    let text = try Self.sparseFile(suffix: ".txt")
    let trace = try Self.sparseFile(suffix: ".jsonl")
    defer {
      unlink(text)
      unlink(trace)
    }
    let paginated = try Self.run("paginate \(text) --width 300 --height 500")
    Self.expectRefused(paginated, file: text, limit: "expected a text of at most 64 MiB, found more")
    #expect(paginated.peakKB < 48 * 1024, "peak \(paginated.peakKB) kB: the file was read")
    // Read, the trace would stop at its first 1-MiB line of NULs; unread, at the trace limit.
    let simulated = try Self.run("simulate \(trace)")
    Self.expectRefused(simulated, file: trace, limit: "expected a trace or stream of at most 256 MiB, found more")
  }

  @Test("a regular file past its limit is refused before it is read; raising the limit reads it")
  func regularFile() throws {
    try Self.requireBinary()
    let lowered = try Self.run("paginate texts/sample-chapter.txt --width 300 --height 500 --read-limit text=4KiB")
    Self.expectRefused(lowered, file: "texts/sample-chapter.txt", limit: "expected a text of at most 4 KiB, found more")
    let raised = try Self.run("paginate texts/sample-chapter.txt --width 300 --height 500 --read-limit all=1GiB")
    #expect(raised.status == 0, "\(raised.stderr)")
  }
}
