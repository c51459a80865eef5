import EventStream

/// The HTTP/1.1 answers `--browser-url` reads — to `GET /json/version`, then to the WebSocket
/// upgrade — parsed from bytes, without a socket (`CDPWebSocket` reads them and calls these).
public enum HTTPAnswer {
  /// The longest head accepted, bytes.
  public static let headLimit = 65536

  /// Splits `bytes` at the blank line that ends an HTTP head: the head as text (without the
  /// blank line; bytes that are not UTF-8 read as U+FFFD) and the bytes after it. Nil while the
  /// blank line has not arrived; an error when `headLimit` bytes have arrived without one.
  ///
  /// `searched` is how many bytes an earlier call already looked through (the count it was
  /// given): the search starts 3 bytes before, so reading a head in small reads is linear in
  /// its length, not quadratic (a peer sending a byte at a time made 64 KiB cost 2^31 compares).
  public static func splitHead(_ bytes: [UInt8], searched: Int = 0) throws(BrowserError) -> (
    head: String, rest: [UInt8]
  )? {
    let found: Int? = bytes.withUnsafeBufferPointer { b in
      guard b.count >= 4 else { return nil }
      var i = max(0, min(searched, b.count) - 3)
      while i + 4 <= b.count {
        if b[i] == 13 && b[i + 1] == 10 && b[i + 2] == 13 && b[i + 3] == 10 { return i }
        i += 1
      }
      return nil
    }
    if let i = found {
      return (String(decoding: bytes[..<i], as: UTF8.self), Array(bytes[(i + 4)...]))
    }
    guard bytes.count < headLimit else { throw .malformed("an HTTP head over 64 KiB") }
    return nil
  }

  /// The head's `Content-Length`, when it has a valid one.
  public static func contentLength(head: String) -> Int? {
    for line in head.split(separator: "\r\n").dropFirst() where line.lowercased().hasPrefix("content-length:") {
      return Int(line.dropFirst("content-length:".count).trimmingSpaces).flatMap { $0 >= 0 ? $0 : nil }
    }
    return nil
  }

  /// Checks that `GET path` was answered 200 (HTTP/1.1 or 1.0).
  public static func requireOK(head: String, path: String) throws(BrowserError) {
    guard head.hasPrefix("HTTP/1.1 200") || head.hasPrefix("HTTP/1.0 200") else {
      throw .launch("GET \(path): \(head.split(separator: "\r\n").first.map(String.init) ?? "no answer")")
    }
  }

  /// The browser's WebSocket, from the body of the answer to `GET /json/version` on `url` (the
  /// `--browser-url`, for the message): its `ws://` URL and the path to ask the upgrade of.
  public static func debuggerEndpoint(version body: [UInt8], url: String) throws(BrowserError) -> (
    url: String, path: String
  ) {
    guard let json = try? JSONValue.parse(body), case .string(let ws)? = json["webSocketDebuggerUrl"],
      ws.hasPrefix("ws://")
    else {
      throw .launch("\(url)/json/version gave no webSocketDebuggerUrl (is it a browser's --remote-debugging-port?)")
    }
    let rest = ws.dropFirst("ws://".count)
    let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    return (ws, path)
  }

  /// Checks the head of the answer to an upgrade asked of `endpoint` with `key`: status 101, and
  /// a `Sec-WebSocket-Accept` that is the key's (RFC 6455 §4.2.2).
  public static func checkUpgrade(head: String, key: String, endpoint: String) throws(BrowserError) {
    let lines = head.split(separator: "\r\n")
    guard let status = lines.first, status.contains(" 101") else {
      throw .launch("\(endpoint): the upgrade was refused (\(lines.first.map(String.init) ?? "no answer"))")
    }
    let expected = CDPWebSocket.acceptKey(for: key)
    let accept = lines.first { $0.lowercased().hasPrefix("sec-websocket-accept:") }
      .map { $0.drop(while: { $0 != ":" }).dropFirst().trimmingSpaces }
    guard accept == expected else { throw .malformed("Sec-WebSocket-Accept is not the key's (RFC 6455 §4.2.2)") }
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " || $0 == "\r" }).reversed())
  }
}
