import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzJSONLOnce)
}

/// A JSON Lines input trace (`simulate trace.jsonl`): `JSONLTraceSource` and `EventDecoder` in the
/// input dialect, lenient (bad lines are skipped, so every line of the input is decoded), with
/// the bundled profile's hinge range.
func fuzzJSONLOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var source = JSONLTraceSource(
    reader: Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.jsonl"), dialect: .input,
    angleRange: 0...180, policy: Fuzz.lenient)
  Fuzz.drain(&source)
  return 0
}
