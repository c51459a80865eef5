import Knob
import TestSupport
import Testing

@testable import EventStream
@testable import Inputs

/// Inputs people really have (a byte order mark, CRLF, odd extensions, directories) and
/// values that used to slip through (hex, huge times, extra columns) — issue 11.
@Suite struct InputFormatRobustnessTests {
  static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// One small input in every format, with its extension.
  static let samples: [(suffix: String, text: String)] = [
    (".jsonl", "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\n{\"t\":10,\"type\":\"hinge\",\"angle\":20}\n"),
    (".csv", "t_ms,angle_deg,orientation\n0,0,portrait\n10,20\n"),
    (".hinge", "start closed\nopen to 20 over 10ms\n"),
    (
      ".evemu",
      "# EVEMU 1.3\nN: knob\nB: 02 80 00\nE: 0.000000 0002 0007 1\nE: 0.000000 0000 0000 0\nE: 0.010000 0002 0007 2\nE: 0.010000 0000 0000 0\n"
    ),
    (
      ".yml",
      "version: 1\nndevices: 1\nlibinput:\n  version: 1\ndevices:\n- node: /dev/input/event5\n  evdev:\n    name: \"k\"\n    codes:\n      2: [7]\n  events:\n  - evdev:\n    - [  0,      0,   2,   7,       1]\n    - [  0,      0,   0,   0,       0]\n    - [  0,  10000,   2,   7,       2]\n    - [  0,  10000,   0,   0,       0]\n"
    ),
  ]

  func events(_ path: String, settings: SourceSettings = SourceSettings()) throws -> [Event] {
    var source = try SourceOpener(settings: settings, warn: { _ in }).open(path)
    var events: [Event] = []
    while let event = try source.next() { events.append(event) }
    return events
  }

  func inputError(_ path: String, settings: SourceSettings = SourceSettings()) -> InputError? {
    do {
      _ = try events(path, settings: settings)
      return nil
    } catch let error as SourceError {
      if case .input(let input) = error { return input }
      return InputError(file: path, line: 0, column: 0, message: "\(error)")
    } catch let error as InputError {
      return error
    } catch {
      return InputError(file: path, line: 0, column: 0, message: "\(error)")
    }
  }

  @Test("a UTF-8 byte order mark is accepted in every format", arguments: samples)
  func byteOrderMark(sample: (suffix: String, text: String)) throws {
    let plain = try events(TestSupport.temporaryFile(sample.text, suffix: sample.suffix))
    let marked = try events(TestSupport.temporaryFile(Self.bom + Array(sample.text.utf8), suffix: sample.suffix))
    #expect(!plain.isEmpty)
    #expect(marked == plain)
  }

  @Test("CRLF line ends are accepted in every format", arguments: samples)
  func crlf(sample: (suffix: String, text: String)) throws {
    let plain = try events(TestSupport.temporaryFile(sample.text, suffix: sample.suffix))
    let crlf = sample.text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    #expect(try events(TestSupport.temporaryFile(crlf, suffix: sample.suffix)) == plain)
  }

  @Test("a file whose extension names no format is sniffed like stdin", arguments: samples)
  func unknownExtensionsAreSniffed(sample: (suffix: String, text: String)) throws {
    let plain = try events(TestSupport.temporaryFile(sample.text, suffix: sample.suffix))
    #expect(try events(TestSupport.temporaryFile(sample.text, suffix: ".txt")) == plain)
    #expect(try events(TestSupport.temporaryFile(Self.bom + Array(sample.text.utf8), suffix: "")) == plain)
  }

  @Test("a directory is exit 66, 'is a directory'")
  func directories() throws {
    for name in ["dir.jsonl", "dir"] {
      let path = TestSupport.temporaryFile("", suffix: "-" + name)
      _ = unlink(path)
      #expect(mkdir(path, 0o755) == 0)
      defer { rmdir(path) }
      let error = try #require(inputError(path))
      #expect(error.kind == .missing)
      #expect(error.description == "\(path): is a directory, expected a file")
    }
  }

