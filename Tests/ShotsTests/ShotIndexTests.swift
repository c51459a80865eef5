import EventStream
import Platform
import Shots
import Testing

/// A folder's index (`shots.jsonl`) read back, its errors, and the pairing rule.
@Suite struct ShotIndexTests {
  static func record(_ file: String, _ t: Double, _ pose: String, _ w: Double = 867, fold: Rect? = nil) -> ShotRecord {
    ShotRecord(file: file, timeMs: t, pose: pose, width: w, height: 611, textSize: "large", fold: fold, caption: "c")
  }

  static func folder(_ lines: [String]) throws -> String {
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-shots-index"))
    #expect(WholeFile.replace(directory + "/shots.jsonl", with: Array(lines.joined(separator: "\n").utf8)))
    return directory
  }

  @Test func recordsReadBackAsWritten() throws {
    let records = [
      Self.record("001-200ms.png", 200, "closed", 382),
      Self.record("002-1220ms.png", 1220, "book", fold: Rect(x: 455, y: 0, width: 41, height: 611)),
    ]
    let directory = try Self.folder(records.map { String(decoding: $0.jsonLine, as: UTF8.self) })
    defer { Directory.removeTree(directory) }
    #expect(try ShotIndex.read(directory).shots == records)
  }

  @Test func aBadLineIsNamedByLineAndColumn() throws {
    let good = String(decoding: Self.record("a.png", 1, "book").jsonLine, as: UTF8.self)
    let cases: [([String], String)] = [
      ([good, "{\"file\":"], ":2:9: expected a value"),
      ([good, "[1]"], ":2: expected a shot record (a JSON object), found an array"),
      (
        ["{\"file\":\"../../etc/passwd\",\"t\":0,\"pose\":\"x\",\"width\":1,\"height\":1,\"textSize\":\"l\"}"],
        ":1: expected \"file\" to be a file name in the folder, found \"../../etc/passwd\""
      ),
      ([good, good], ":2: expected each picture once, found 'a.png' again"),
      (
        [String(decoding: Self.record("a.png", 1, "book", -1).jsonLine, as: UTF8.self)],
        ":1: expected a frame of positive size"
      ),
    ]
    for (lines, expected) in cases {
      let directory = try Self.folder(lines)
      defer { Directory.removeTree(directory) }
      do {
        _ = try ShotIndex.read(directory)
        Issue.record("read: \(lines)")
      } catch {
        #expect(error.kind == .badData)
        #expect(error.summary.contains("shots.jsonl" + expected), "\(error.summary)")
      }
    }
  }

  @Test func aMissingFolderOrIndexIsMissing() throws {
    #expect(throws: ShotsError(file: "/nonexistent/shots", "no such folder", kind: .missing)) {
      try ShotIndex.read("/nonexistent/shots")
    }
    let directory = try #require(POSIX.temporaryDirectory(prefix: "hingesim-shots-empty"))
    defer { Directory.removeTree(directory) }
    #expect(throws: ShotsError.self) { try ShotIndex.read(directory) }
  }

  /// The k-th picture of a layout pairs with the k-th of the same layout, in time order,
  /// whatever the times; a layout shown more often in one folder leaves its extra unmatched.
  @Test func pairingIsByLayoutThenOrder() {
    let a = [
      Self.record("a1", 200, "closed", 382), Self.record("a2", 1220, "book"), Self.record("a3", 2300, "openWide"),
      Self.record("a4", 2900, "openWide"), Self.record("a5", 9000, "closed", 382),
    ]
    let b = [
      Self.record("b1", 210, "closed", 382), Self.record("b3", 2350, "openWide"), Self.record("b2", 1300, "book"),
      Self.record("b4", 2950, "openWide"), Self.record("b5", 3100, "openWide"),
    ]
    let pairing = ShotPairing(a, b)
    #expect(
      pairing.pairs.map { "\($0.before.file)=\($0.after.file)#\($0.occurrence)" } == [
        "a1=b1#1", "a2=b2#1", "a3=b3#1", "a4=b4#2",
      ])
    #expect(pairing.onlyBefore.map(\.file) == ["a5"])
    #expect(pairing.onlyAfter.map(\.file) == ["b5"])
    #expect(!pairing.isComplete)
    #expect(ShotPairing(a, a).isComplete)
  }
}
