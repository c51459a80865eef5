import FuzzSupport

/// A libinput record (`.yml`) as `simulate` reads one: its lines through
/// `KnobRecordingSource.load` (which calls `KnobRecording.parse(text:file:)` with a `.yml`
/// name), then replayed to the end through the default knob mapping over 0…180°.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let reader = Fuzz.lineReader(Fuzz.bytes(data, size), name: "fuzz.yml")
  do {
    let recording = try KnobRecordingSource.load(reader, format: .libinput)
    var source = KnobRecordingSource(
      recording: recording, mapping: KnobMapping(lower: 0, upper: 180), warn: { _ in })
    Fuzz.drain(&source)
  } catch {
    _ = error.description
  }
  return 0
}
