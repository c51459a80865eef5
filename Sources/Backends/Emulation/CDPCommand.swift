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
