import Platform

/// CDP over a WebSocket (RFC 6455) to a browser started with `--remote-debugging-port`: the
/// browser's endpoint from `GET /json/version`, the upgrade with its accept key checked, masked
/// text frames out, frames in (continuations joined, pings answered, a close frame is the end).
public final class CDPWebSocket: CDPTransport, @unchecked Sendable {
  private let socket: TCPSocket
  private var reader = WebSocketFrameReader()
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)

  private init(socket: TCPSocket, leftover: [UInt8]) {
    self.socket = socket
    reader.append(leftover[...])
  }

  /// Connects to the browser behind `http://HOST:PORT` (its `/json/version` names the
  /// browser's WebSocket).
  public static func connect(url: String, timeoutMs: Double = 10_000) throws(BrowserError) -> CDPWebSocket {
    let (host, port) = try hostAndPort(url)
    let version = try httpGet(host: host, port: port, path: "/json/version", timeoutMs: timeoutMs)
    let (ws, path) = try HTTPAnswer.debuggerEndpoint(version: version, url: url)
    let socket = try open(host: host, port: port)
    var keyBytes = [UInt8](repeating: 0, count: 16)
    for i in keyBytes.indices { keyBytes[i] = UInt8.random(in: 0...255) }
    let key = Base64.encode(keyBytes)
    let request =
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    if case .failure(let error) = socket.sendAll(Array(request.utf8)) { throw .io(error.message) }
    let (head, leftover) = try readHead(socket, deadlineMs: MonotonicClock.nowMs() + timeoutMs)
    try HTTPAnswer.checkUpgrade(head: head, key: key, endpoint: ws)
    return CDPWebSocket(socket: socket, leftover: leftover)
  }

  /// RFC 6455's accept value: base64(SHA-1(key + the protocol's GUID)).
  static func acceptKey(for key: String) -> String {
    Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
  }

  public func send(_ message: [UInt8]) throws(BrowserError) {
    try sendFrame(opcode: 1, message)
  }

  private func sendFrame(opcode: UInt8, _ payload: [UInt8]) throws(BrowserError) {
    var frame: [UInt8] = [0x80 | opcode]
    let n = payload.count
    if n < 126 {
      frame.append(0x80 | UInt8(n))
    } else if n < 65536 {
      frame += [0x80 | 126, UInt8(n >> 8), UInt8(n & 0xff)]
    } else {
      frame.append(0x80 | 127)
      for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8(truncatingIfNeeded: n >> shift)) }
    }
    let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
    frame += mask
    frame.reserveCapacity(frame.count + n)
    for (i, byte) in payload.enumerated() { frame.append(byte ^ mask[i & 3]) }
    if case .failure(let error) = socket.sendAll(frame) {
      throw error.isClosedPipe ? .died(status: nil, stderrTail: "") : .io(error.message)
    }
  }

  public func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]? {
    var polled = false
    while true {
      if let whole = try nextMessage() { return whole }
      if let signal = StopRequest.signal { throw .interrupted(signal: signal) }
      // Polled once at or past the deadline; then pings (or a message that never ends) coming
      // without pause do not hold the wait.
      let remaining = max(0, deadlineMs - MonotonicClock.nowMs())
      if polled, remaining == 0 { return nil }
      polled = true
      switch POSIX.poll(socket.fd, timeout: Int32(min(remaining.rounded(.up), 100))) {
      case .failure(let error): throw .io(error.message)
      case .success(let ready) where !ready.readable && !ready.hungUp: continue
      case .success: break
      }
      let read = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
      switch read {
      case .failure(let error): throw .io(error.message)
      case .success(0): throw .died(status: nil, stderrTail: "the browser closed the WebSocket")
      case .success(let n): reader.append(chunk[0..<n])
      }
    }
  }

  /// A whole message from the frames buffered so far, if one is complete; pings are answered
  /// on the way.
  private func nextMessage() throws(BrowserError) -> [UInt8]? {
    while let item = try reader.next() {
      switch item {
      case .message(let message): return message
      case .ping(let payload): try sendFrame(opcode: 10, payload)
      case .close: throw .died(status: nil, stderrTail: "the browser closed the WebSocket")
      }
    }
    return nil
  }

  public func close() { socket.close() }

  // MARK: - HTTP

  static func hostAndPort(_ url: String) throws(BrowserError) -> (String, Int) {
    var rest = Substring(url)
    if rest.hasPrefix("http://") { rest = rest.dropFirst(7) }
    if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
    guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]),
      (1...65535).contains(port)
    else { throw .launch("\(url): expected http://HOST:PORT (the browser's --remote-debugging-port)") }
    return (String(rest[..<colon]), port)
  }

  private static func open(host: String, port: Int) throws(BrowserError) -> TCPSocket {
    switch TCPSocket.connect(host: host, port: port) {
    case .success(let socket): return socket
    case .failure(let error): throw .launch("\(host):\(port): \(error.message)")
    }
  }

  private static func httpGet(host: String, port: Int, path: String, timeoutMs: Double) throws(BrowserError) -> [UInt8]
  {
    let socket = try open(host: host, port: port)
    defer { socket.close() }
    let request = "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n\r\n"
    if case .failure(let error) = socket.sendAll(Array(request.utf8)) { throw .io(error.message) }
    let deadline = MonotonicClock.nowMs() + timeoutMs
    var (head, body) = try readHead(socket, deadlineMs: deadline)
    try HTTPAnswer.requireOK(head: head, path: path)
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    // Chromium keeps the connection open after the answer: its Content-Length says when it ended
    // (reading until the close waited out the whole timeout, ~9 s, on every attach).
    let length = HTTPAnswer.contentLength(head: head)
    while MonotonicClock.nowMs() < deadline, length.map({ body.count < $0 }) ?? true {
      if let signal = StopRequest.signal { throw .interrupted(signal: signal) }
      guard case .success(let ready) = POSIX.poll(socket.fd, timeout: 100), ready.readable || ready.hungUp else {
        continue
      }
      guard case .success(let n) = chunk.withUnsafeMutableBytes({ socket.receive(into: $0) }), n > 0 else { break }
      body += chunk[0..<n]
      // `/json/version` is a few hundred bytes; an endpoint that keeps sending is not a browser's.
      guard body.count <= Self.versionBodyLimit else {
        throw .malformed("\(path): an answer longer than \(Self.versionBodyLimit >> 10) KiB")
      }
    }
    return body
  }

  /// The longest `/json/version` body read, bytes.
  static let versionBodyLimit = 1 << 20

  /// Reads up to the blank line that ends an HTTP head: the head as text, and what came after.
  private static func readHead(_ socket: TCPSocket, deadlineMs: Double) throws(BrowserError) -> (String, [UInt8]) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var searched = 0
    while true {
      if let (head, rest) = try HTTPAnswer.splitHead(bytes, searched: searched) { return (head, rest) }
      searched = bytes.count
      if let signal = StopRequest.signal { throw .interrupted(signal: signal) }
      let remaining = deadlineMs - MonotonicClock.nowMs()
      guard remaining > 0 else { throw .timeout(method: "the HTTP answer", ms: 0) }
      guard case .success(let ready) = POSIX.poll(socket.fd, timeout: Int32(min(remaining, 100))),
        ready.readable || ready.hungUp
      else { continue }
      switch chunk.withUnsafeMutableBytes({ socket.receive(into: $0) }) {
      case .failure(let error): throw .io(error.message)
      case .success(0): throw .io("the connection closed before the HTTP answer ended")
      case .success(let n): bytes += chunk[0..<n]
      }
    }
  }
}
