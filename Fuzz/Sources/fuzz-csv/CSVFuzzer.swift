import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzCSVOnce)
}

/// A CSV sensor log: `CSVTraceSource`, lenient (bad rows are skipped, so every row is read), with
/// the bundled profile's hinge range.
func fuzzCSVOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var source = CSVTraceSource(
    reader: Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.csv"), angleRange: 0...180,
    policy: Fuzz.lenient)
  Fuzz.drain(&source)
  return 0
}
