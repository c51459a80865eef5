import Testing

@testable import EventStream

/// `scene` events carry `horizontalSizeClass`, `verticalSizeClass` and `safeArea`; streams
/// written before them decode with none; bad values are located.
@Suite("Scene traits coding")
struct SceneTraitsCodingTests {
  func decode(_ line: String) throws(EventDecoder.Failure) -> EventDecoder.Line {
    let bytes = Array(line.utf8)
    return try bytes.withUnsafeBufferPointer { buffer throws(EventDecoder.Failure) in
      try EventDecoder(dialect: .simulator).decode(buffer)
    }
  }

  let old = #"{"t":0,"type":"scene","width":382,"height":620,"display":"outer","transient":false,"index":1,"count":1"#

  @Test("a scene with size classes and safe area round-trips, in the documented field order")
  func roundTrip() throws {
    let scene = SceneChange(
      width: 669, height: 787, display: .inner, transient: false, index: 5, count: 5, horizontalSizeClass: .regular,
      verticalSizeClass: .regular, safeArea: SafeArea(top: 84, bottom: 95))
    let text = EventWriter.string(Event(time: 10, .scene(scene)))
    #expect(
      text
        == #"{"t":10,"type":"scene","width":669,"height":787,"display":"inner","transient":false,"index":5,"count":5,"horizontalSizeClass":"regular","verticalSizeClass":"regular","safeArea":{"top":84,"leading":0,"bottom":95,"trailing":0}}"#
    )
    #expect(try decode(text) == .event(Event(time: 10, .scene(scene))))
  }

  @Test("a stream written before size classes decodes with none, and writes back unchanged")
  func backwardCompatible() throws {
    guard case .event(let event) = try decode(old + "}"), case .scene(let s) = event.kind else {
      Issue.record("not a scene")
      return
    }
    #expect(s.horizontalSizeClass == nil && s.verticalSizeClass == nil && s.safeArea == nil)
    #expect(EventWriter.string(event) == old + "}")
    let settled =
      #"{"t":200,"type":"settled","width":382,"height":620,"textSize":"large","division":null,"sizes":1,"changed":true,"cause":"initial","causeTime":0,"firstChange":0,"lastChange":0,"firstSize":0,"lastSize":0}"#
    guard case .event(let e) = try decode(settled), case .settled(let st) = e.kind else {
      Issue.record("not a settle")
      return
    }
    #expect(st.horizontalSizeClass == nil)
  }

  @Test(
    "bad size classes and insets are refused at their column",
    arguments: [
      (
        #","horizontalSizeClass":"wide"}"#, "expected one of compact, regular for 'horizontalSizeClass', found \"wide\""
      ),
      (#","verticalSizeClass":1}"#, "expected one of compact, regular for 'verticalSizeClass', found 1"),
      (
        #","safeArea":{"top":-1,"leading":0,"bottom":0,"trailing":0}}"#,
        "expected {top, leading, bottom, trailing} in points from 0 to 10000 for 'safeArea'"
      ),
      (#","safeArea":{"top":0}}"#, "expected {top, leading, bottom, trailing}"),
      (#","safeArea":84}"#, "expected {top, leading, bottom, trailing}"),
    ])
  func refused(_ tail: String, _ message: String) {
    let line = old + tail
    do {
      _ = try decode(line)
      Issue.record("accepted \(line)")
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
      let valueStart = line.utf8.count - tail.utf8.count + tail.firstIndex(of: ":")!.utf16Offset(in: tail) + 2
      #expect(error.column == valueStart, "\(error)")
    }
  }
}
