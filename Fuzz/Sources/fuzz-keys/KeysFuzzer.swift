import FuzzSupport

/// A terminal's bytes as the virtual knob reads them (`TerminalKeyDecoder`), then through the
/// gestures, the per-frame coalescing and the knob mapper. Properties: a split anywhere (the
/// first byte chooses where) decodes to the same keys as one read; a timed-out decoder is
/// between sequences; every angle stays within the range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeys(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Fuzz.bytes(data, size)
  guard let first = bytes.first else { return 0 }
  var whole = TerminalKeyDecoder()
  let keys = whole.receive(bytes, at: 0) + whole.expire(at: 1000)
  precondition(whole.deadline == nil, "a timed-out decoder waits for nothing")
  let cut = Int(first) % (bytes.count + 1)
  var split = TerminalKeyDecoder()
  let parts = split.receive(bytes[..<cut], at: 0) + split.receive(bytes[cut...], at: 1) + split.expire(at: 1000)
  precondition(parts == keys, "a split read decodes differently")

  let mapping = KnobMapping(lower: 0, upper: 180, acceleration: 2, snapDetents: KnobMapping.standardDetents)
  var knob = VirtualKnob(mapping: mapping)
  var mapper = VirtualKnob.mapper(mapping: mapping)
  var now = 0.0
  for key in keys {
    now += 7
    guard let gesture = VirtualGesture(key: key) else { continue }
    for input in knob.fire(at: now) + knob.receive([gesture], at: now) {
      for case .angle(_, let degrees) in mapper.map(input) {
        precondition((0...180).contains(degrees), "angle \(degrees) out of range")
      }
    }
  }
  return 0
}
