import FuzzSupport

/// An evemu recording (`.evemu`) as `simulate` reads one and replays it (`Fuzz.replayKnobRecording`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.replayKnobRecording(data, size, name: "fuzz.evemu", format: .evemu)
  return 0
}
