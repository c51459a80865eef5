import EventStream

/// A type-erased event source, so commands can hold whichever source a file needs.
///
/// The source lives in one cell on the heap that copies of the wrapper share, as copies of a
/// trace source already shared the file it reads. A JSONL or CSV trace — the sources that run
/// to millions of events — is called directly, its `next()` specialised; any other source
/// through its existential.
///
/// ```swift
/// var source = AnyEventSource(base: try JSONLTraceSource(path: "traces/open-wide.jsonl"))
/// while let event = try source.next() { … }
/// ```
public struct AnyEventSource: EventSource {
  private let storage: Storage

  private enum Storage {
    case jsonl(SourceCell<JSONLTraceSource>)
    case csv(SourceCell<CSVTraceSource>)
    case other(SourceCell<any EventSource>)
  }

  /// Wraps a source.
  public init(base: any EventSource) {
    switch base {
    case let trace as JSONLTraceSource: storage = .jsonl(SourceCell(trace))
    case let trace as CSVTraceSource: storage = .csv(SourceCell(trace))
    default: storage = .other(SourceCell(base))
    }
  }

  public mutating func next() throws(InputError) -> Event? {
    switch storage {
    case .jsonl(let cell): try cell.source.pointee.next()
    case .csv(let cell): try cell.source.pointee.next()
    case .other(let cell): try cell.source.pointee.next()
    }
  }
}

/// A source in memory of its own, owned by a class so copies share it. Not a stored `var`: a
/// class's `var` costs a run-time exclusivity check (`swift_beginAccess`, ~90 instructions)
/// on every call that mutates it, and only `next()` ever touches this one.
private final class SourceCell<Source> {
  let source: UnsafeMutablePointer<Source>

  init(_ source: Source) {
    self.source = .allocate(capacity: 1)
    self.source.initialize(to: source)
  }

  deinit {
    source.deinitialize(count: 1)
    source.deallocate()
  }
}
