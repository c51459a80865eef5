import EventStream
import Platform

/// A Chrome DevTools Protocol client over a pipe: numbered commands that wait for their
/// answers, and the events that arrive meanwhile, kept in order for `nextEvent`.
///
/// ```swift
/// let target = try client.call("Target.createTarget", .object([("url", .string("about:blank"))]))
/// ```
public final class CDPClient: @unchecked Sendable {
  private let pipe: any CDPTransport
  private var nextId = 1
  private var events = CDPEventQueue()
  /// Commands answered so far, for "what was done" when a run stops early.
  public private(set) var answered = 0
  /// How long `call` waits for an answer, ms.
  public var timeoutMs: Double

  /// Talks over `pipe`.
  public init(pipe: any CDPTransport, timeoutMs: Double = 10_000, eventBytes: Int = CDPEventQueue.byteLimit) {
    self.pipe = pipe
    self.timeoutMs = timeoutMs
    events = CDPEventQueue(bytesKept: eventBytes)
  }

  /// Sends `command` and waits for its answer; the result object, or the error CDP gave.
  @discardableResult
  public func call(_ command: CDPCommand, timeoutMs: Double? = nil) throws(BrowserError) -> JSONValue {
    let id = nextId
    nextId += 1
    try pipe.send(command.encoded(id: id))
    let limit = timeoutMs ?? self.timeoutMs
    let deadline = MonotonicClock.nowMs() + limit
    while true {
      guard let frame = try pipe.receive(deadlineMs: deadline) else {
        throw .timeout(method: command.method, ms: limit)
      }
      switch try CDPMessage.decode(frame) {
      case .response(id, let result):
        answered += 1
        return result
      case .failure(id, let code, let message):
        throw .commandFailed(method: command.method, code: code, message: message)
      case .event(let method, let params, let session):
        try events.append((method, params, session), bytes: frame.count)
      case .response, .failure: break  // an answer to a command nobody waits for any more
      }
      // A peer that sends without pause must not stretch the wait: the deadline holds.
      if MonotonicClock.nowMs() >= deadline { throw .timeout(method: command.method, ms: limit) }
    }
  }

  /// `call(CDPCommand(method, params, sessionId:))`.
  @discardableResult
  public func call(_ method: String, _ params: JSONValue = .object([]), sessionId: String? = nil)
    throws(BrowserError) -> JSONValue
  {
    try call(CDPCommand(method, params, sessionId: sessionId))
  }

  /// The next event (oldest first), waiting until the monotonic clock reads `deadlineMs`; nil
  /// at the deadline.
  public func nextEvent(deadlineMs: Double) throws(BrowserError) -> (
    method: String, params: JSONValue, sessionId: String?
  )? {
    while events.isEmpty {
      guard let frame = try pipe.receive(deadlineMs: deadlineMs) else { return nil }
      if case .event(let method, let params, let session) = try CDPMessage.decode(frame) {
        try events.append((method, params, session), bytes: frame.count)
      }
    }
    return events.removeFirst()
  }

  /// Bytes of the events held for `nextEvent` (at most `CDPEventQueue.byteLimit`).
  public var queuedBytes: Int { events.bytes }
  /// Events held for `nextEvent` (at most `CDPEventQueue.countLimit`).
  public var queuedEvents: Int { events.count }
  /// Events dropped because too many arrived unread (never a page's report).
  public var droppedEvents: Int { events.dropped }

  /// Waits for the event `method` (others stay queued for `nextEvent`).
  public func waitForEvent(_ method: String, sessionId: String?, timeoutMs: Double) throws(BrowserError) -> JSONValue {
    let deadline = MonotonicClock.nowMs() + timeoutMs
    if let event = events.removeFirst(where: { $0.method == method && $0.sessionId == sessionId }) {
      return event.params
    }
    while let frame = try pipe.receive(deadlineMs: deadline) {
      if case .event(let m, let params, let session) = try CDPMessage.decode(frame) {
        if m == method, session == sessionId { return params }
        try events.append((m, params, session), bytes: frame.count)
      }
      if MonotonicClock.nowMs() >= deadline { break }
    }
    throw .timeout(method: method, ms: timeoutMs)
  }

}