  @Test("CSV numbers are plain decimals: hex, inf and nan are errors")
  func csvNumbers() {
    func message(_ row: String) -> String? {
      inputError(TestSupport.temporaryFile("t_ms,angle_deg\n0,0\n" + row + "\n", suffix: ".csv"))?.description
        .split(separator: ":", maxSplits: 1).last.map(String.init)
    }
    #expect(message("10,0x10") == "3:4: expected an angle in degrees, found '0x10'")
    #expect(message("0x10,5") == "3:1: expected a time in milliseconds, found '0x10'")
    #expect(message("10,inf") == "3:4: expected an angle in degrees, found 'inf'")
    #expect(message("nan,1") == "3:1: expected a time in milliseconds, found 'nan'")
    #expect(message("10,0x1p3") == "3:4: expected an angle in degrees, found '0x1p3'")
    #expect(message("10,1_0") == "3:4: expected an angle in degrees, found '1_0'")
    #expect(message("10,+1.5e1") == nil)
    #expect(message("10,.5") == nil)
  }

  @Test("a CSV header with an extra column is an error at that column")
  func csvHeaderColumns() throws {
    let extra = try #require(
      inputError(TestSupport.temporaryFile("t_ms,angle_deg,orientation,flags\n0,0,portrait,1\n", suffix: ".csv")))
    #expect(extra.line == 1 && extra.column == 28)
    #expect(extra.message == "expected the header 't_ms,angle_deg[,orientation]', found an extra column 'flags'")
    let short = try #require(inputError(TestSupport.temporaryFile("t_ms\n0\n", suffix: ".csv")))
    #expect(short.message == "expected the header 't_ms,angle_deg[,orientation]', found 't_ms'")
    // A trailing comma is an empty orientation column, as it is in the rows.
    #expect(try events(TestSupport.temporaryFile("T_MS , Angle_Deg,\n0,0,\n", suffix: ".csv")).count == 1)
  }

  @Test("times beyond 1e12 ms are refused with the accepted range, in JSON Lines and CSV")
  func timeLimit() throws {
    let ok = "{\"t\":0,\"type\":\"hinge\",\"angle\":0}\n"
    let huge = try #require(
      inputError(TestSupport.temporaryFile(ok + "{\"t\":2e305,\"type\":\"hinge\",\"angle\":180}\n")))
    #expect(huge.description.hasSuffix(":2:6: expected a 't' from 0 to 1e12 ms (about 31 years), found 2e+305"))
    #expect(inputError(TestSupport.temporaryFile(ok + "{\"t\":1e12,\"type\":\"hinge\",\"angle\":180}\n")) == nil)
    #expect(
      inputError(TestSupport.temporaryFile(ok + "{\"t\":1000000000000.5,\"type\":\"hinge\",\"angle\":1}\n")) != nil)
    let csv = try #require(inputError(TestSupport.temporaryFile("t_ms,angle_deg\n0,0\n2e305,1\n", suffix: ".csv")))
    #expect(csv.description.hasSuffix(":3:1: expected a time from 0 to 1e12 ms (about 31 years), found 2e+305"))
  }

  @Test("found-texts are cut to 40 characters and their control characters escaped")
  func foundTexts() throws {
    let long = String(repeating: "z", count: 100_000)
    let cell = try #require(inputError(TestSupport.temporaryFile("t_ms,angle_deg\n0,\(long)\n", suffix: ".csv")))
    #expect(cell.message == "expected an angle in degrees, found '\(String(repeating: "z", count: 39))… (99,961 more)'")
    let header = try #require(inputError(TestSupport.temporaryFile("t_ms,\u{9B}31m\n0,0\n", suffix: ".csv")))
    #expect(header.message == #"expected the header 't_ms,angle_deg[,orientation]', found 't_ms,\u{9B}31m'"#)
    let type = try #require(
      inputError(TestSupport.temporaryFile(#"{"t":0,"type":"\u001b[31m\u0007"}"# + "\n")))
    #expect(type.message.hasSuffix(#"found "\u{1B}[31m\u{7}""#))
    let label = try #require(
      inputError(TestSupport.temporaryFile(#"{"t":0,"type":"orientation","orientation":""# + long + "\"}\n")))
    #expect(label.message.hasSuffix("found \"\(String(repeating: "z", count: 39))… (99,961 more)\""))
  }
}

#if canImport(Glibc)
  import Glibc
#endif
