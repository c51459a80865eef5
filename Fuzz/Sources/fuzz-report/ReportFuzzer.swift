import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzReportOnce)
}

/// A latency report as `report --compare BASE NEW` reads one: `LatencyReport(json:)`, then what
/// `--compare` does with it (the report compared with itself: its inputs and producer, then
/// its figures as a table and as JSON); what `json()` writes back must read again, equal.
func fuzzReportOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  do {
    let report = try LatencyReport(json: Fuzz.bytes(data, size))
    if let inputs = report.inputs {
      // A report compared with itself differs only in sources it could not hash.
      let differences = ReportInputs.differences(base: inputs, new: inputs)
      let unhashed = inputs.sources.contains { $0.hash == nil }
      Fuzz.require(
        differences.isEmpty != unhashed, "a report's inputs differ from themselves: \(differences)")
      Fuzz.require(
        ReportInputs.notes(base: inputs, new: inputs).isEmpty, "a report's inputs have notes against themselves")
    }
    if let producer = report.producer {
      Fuzz.require(ReportProducer.notes(base: producer, new: producer).isEmpty, "a producer differs from itself")
    }
    _ = ViolationSummary.text(report.violations, sources: report.inputs?.sources.count ?? 0)
    let comparison = LatencyComparison(base: report, new: report, thresholdPercent: 10, minimumDeltaMs: 1)
    _ = comparison.table()
    _ = comparison.json()
    do {
      let back = try LatencyReport(json: Array(report.json().utf8))
      Fuzz.require(back.inputs == report.inputs, "a report's inputs change when written and read back")
      Fuzz.require(back.violations == report.violations, "a report's violations change when written and read back")
    } catch {
      Fuzz.require(false, "a report read back from its own json() fails: \(error.description)")
    }
  } catch {
    _ = error.description
  }
  return 0
}
