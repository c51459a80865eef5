import EventStream

/// Plays an ordinary source (a trace, a recording) as a live source: each event is handed
/// out when the live clock reaches its time, so the live loop (and a live view) can drive it.
public struct PacedSource<Base: EventSource>: LiveSource {
  private var base: Base
  private var pending: Event?
  private var started = false
  /// True once the base source has ended.
  public private(set) var isFinished = false

  /// Wraps a source whose events carry stream times.
  public init(_ base: Base) { self.base = base }

  /// No descriptor: the loop wakes at `nextWake`.
  public var fileDescriptor: Int32 { -1 }

  /// The time of the next event.
  public var nextWake: Double? { pending?.time }

  /// The events due by now.
  public mutating func readAvailable(clock: LiveClock) throws(InputError) -> [Event] {
    if !started {
      started = true
      pending = try base.next()
    }
    let now = clock.now
    var due: [Event] = []
    while let event = pending, event.time <= now {
      due.append(event)
      pending = try base.next()
    }
    if pending == nil { isFinished = true }
    return due
  }
}
