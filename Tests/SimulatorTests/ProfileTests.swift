import Foundation
import Platform
import TestSupport
import Testing

@testable import EventStream
@testable import Simulator

@Suite("Profiles")
struct ProfileTests {
  @Test("the iPhone Duo profile holds the measured numbers")
  func duo() {
    let p = TestSupport.profile()
    #expect(p.poses[.closed]?.width == 382 && p.poses[.closed]?.height == 620)
    #expect(p.poses[.openWide]?.width == 867 && p.poses[.openWide]?.height == 611)
    #expect(p.poses[.openTall]?.height == 787)
    #expect(p.poses[.tabletop]?.height == 835)
    #expect(p.poses[.book]?.division == Rect(x: 455.5, y: 0, width: 40, height: 611))
    #expect(p.transitions.open.count == 7 && p.transitions.open.durationMs == 200)
    #expect(p.settleWindowMs == 200)
    #expect(p.typography.sizes[.large]! == (17, 22))
    #expect(p.typography.sizes[.AX5]!.pointSize == 53)
    #expect(p.hinge?.status.fullyOpenOpening == 160 && p.hinge?.status.fullyOpenClosing == 140)
  }

  @Test("the none profile inherits its typography from its base")
  func none() {
    let p = TestSupport.profile("none")
    #expect(p.hinge == nil)
    #expect(p.typography == TestSupport.profile().typography)
  }

  func loadError(_ mutate: (inout String) -> Void) -> String {
    var text = String(
      decoding: try! FileBytes.read(path: TestSupport.packageRoot + "/profiles/iphone-duo.json"), as: UTF8.self)
    mutate(&text)
    let path = TestSupport.temporaryFile(text, suffix: ".json")
    do {
      _ = try Profile.load(path, root: TestSupport.packageRoot)
      return "no error"
    } catch {
      // The location is checked in ProfileMeaningTests; here the message.
      let text = error.description.replacingOccurrences(of: path, with: "F")
      guard let colon = text.firstIndex(of: " ") else { return text }
      return "F:" + text[colon...]
    }
  }

  @Test("validation names the bad key and why")
  func validation() {
    #expect(
      loadError {
        $0 = $0.replacingOccurrences(
          of: #""reader": { "width": 867, "height": 611, "source": "measured: the same"#,
          with: #""reader": { "width": "wide", "height": 611, "source": "measured: the same"#)
      }
        == #"F: poses.book.reader.width: expected a positive number, found "wide""#)
    #expect(
      loadError { $0 = $0.replacingOccurrences(of: #""windowMs": 200"#, with: #""windowMs": -1"#) }
        == "F: settle.windowMs: expected a number ≥ 0, found -1")
    #expect(
      loadError {
        $0 = $0.replacingOccurrences(
          of: #""easing": "ease-out", "source": { "count""#, with: #""easing": "bouncy", "source": { "count""#)
      } == #"F: transitions.open.easing: expected linear, ease-in, ease-out or ease-in-out, found "bouncy""#)
    #expect(
      loadError {
        $0 = $0.replacingOccurrences(
          of:
            #""settle": { "windowMs": 200, "source": "reference-code: the reference reader's task(id:) debounce, 200 ms in its code (the duo-reading guide); a setting, not a measurement" }"#,
          with: #""settle": { "windowMs": 200 }"#)
      }
        == "F: settle.source: expected a note (measured, reference-code, apple-spec, design-kit, vendor-spec, external, derived or assumed, ':' and a reason), found none"
    )
    #expect(
      loadError {
        $0 = $0.replacingOccurrences(of: #""opening": 160, "closing": 140"#, with: #""opening": 150, "closing": 170"#)
      } == "F: hinge.status.fullyOpenAbove.closing: expected ≤ opening (150.0), found 170.0")
    #expect(
      loadError {
        $0 = $0.replacingOccurrences(
          of: #""count": 7, "durationMs": 200"#, with: #""count": 1000000, "durationMs": 200"#)
      }
        == "F: transitions.open.count: expected an integer from 1 to 1000, found 1000000")
    #expect(loadError { $0 = String($0.dropLast(20)) }.hasPrefix("F:"))
  }
}
