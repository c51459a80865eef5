import EventStream

/// Wraps a source and hands every input event it reads to `record` as one JSON Lines line,
/// so a recording written line by line keeps everything up to an interruption.
public struct RecordingSource<Base: EventSource>: EventSource {
  private var base: Base
  private let record: ([UInt8]) -> Void

  /// Wraps `base`; `record` receives each event's line (with its `\n`).
  public init(base: Base, record: @escaping ([UInt8]) -> Void) {
    self.base = base
    self.record = record
  }

  public mutating func next() throws(InputError) -> Event? {
    guard let event = try base.next() else { return nil }
    record(EventWriter.line(event))
    return event
  }
}
