import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzStreamOnce)
}

/// A simulator stream (`hingesim read`): `JSONLTraceSource` and `EventDecoder` in the simulator
/// dialect, lenient (bad lines are skipped, so every line of the input is decoded).
func fuzzStreamOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var source = JSONLTraceSource(
    reader: Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.jsonl"), dialect: .simulator,
    angleRange: 0...180, policy: Fuzz.lenient)
  Fuzz.drain(&source)
  return 0
}
