import HingeSim

/// Wraps a source and writes every input event it hands out to a JSONL recording, flushed
/// line by line, so an interrupted run keeps everything up to the interruption.
struct RecordingSource: EventSource {
  var base: AnyEventSource
  let file: OutputStream

  mutating func next() throws(InputError) -> Event? {
    guard let event = try base.next() else { return nil }
    file.write(bytes: EventWriter.line(event))
    return event
  }
}
