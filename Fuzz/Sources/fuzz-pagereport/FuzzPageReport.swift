import Backends
import FuzzSupport

/// `web`'s screening of a page's reports (`PageReportScreen`): the input is what a page passed
/// to `window.hingesimReport`. Checks what the screen promises — a report that passes has a
/// finite `t` within ±10¹², every listed number in range (so the timeline's `Int(n) + 1` cannot
/// trap), and a summary with no control character and no longer than a line; a refusal is one
/// line with no control character (the page's text escaped and cut).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let payload = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
  func clean(_ text: String) -> Bool { !text.unicodeScalars.contains(where: InputText.isControl) }
  switch PageReportScreen.screen(payload) {
  case .success(let report):
    Fuzz.require(report.t.isFinite && abs(report.t) <= 1e12, "t \(report.t) passed")
    Fuzz.require(clean(report.summary), "a control character in the summary: \(report.summary.debugDescription)")
    Fuzz.require(report.summary.count <= 200, "a summary of \(report.summary.count) characters")
    if let ranges = report.rangeSummary { Fuzz.require(clean(ranges) && ranges.count <= 40, "ranges \(ranges)") }
    if case .array(let pages)? = report.value["pages"] {
      Fuzz.require(pages.count <= 2, "\(pages.count) pages passed")
      for case .number(let n) in pages { Fuzz.require(n >= 0 && n < 1e7 && n.rounded() == n, "page \(n) passed") }
    }
  case .failure(let refusal):
    Fuzz.require(!refusal.message.isEmpty, "a refusal without a message")
    Fuzz.require(clean(refusal.message), "a control character in: \(refusal.message.debugDescription)")
    Fuzz.require(refusal.message.count <= 300, "a refusal of \(refusal.message.count) characters")
  }
  return 0
}
