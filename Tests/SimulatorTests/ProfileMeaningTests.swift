import Foundation
import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// `profiles --check` and every load validate meaning, not only types: values a run cannot
/// work with are errors naming the key, with the line and column where it is written.
@Suite("Profile meaning")
struct ProfileMeaningTests {
  static let bundled: String = {
    String(
      decoding: (try? FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json")) ?? [], as: UTF8.self)
  }()

  /// The bundled profile with one text replaced, loaded from a temporary file.
  static func load(replacing old: String, with new: String) -> Result<Profile, InputError> {
    #expect(bundled.contains(old), "the bundled profile no longer holds \(old)")
    let path = TestSupport.temporaryFile(bundled.replacingOccurrences(of: old, with: new), suffix: ".json")
    do {
      return .success(try Profile.load(path, root: TestSupport.packageRoot))
    } catch {
      return .failure(error)
    }
  }

  /// A missing key is pointed at through the object that should hold it: the document's own
  /// `{` (line 1) for a top-level key, `"hinge"` (line 4) for one of its keys.
  @Test(
    "a missing key: expected the key, found none, at the object that lacks it",
    arguments: [
      (#""name": "iphone-duo","#, "", "name: expected the key 'name', found none", 1),
      (
        #""range": { "min": 0, "max": 180,"#, #""rangeX": { "min": 0, "max": 180,"#,
        "hinge.range: expected the key 'range', found none", 4
      ),
    ])
  func missing(_ old: String, _ new: String, _ message: String, _ line: Int) {
    guard case .failure(let error) = Self.load(replacing: old, with: new) else {
      Issue.record("accepted a profile without \(old)")
      return
    }
    #expect(error.message == message, "\(error)")
    #expect(error.line == line, "\(error)")
    #expect(error.column > 0)
  }

  @Test(
    "values that break every run are refused, naming the key and where it is",
    arguments: [
      (#""windowMs": 200"#, #""windowMs": 2"#, "settle.windowMs: expected more than 75 ms", 111),
      (
        #""large": { "pointSize": 17, "lineHeight": 22 }"#, #""large": { "pointSize": 17, "lineHeight": 1e9 }"#,
        "typography.sizes.large.lineHeight: expected a height in points from 1 to 1000", 118
      ),
      (
        #""x": 0, "y": 313.5, "width": 669, "height": 40"#, #""x": 0, "y": 0, "width": 669, "height": 40"#,
        "poses.openTall.division.y: expected room above the fold", 66
      ),
      (#""seed": 1,"#, #""seed": 18446744073709551616,"#, "hinge.policy.seed: expected an integer from 0 to 2^53", 19),
      (
        #""x": 455.5, "y": 0, "width": 40, "height": 611, "source": { "x": "measured: the fold sits"#,
        #""x": 455.5, "y": 10, "width": 40, "height": 590, "source": { "x": "measured: the fold sits"#,
        "poses.openWide.division: expected a fold from the reader's top to its bottom (y 0, height 611), found y 10, height 590",
        52
      ),  // the reader would never split its pages at it
      (
        #""sensorRateHz": { "value": 100,"#, #""sensorRateHz": { "value": 1e30,"#,
        "hinge.sensorRateHz.value: expected a rate in Hz from 1 to 10000", 22
      ),
    ])
  func refused(_ old: String, _ new: String, _ message: String, _ line: Int) {
    guard case .failure(let error) = Self.load(replacing: old, with: new) else {
      Issue.record("accepted \(new)")
      return
    }
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(error.line == line, "\(error)")
    #expect(error.column > 0)
  }

  @Test("the bundled profiles pass")
  func bundledPass() throws {
    _ = try Profile.load("iphone-duo", root: TestSupport.packageRoot)
    _ = try Profile.load("none", root: TestSupport.packageRoot)
  }
}
