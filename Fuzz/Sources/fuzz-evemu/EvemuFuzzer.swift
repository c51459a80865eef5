import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzEvemuOnce)
}

/// An evemu recording (`.evemu`) as `simulate` reads one and replays it (`Fuzz.replayKnobRecording`).
func fuzzEvemuOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.replayKnobRecording(data, size, name: "fuzz.evemu", format: .evemu)
  return 0
}
