import FuzzSupport

/// A libinput record (`.yml`) as `simulate` reads one and replays it (`Fuzz.replayKnobRecording`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.replayKnobRecording(data, size, name: "fuzz.yml", format: .libinput)
  return 0
}
