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
  private var events: [(method: String, params: JSONValue, sessionId: String?)] = []
  /// Commands answered so far, for "what was done" when a run stops early.
  public private(set) var answered = 0
  /// How long `call` waits for an answer, ms.
  public var timeoutMs: Double

  /// Talks over `pipe`.
  public init(pipe: any CDPTransport, timeoutMs: Double = 10_000) {
    self.pipe = pipe
    self.timeoutMs = timeoutMs
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
        events.append((method, params, session))
      case .response, .failure: continue  // an answer to a command nobody waits for any more
      }
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
        events.append((method, params, session))
      }
    }
    return events.removeFirst()
  }

  /// Waits for the event `method` (others stay queued for `nextEvent`).
  public func waitForEvent(_ method: String, sessionId: String?, timeoutMs: Double) throws(BrowserError) -> JSONValue {
    let deadline = MonotonicClock.nowMs() + timeoutMs
    var skipped: [(method: String, params: JSONValue, sessionId: String?)] = []
    defer { events.insert(contentsOf: skipped, at: 0) }
    while let event = try nextEvent(deadlineMs: deadline) {
      if event.method == method, event.sessionId == sessionId { return event.params }
      skipped.append(event)
    }
    throw .timeout(method: method, ms: timeoutMs)
  }
}
