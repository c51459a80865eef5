import EventStream

/// A message from the browser: the answer to a command, or an event.
public enum CDPMessage: Sendable, Equatable {
  /// The result of command `id`.
  case response(id: Int, result: JSONValue)
  /// Command `id` failed.
  case failure(id: Int, code: Int, message: String)
  /// An event (`Runtime.bindingCalled`, `Page.loadEventFired`, …), from a page's session or the
  /// browser.
  case event(method: String, params: JSONValue, sessionId: String?)

  /// Decodes one frame (the bytes between two NULs).
  public static func decode(_ frame: [UInt8]) throws(BrowserError) -> CDPMessage {
    let value: JSONValue
    do {
      value = try JSONValue.parse(frame)
    } catch {
      throw .malformed("byte \(error.offset + 1): expected \(error.expected)")
    }
    if case .number(let n)? = value["id"] {
      guard let id = Int(exactly: n) else { throw .malformed("id \(n) is not an integer") }
      if let error = value["error"] {
        let code = error["code"].flatMap { if case .number(let c) = $0 { Int(exactly: c) } else { nil } } ?? 0
        let message = error["message"].flatMap { if case .string(let m) = $0 { m } else { nil } } ?? error.found
        return .failure(id: id, code: code, message: message)
      }
      return .response(id: id, result: value["result"] ?? .object([]))
    }
    guard case .string(let method)? = value["method"] else {
      throw .malformed("a message with neither an id nor a method")
    }
    let session: String? = if case .string(let s)? = value["sessionId"] { s } else { nil }
    return .event(method: method, params: value["params"] ?? .object([]), sessionId: session)
  }
}
