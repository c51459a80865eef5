/// Where input events come from: a trace, a script, a recording, a knob.
///
/// `next()` returns events in time order, or nil at the end. Errors carry the location.
public protocol EventSource {
  /// The next input event, or nil at the end of the source.
  mutating func next() throws(InputError) -> Event?
}

/// A source over events already in memory (compiled scripts, tests).
public struct ArraySource: EventSource {
  private var events: [Event]
  private var index = 0

  /// Wraps events (must be in time order).
  public init(_ events: [Event]) { self.events = events }

  public mutating func next() throws(InputError) -> Event? {
    guard index < events.count else { return nil }
    defer { index += 1 }
    return events[index]
  }
}

/// What to do with bad lines: stop with an error, or skip them with a warning.
public struct BadLinePolicy: Sendable {
  /// Skip bad lines instead of failing.
  public var lenient: Bool
  /// Receives each skipped line's error (for a warning on stderr).
  public var warn: @Sendable (InputError) -> Void

  /// Fail on the first bad line.
  public static let strict = BadLinePolicy(lenient: false, warn: { _ in })

  /// Makes a policy.
  public init(lenient: Bool, warn: @escaping @Sendable (InputError) -> Void) {
    self.lenient = lenient
    self.warn = warn
  }
}
