import Backends
import EventStream
import Platform
import TestSupport
import Testing

@testable import HingeSimCLI

/// `export --to cdp` of every bundled source on every bundled profile, replayed command by
/// command into a real Chromium: every command is accepted (the closing burst's 413-px
/// viewport with the fold still at x 455 was refused before the mapping fitted folds to the
/// viewport), and `CDPCommand.refusal` — what `--strict` fails on — agrees with Chromium.
@Suite(.enabled(if: PathLookup.find("chromium") != nil, "needs Debian's chromium (bin/test installs it)"))
struct CDPReplayTests {
  /// Every bundled profile, read from profiles/ (a new profile is in every browser test at once).
  static let profiles: [String] = Directory.files(in: TestSupport.packageRoot + "/profiles")
    .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()

  @Test func everyExportedCommandOfEverySourceOnEveryProfileIsAcceptedByChromium() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    var sent = 0
    var exports = 0
    for profile in Self.profiles {
      for trace in AllProfilesCheckTests.traces {
        let r = CLIHarness.run(["export", "traces/" + trace, "--profile", profile, "--to", "cdp"])
        #expect(r.code == 0, "\(profile) \(trace): \(r.stderr)")
        #expect(!r.stderr.contains("over the target's limits"), "\(profile) \(trace): \(r.stderr)")
        exports += 1
        for line in r.stdout.split(separator: "\n") {
          let value = try JSONValue.parse(Array(line.utf8))
          guard case .string(let method)? = value["method"], let params = value["params"] else {
            Issue.record("\(profile) \(trace): not a command: \(line)")
            continue
          }
          do throws(BrowserError) {
            _ = try page.call(method, params)
            sent += 1
          } catch {
            Issue.record("\(profile) \(trace): Chromium refused \(line): \(error.message)")
          }
        }
      }
    }
    #expect(exports == Self.profiles.count * AllProfilesCheckTests.traces.count)
    // Every source begins with device metrics and a posture: at least two commands each.
    #expect(sent >= 2 * exports)
  }

  /// `refusal` against Chromium on the edges of each rule: a feature ending at the viewport's
  /// edge is accepted, one pixel further is not; negative, zero-size viewports, angles.
  @Test func theRefusalRuleIsChromiumsOwn() throws {
    let browser = try Chromium.launch()
    defer { browser.close() }
    let page = try browser.newPage()
    func metrics(_ w: Double, _ h: Double, _ o: String?, _ offset: Double, _ mask: Double, angle: Double = 0)
      -> CDPCommand
    {
      var params: [(String, JSONValue)] = [
        ("width", .number(w)), ("height", .number(h)), ("deviceScaleFactor", .number(0)), ("mobile", .bool(true)),
        ("screenOrientation", .object([("type", .string("portraitPrimary")), ("angle", .number(angle))])),
      ]
      if let o {
        params.append(
          (
            "displayFeature",
            .object([("orientation", .string(o)), ("offset", .number(offset)), ("maskLength", .number(mask))])
          ))
      }
      return CDPCommand("Emulation.setDeviceMetricsOverride", .object(params))
    }
    let cases: [(CDPCommand, Bool)] = [
      (metrics(413, 600, "vertical", 372, 41), true), (metrics(413, 600, "vertical", 372, 42), false),
      (metrics(413, 600, "vertical", 413, 0), true), (metrics(413, 600, "vertical", 413, 1), false),
      (metrics(413, 600, "vertical", -1, 10), false), (metrics(413, 600, "horizontal", 590, 10), true),
      (metrics(413, 600, "horizontal", 590, 11), false), (metrics(0, 0, "vertical", 10, 10), false),
      (metrics(413, 600, nil, 0, 0, angle: 360), false), (metrics(413, 600, nil, 0, 0, angle: 270), true),
    ]
    for (command, accepted) in cases {
      #expect((command.refusal == nil) == accepted, "\(command.params.found): \(command.refusal ?? "accepted")")
      var chromiumAccepted = true
      do throws(BrowserError) { _ = try page.call(command.method, command.params) } catch { chromiumAccepted = false }
      #expect(
        chromiumAccepted == accepted, "Chromium on \(String(decoding: command.params.orderedBytes, as: UTF8.self))")
    }
  }
}
