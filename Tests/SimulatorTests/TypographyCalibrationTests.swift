import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

/// `typography.calibration`: SF Pro's metrics in the profile, the line heights they give, and
/// their validation.
@Suite("Typography calibration")
struct TypographyCalibrationTests {
  @Test("the iPhone Duo profile holds SF Pro's metrics (capsize; UIKit's 17-pt line height)")
  func metrics() throws {
    let calibration = try #require(TestSupport.profile().typography.calibration)
    #expect(calibration.unitsPerEm == 2048 && calibration.ascender == 1950)
    #expect(calibration.descender == -494 && calibration.lineGap == 0)
    #expect(calibration.advanceScale == 0.946)
  }

  /// Public UIKit tests assert `UIFont.systemFont(ofSize: 17)` text 20.287109375 pt tall, and
  /// a StackOverflow answer `systemFont(ofSize: 15).lineHeight` 17.900391.
  @Test("calibrated line heights are UIKit's systemFont heights: 20.287109375 at 17 pt, 17.900391 at 15")
  func lineHeights() throws {
    let calibrated = try #require(TestSupport.profile().typography.applying(.calibrated))
    #expect(calibrated.sizes[.large]!.lineHeight == 20.287109375)
    #expect(abs(calibrated.sizes[.small]!.lineHeight - 17.900391) < 1e-6)
    // The point sizes stay Dynamic Type's; only the line heights and the advance scale change.
    #expect(calibrated.sizes[.AX5]!.pointSize == 53)
    #expect(abs(calibrated.sizes[.AX5]!.lineHeight - 53 * 2444 / 2048) < 1e-9)
    #expect(calibrated.advanceScale == 0.946)
  }

  @Test("inter is the profile as written: its line heights, no advance scale")
  func inter() throws {
    let profile = TestSupport.profile()
    let inter = try #require(profile.typography.applying(.inter))
    #expect(inter.sizes[.large]! == (17, 22))
    #expect(inter.advanceScale == 1)
    var uncalibrated = profile.typography
    uncalibrated.calibration = nil
    #expect(uncalibrated.applying(.calibrated) == nil)
    #expect(uncalibrated.applying(.inter) != nil)
  }

  /// Where a text is written in the bundled profile: its line and column, 1-based.
  static func position(of text: String) -> (line: Int, column: Int)? {
    guard let range = ProfileMeaningTests.bundled.range(of: text) else { return nil }
    let before = ProfileMeaningTests.bundled[..<range.lowerBound]
    let line = before.count { $0 == "\n" } + 1
    let column = before.utf8.count - (before.lastIndex(of: "\n").map { before[...$0].utf8.count } ?? 0) + 1
    return (line, column)
  }

  @Test(
    "bad metrics are refused, naming the key and where it is written",
    arguments: [
      (#""descender": -494"#, #""descender": 494"#, "typography.calibration.descender: expected font units (≤ 0"),
      (#""unitsPerEm": 2048"#, #""unitsPerEm": "em""#, "typography.calibration.unitsPerEm: expected a positive number"),
      (
        #""advanceScale": 0.946"#, #""advanceScale": 9.46"#,
        "typography.calibration.advanceScale: expected a scale from 0.5 to 2"
      ),
      (#""lineGap": 0,"#, #""lineGap": 90000,"#, "typography.calibration.lineGap: expected font units from 0 to 8192"),
      (#""ascender": 1950,"#, #""ascender": 0,"#, "typography.calibration.ascender: expected a positive number"),
    ])
  func refused(_ old: String, _ new: String, _ message: String) throws {
    let written = try #require(Self.position(of: old))
    guard case .failure(let error) = ProfileMeaningTests.load(replacing: old, with: new) else {
      Issue.record("accepted \(new)")
      return
    }
    #expect(error.message.hasPrefix(message), "\(error)")
    #expect(error.line == written.line && error.column == written.column, "\(error)")
  }

  @Test("a calibration value without a source note is refused; a null advanceScale is 1")
  func sourcesAndOptionalScale() throws {
    guard
      case .failure(let error) = ProfileMeaningTests.load(
        replacing: #""advanceScale": 0.946,"#, with: #""advanceScale": 0.946, "extra": 3,"#)
    else {
      Issue.record("accepted a value without a note")
      return
    }
    #expect(error.message.contains("typography.calibration.source: expected a note for 'extra'"), "\(error)")
    let noScale = try ProfileMeaningTests.load(replacing: #""advanceScale": 0.946,"#, with: #""advanceScale": null,"#)
      .get()
    #expect(noScale.typography.calibration?.advanceScale == nil)
    #expect(noScale.typography.applying(.calibrated)?.advanceScale == 1)
  }
}
