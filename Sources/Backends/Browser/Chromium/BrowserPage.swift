import EventStream
import Platform

/// One tab of the browser, attached with a flat session: navigation, scripts, bindings that
/// report back, emulation commands and screenshots.
public struct BrowserPage: Sendable {
  /// The client on the browser's pipe.
  public let client: CDPClient
  /// The session that addresses this tab.
  public let sessionId: String

  func enable() throws(BrowserError) {
    try call("Page.enable")
    try call("Runtime.enable")
  }

  /// Sends a command to this tab and waits for its result.
  @discardableResult
  public func call(_ method: String, _ params: JSONValue = .object([])) throws(BrowserError) -> JSONValue {
    try client.call(CDPCommand(method, params, sessionId: sessionId))
  }

  /// `Page.navigate`, then waits for `Page.loadEventFired`. A URL the browser cannot load is
  /// `.commandFailed` with its `errorText`.
  public func navigate(_ url: String, timeoutMs: Double = 20_000) throws(BrowserError) {
    let result = try call("Page.navigate", .object([("url", .string(url))]))
    if case .string(let errorText)? = result["errorText"] {
      throw .commandFailed(method: "Page.navigate", code: 0, message: "\(url): \(errorText)")
    }
    _ = try client.waitForEvent("Page.loadEventFired", sessionId: sessionId, timeoutMs: timeoutMs)
  }

  /// `Runtime.evaluate` with `returnByValue` and `awaitPromise`: the value, or
  /// `.pageException` with the exception's text.
  @discardableResult
  public func evaluate(_ expression: String) throws(BrowserError) -> JSONValue {
    let result = try call(
      "Runtime.evaluate",
      .object([
        ("expression", .string(expression)), ("returnByValue", .bool(true)), ("awaitPromise", .bool(true)),
      ]))
    if let details = result["exceptionDetails"] {
      let text = details["exception"]?["description"] ?? details["text"] ?? details
      if case .string(let s) = text { throw .pageException(s) }
      throw .pageException(text.found)
    }
    return result["result"]?["value"] ?? .null
  }

  /// Evaluates `condition` every 10 ms until it is `true`; false when `timeoutMs` passes first.
  /// For what the page applies asynchronously (a posture override reaches
  /// `navigator.devicePosture` a task later).
  public func wait(until condition: String, timeoutMs: Double = 5000) throws(BrowserError) -> Bool {
    let deadline = MonotonicClock.nowMs() + timeoutMs
    repeat {
      if try evaluate(condition) == .bool(true) { return true }
      MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 10)
    } while MonotonicClock.nowMs() < deadline
    return false
  }

  /// `Runtime.addBinding`: the page gets `window[name](string)`, which arrives here as a
  /// `Runtime.bindingCalled` event (see `nextBindingCall`).
  public func addBinding(_ name: String) throws(BrowserError) {
    try call("Runtime.addBinding", .object([("name", .string(name))]))
  }

  /// What a page says on its own: a binding call, or an exception nothing caught.
  public enum Report: Sendable, Equatable {
    /// `window[name](payload)` of a binding made with `addBinding`.
    case binding(name: String, payload: String)
    /// `Runtime.exceptionThrown`: the exception's description (message and stack).
    case exception(String)
  }

  /// The next binding call or uncaught exception, waiting until the monotonic clock reads
  /// `deadlineMs`; nil at the deadline. Other events are dropped.
  public func nextReport(deadlineMs: Double) throws(BrowserError) -> Report? {
    while let event = try client.nextEvent(deadlineMs: deadlineMs) {
      guard event.sessionId == sessionId else { continue }
      if event.method == "Runtime.bindingCalled", case .string(let name)? = event.params["name"],
        case .string(let payload)? = event.params["payload"]
      {
        return .binding(name: name, payload: payload)
      }
      if event.method == "Runtime.exceptionThrown", let details = event.params["exceptionDetails"] {
        let text = details["exception"]?["description"] ?? details["text"] ?? details
        if case .string(let s) = text { return .exception(s) }
        return .exception(text.found)
      }
    }
    return nil
  }

  /// `Page.captureScreenshot` as PNG bytes.
  public func screenshot() throws(BrowserError) -> [UInt8] {
    let result = try call("Page.captureScreenshot", .object([("format", .string("png"))]))
    guard case .string(let data)? = result["data"], let png = Base64.decode(data) else {
      throw .malformed("Page.captureScreenshot gave no base64 data")
    }
    return png
  }
}
