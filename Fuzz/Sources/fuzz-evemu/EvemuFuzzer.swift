import FuzzSupport

/// An evemu recording (`.evemu`) as `simulate` reads one: its lines through
/// `KnobRecordingSource.load` (which calls `KnobRecording.parse(text:file:)` with a `.evemu`
/// name), then replayed to the end through the default knob mapping over 0…180°.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let reader = Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.evemu")
  do {
    let recording = try KnobRecordingSource.load(reader, format: .evemu)
    var source = KnobRecordingSource(
      recording: recording, mapping: KnobMapping(lower: 0, upper: 180), warn: { _ in })
    Fuzz.drain(&source)
  } catch {
    _ = error.description
  }
  return 0
}
