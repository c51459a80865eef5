import EventStream
import Testing

@testable import Backends

/// What a page may report, screened: the issue's hostile reports each refused with a message,
/// good ones summarised with every string from the page escaped and cut.
struct PageReportScreenTests {
  static func refusal(_ payload: String) -> String? {
    if case .failure(let refusal) = PageReportScreen.screen(payload) { return refusal.message }
    return nil
  }

  @Test func theNumbersThatCrashedWebAreRefused() {
    // `Int(1e300) + 1` trapped in the timeline, `Int(1e300)` in the screenshots' caption.
    #expect(Self.refusal(#"{"t":5,"type":"shown","pages":[1e300]}"#)?.contains("'pages' holds [1e+300]") == true)
    #expect(Self.refusal(#"{"t":5,"type":"shown","pages":[0],"ranges":[[0,1e300]]}"#)?.contains("'ranges'") == true)
    #expect(Self.refusal(#"{"t":5,"type":"shown","pages":[2],"pageCount":2}"#)?.contains("0…1") == true)
    #expect(Self.refusal(#"{"t":5,"type":"shown","pages":[0.5]}"#) != nil)
    #expect(Self.refusal(#"{"t":5,"type":"shown","pages":[0,1,2]}"#) != nil)
    #expect(Self.refusal(#"{"t":5,"type":"frame","width":-3,"height":620}"#)?.contains("'width' is -3") == true)
    #expect(Self.refusal(#"{"t":5,"type":"frame","width":0,"height":620}"#) != nil)
    #expect(Self.refusal(#"{"t":1e300,"type":"frame"}"#)?.contains("'t'") == true)
    #expect(Self.refusal(#"{"t":5,"type":"shown","offset":-1}"#) != nil)
    #expect(Self.refusal(#"{"t":5,"type":"shown","frames":[{"x":1e9,"y":0,"width":1,"height":1}]}"#) != nil)
    #expect(Self.refusal(#"{"t":5,"type":"paginated","pageCount":0}"#) != nil)
    #expect(Self.refusal(#"{"t":5,"type":"paginated","ms":-1}"#) != nil)
    #expect(Self.refusal(#"[1,2]"#)?.hasPrefix("expected one JSON object") == true)
    #expect(Self.refusal(#"{"t":"5","type":"frame"}"#) != nil)
  }

  /// An ESC…BEL title sequence in `type` or `layout`, and a 175-KB type, reach no terminal raw.
  @Test func stringsFromThePageAreEscapedAndCut() throws {
    let hostile = #"{"t":5,"type":"shown","pages":[0],"layout":"\u001b]0;pwned\u0007","pageCount":3,"offset":0}"#
    guard case .success(let report) = PageReportScreen.screen(hostile) else {
      Issue.record("refused")
      return
    }
    #expect(!report.summary.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    #expect(report.summary.contains(#"\u{1B}]0;pwned"#), "\(report.summary)")
    let long = #"{"t":5,"type":""# + String(repeating: "x", count: 60_000) + #""}"#
    guard case .success(let longReport) = PageReportScreen.screen(long) else {
      Issue.record("refused")
      return
    }
    // 31 of the 60,000 characters, then how many were left out.
    #expect(
      longReport.summary.hasPrefix(String(repeating: "x", count: 31) + "… (59,969 more)"), "\(longReport.summary)")
    #expect(longReport.summary.count <= 32 + " (59,969 more)".count)
    let huge = #"{"t":5,"type":""# + String(repeating: "x", count: 175_000) + #""}"#
    #expect(Self.refusal(huge)?.contains("a report of 175") == true)
    let shownEscaped = try #require(Self.refusal("not json \u{1B}[2J"))
    #expect(!shownEscaped.unicodeScalars.contains { $0.value == 0x1B })
  }

  @Test func aGoodReportIsSummarised() throws {
    let line =
      #"{"t":5,"type":"shown","pages":[2,3],"ranges":[[10,20],[20,35]],"pageCount":9,"layout":"spread","offset":12}"#
    guard case .success(let report) = PageReportScreen.screen(line) else {
      Issue.record("refused")
      return
    }
    #expect(report.summary == "shown      spread pages 3–4 of 9, offset 12")
    #expect(report.rangeSummary == "characters 10–35")
    guard case .success(let frame) = PageReportScreen.screen(#"{"t":1,"type":"frame","width":867,"height":611}"#)
    else {
      Issue.record("refused")
      return
    }
    #expect(frame.frameSize == "867×611")
  }
}
