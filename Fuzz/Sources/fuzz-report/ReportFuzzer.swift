import FuzzSupport

/// A latency report as `report --compare BASE NEW` reads one: `LatencyReport(json:)`, then what
/// `--compare` does with it (the report compared with itself, as a table and as JSON); what
/// `json()` writes back must read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  do {
    let report = try LatencyReport(json: Fuzz.bytes(data, size))
    let comparison = LatencyComparison(base: report, new: report, thresholdPercent: 10, minimumDeltaMs: 1)
    _ = comparison.table()
    _ = comparison.json()
    do {
      _ = try LatencyReport(json: Array(report.json().utf8))
    } catch {
      Fuzz.require(false, "a report read back from its own json() fails: \(error.message)")
    }
  } catch {
    _ = error.message
  }
  return 0
}
