import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, fuzzLibinputOnce)
}

/// A libinput record (`.yml`) as `simulate` reads one and replays it (`Fuzz.replayKnobRecording`).
func fuzzLibinputOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.replayKnobRecording(data, size, name: "fuzz.yml", format: .libinput)
  return 0
}
