import FuzzSupport

/// A CSV sensor log: `CSVTraceSource`, lenient (bad rows are skipped, so every row is read), with
/// the bundled profile's hinge range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var source = CSVTraceSource(
    reader: Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.csv"), angleRange: 0...180,
    policy: Fuzz.lenient)
  Fuzz.drain(&source)
  return 0
}
