import EventStream

/// A command to the browser: `{"id":…,"method":…,"params":{…},"sessionId":…}`.
public struct CDPCommand: Sendable, Equatable {
  /// The domain and method, `Emulation.setDeviceMetricsOverride`.
  public var method: String
  /// The parameters (an object).
  public var params: JSONValue
  /// The attached page the command is for; nil for the browser target.
  public var sessionId: String?

  /// Makes a command.
  public init(_ method: String, _ params: JSONValue = .object([]), sessionId: String? = nil) {
    self.method = method
    self.params = params
    self.sessionId = sessionId
  }

  /// The command as a line of `export --to cdp` (and of `web --cdp-out`):
  /// `{"atMs":…,"method":…,"params":{…}}` and a newline.
  public func exportLine(atMs: Double) -> String {
    "{\"atMs\":\(NumberFormat.ms(atMs)),\"method\":\"\(method)\",\"params\":"
      + String(decoding: params.orderedBytes, as: UTF8.self) + "}\n"
  }

  /// The message as it goes down the pipe (without the NUL that ends it).
  public func encoded(id: Int) -> [UInt8] {
    var fields: [(String, JSONValue)] = [("id", .number(Double(id))), ("method", .string(method)), ("params", params)]
    if let sessionId { fields.append(("sessionId", .string(sessionId))) }
    return JSONValue.object(fields).orderedBytes
  }
}

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
