import Platform
import Testing

@testable import EventStream
@testable import HingeSimCLI
@testable import Inputs

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct ScriptCLITests {
  @Test func thereAreAtLeastElevenBundledScripts() {
    #expect(bundledScripts().count >= 11)
    for name in [
      "default.hinge", "flip-flop.hinge", "reading-session.hinge", "threshold-jitter.hinge",
    ] {
      #expect(bundledScripts().contains(name))
    }
  }

  @Test func everyBundledScriptParsesAndRuns() throws {
    for name in bundledScripts() {
      let bytes = try simulateBytes(packageRoot + "/traces/" + name)
      #expect(!bytes.isEmpty, "\(name)")
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
      #expect(lines.contains { $0.contains("\"type\":\"settled\"") }, "\(name) never settles")
    }
  }

  @Test func everyBundledFileStartsWithItsDescription() {
    for entry in TracesCommand.listing(packageRoot + "/traces") {
      #expect(entry.description != "(no description)", "\(entry.name)")
    }
  }

  @Test func theReadingSessionLastsTenMinutesWithPageTurns() throws {
    let script = try CompiledScript.compile(
      String(
        decoding: FileBytes.read(path: packageRoot + "/traces/reading-session.hinge"), as: UTF8.self
      ),
      file: "reading-session.hinge")
    #expect(script.durationMs >= 600_000)
    var source = ScriptSource(script)
    var turns = 0
    while let event = source.nextEvent() { if case .turn = event.kind { turns += 1 } }
    #expect(turns >= 10)
  }

  @Test func theFlipFlopNeverSettlesTheClosedSize() throws {
    let text = String(
      decoding: try simulateBytes(packageRoot + "/traces/flip-flop.hinge"), as: UTF8.self)
    let lines = text.split(separator: "\n")
    // The closed size arrives (the burst completes) …
    #expect(
      lines.contains {
        $0.contains("\"type\":\"scene\",\"width\":382,\"height\":620")
          && $0.contains("\"transient\":false")
      })
    // … but only the open size settles after the first settle.
    let settled = lines.filter { $0.contains("\"type\":\"settled\"") }
    #expect(settled.count == 2)
    #expect(settled.allSatisfy { $0.contains("\"width\":867") })
  }

  /// script → recording → replay gives the identical stream, for every bundled script.
  @Test(arguments: bundledScripts())
  func roundTripThroughARecording(name: String) throws {
    let recording = temporaryPath("\(name).jsonl")
    defer { unlink(recording) }
    let direct = try simulateBytes(packageRoot + "/traces/" + name) { $0.recordPath = recording }
    let replayed = try simulateBytes(recording)
    #expect(direct == replayed)
    #expect(!direct.isEmpty)
  }

  @Test func aWindowOfAScriptReplaysTheStateFirst() throws {
    let text = String(
      decoding: try simulateBytes(packageRoot + "/traces/book-to-tabletop.hinge") {
        $0.fromMs = 400
        $0.toMs = 2000
      }, as: UTF8.self)
    let lines = text.split(separator: "\n")
    // The window starts in book (no spurious pose from portrait-open first), then rotates.
    #expect(lines.first == "{\"t\":0,\"type\":\"orientation\",\"orientation\":\"portrait\"}")
    #expect(lines.contains { $0.contains("\"pose\":\"book\",\"from\":\"unknown\"") })
    #expect(
      lines.contains {
        $0.contains("{\"t\":100,\"type\":\"pose\",\"pose\":\"tabletop\",\"from\":\"book\"")
      })
  }

  @Test func aBadScriptIsExit65WithEveryError() {
    let path = temporaryPath("bad.hinge")
    writeFile(path, Array("start closed\nopen to 180 over fast\nturn sideways\n".utf8))
    defer { unlink(path) }
    do {
      _ = try simulateBytes(path)
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .dataError)
      #expect(
        error.message == """
          \(path):2:18: expected a duration like 300ms after 'over', found 'fast'
              open to 180 over fast
                               ^~~~
          \(path):3:6: expected 'next' or 'prev' after 'turn', found 'sideways'
              turn sideways
                   ^~~~~~~~
          """)
    }
  }

  @Test func maxEventsIsHonoured() {
    do {
      _ = try simulateBytes(packageRoot + "/traces/reading-session.hinge") { $0.maxEvents = 10 }
      Issue.record("expected an error")
    } catch {
      #expect(error.code == .dataError)
      #expect(
        error.message.contains(
          "expected at most 10 generated events (raise the limit with --max-events)"))
    }
  }

  @Test func stdinIsSniffedAsAScript() {
    #expect(SourceFormat.sniff(Array("# a script\nstart closed\n".utf8)) == .hinge)
    #expect(SourceFormat.sniff(Array("# a trace\n{\"t\":0}\n".utf8)) == .jsonl)
  }

  @Test func fromAndToOptionsParse() throws {
    var args = Arguments(["--from", "5s", "--to=7500", "--max-events", "99"])
    let options = try SourceOptions.parse(&args)
    #expect(options.fromMs == 5000)
    #expect(options.toMs == 7500)
    #expect(options.maxEvents == 99)
    var bad = Arguments(["--from", "5s", "--to", "1s"])
    #expect(throws: CLIError.self) { try SourceOptions.parse(&bad) }
  }
}
