import AppLogs
import EventStream
import Foundation
import Reader
import TestSupport
import Testing

/// `AppLog.decode`: what a real app's log must hold, the errors (file:line:column, exit 65)
/// and the warnings for what can be ignored.
@Suite("app log decoding")
struct AppLogDecodingTests {
  static let sync = #"{"t":5000,"type":"sync","scriptTime":0}"#
  static let shown =
    #"{"t":5205,"type":"shown","offset":0,"pages":[0],"ranges":[[0,40]],"pageCount":3,"layout":"single","frames":[{"x":20,"y":20,"width":342,"height":580}],"notes":"sheet"}"#

  func decode(_ lines: [String], length: Int = 100, hash: String? = nil) throws(InputError) -> AppLog {
    try AppLog.decode(Array(lines.joined(separator: "\n").utf8), file: "app.jsonl", textLength: length, textHash: hash)
  }

  func error(_ lines: [String], length: Int = 100, hash: String? = nil) -> InputError? {
    do {
      _ = try decode(lines, length: length, hash: hash)
      return nil
    } catch {
      return error
    }
  }

  @Test("a log decodes with its times, the sync kept apart; comments, blank lines, CRLF and a BOM are fine")
  func decodes() throws {
    let text =
      "\u{FEFF}# made by hand\r\n" + Self.sync + "\r\n\r\n" + #"{"t":5000,"type":"frame","width":382,"height":620}"#
      + "\r\n"
    let log = try AppLog.decode(Array(text.utf8), file: "app.jsonl", textLength: 100)
    #expect(log.sync.appTime == 5000)
    #expect(log.entries.map(\.line) == [4])
    #expect(log.entries.map(\.appTime) == [5000])
    #expect(log.entries.map(\.kind) == [.frame(width: 382, height: 620)])
    #expect(log.scriptTime(ofAppTime: 5205) == 205)  // 5205 − 5000 + 0
    #expect(log.warnings.isEmpty)
  }

  @Test("the sync ties the clocks: app t − sync t + scriptTime")
  func syncOffset() throws {
    let log = try decode([#"{"t":2500.5,"type":"sync","scriptTime":100}"#])
    #expect(log.scriptTime(ofAppTime: 2600.5) == 200)
    #expect(log.scriptTime(ofAppTime: 2500.5) == 100)
  }

  @Test(
    "bad input is an error at file:line:column",
    arguments: [
      ([#"{"t":0,"type":"frame","width":1,"height":1}"#], "app.jsonl:1:1: expected one 'sync' event"),
      (
        [sync, #"{"t":5010,"type":"frame","width":1,"height":1}"#, #"{"t":5009,"type":"frame","width":1,"height":1}"#],
        "app.jsonl:3:6: expected a time no earlier than 5010 ms (line 2), found 5009: times must not go backwards"
      ),
      (
        [sync, #"{"t":5000,"type":"frame","width":-3,"height":1}"#],
        "app.jsonl:2:34: expected 'width' > 0 (points), found -3"
      ),
      (
        [sync, #"{"t":5000,"type":"frame","width":"NaN","height":1}"#],
        "app.jsonl:2:34: expected a number for 'width', found \"NaN\""
      ),
      (
        [sync, #"{"t":5000,"type":"selection","range":[90,101]}"#],
        "app.jsonl:2:38: expected the end of 'range' (UTF-16, in the text) in 90…100, found 101"
      ),
      ([sync, sync], "app.jsonl:2:18: expected one 'sync' event, found a second (line 1 has the first)"),
      (
        [#"{"t":0,"type":"sync","scriptTime":0,"textLength":99}"#],
        "app.jsonl:1:50: expected textLength 100 (the text being checked), found 99: a log of another text"
      ),
      (
        [sync, #"{"t":5000,"type":"frame","width":1,"height":1"#],
        "app.jsonl:2:46: expected ',' or '}', found the end of the line"
      ),
    ])
  func errors(lines: [String], message: String) {
    let e = error(lines)
    #expect(e?.description.hasPrefix(message) == true, "\(e?.description ?? "no error")")
    #expect(e?.kind == .badData)
  }

  @Test("a log of another text: the sync's textHash differs from the text's")
  func hashMismatch() {
    let e = error([#"{"t":0,"type":"sync","scriptTime":0,"textHash":"0123456789abcdef"}"#], hash: "ffd7e32a8e84e2fe")
    #expect(
      e?.description.contains("expected textHash ffd7e32a8e84e2fe (the text being checked), found 0123456789abcdef")
        == true)
  }

  @Test("a shown state's ranges must lie in the text and match its pages")
  func shownRanges() {
    #expect(error([Self.sync, Self.shown], length: 30)?.description.contains("in 0…30, found 40") == true)
    let twoRanges = Self.shown.replacingOccurrences(of: "[[0,40]]", with: "[[0,40],[40,80]]")
    #expect(error([Self.sync, twoRanges])?.description.contains("for each of the 1 page(s) in 'ranges'") == true)
  }

  @Test("unknown event types and fields are warnings, once per type and field, and the rest is used")
  func warnings() throws {
    let log = try decode([
      Self.sync, #"{"t":5001,"type":"scroll","y":3}"#, #"{"t":5002,"type":"frame","width":1,"height":2,"scale":3}"#,
      #"{"t":5003,"type":"frame","width":1,"height":2,"scale":3}"#,
    ])
    #expect(
      log.warnings == [
        "app.jsonl:2:18: warning: unknown event type 'scroll', line ignored",
        "app.jsonl:3:55: warning: unknown field 'scale' in 'frame', ignored",
      ])
    #expect(log.entries.count == 2)
  }

  @Test("the JSON schema in docs/ lists exactly the decoder's event types and fields")
  func schemaMatchesDecoder() throws {
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: TestSupport.packageRoot + "/docs/app-log.schema.json")))
    let schema = try JSONValue.parse(bytes)
    guard case .object(let definitions)? = schema["$defs"] else {
      Issue.record("no $defs in the schema")
      return
    }
    var types: [String] = []
    for (_, definition) in definitions {
      guard case .string(let type)? = definition["properties"]?["type"]?["const"] else { continue }
      types.append(type)
      guard case .object(let properties)? = definition["properties"] else { continue }
      let fields = Set(properties.map(\.0)).subtracting(["t", "type"])
      #expect(fields == AppLog.knownFields[type], "fields of \(type)")
    }
    #expect(types.sorted() == AppLog.eventTypes.sorted())
  }
}
