import EventStream
import Platform

/// CDP over a WebSocket (RFC 6455) to a browser started with `--remote-debugging-port`: the
/// browser's endpoint from `GET /json/version`, the upgrade with its accept key checked, masked
/// text frames out, frames in (continuations joined, pings answered, a close frame is the end).
public final class CDPWebSocket: CDPTransport, @unchecked Sendable {
  private let socket: TCPSocket
  private var buffer: [UInt8] = []
  private var message: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  /// The longest message accepted, bytes.
  private let limit = 256 << 20

  private init(socket: TCPSocket, leftover: [UInt8]) {
    self.socket = socket
    buffer = leftover
  }

  /// Connects to the browser behind `http://HOST:PORT` (its `/json/version` names the
  /// browser's WebSocket).
  public static func connect(url: String, timeoutMs: Double = 10_000) throws(BrowserError) -> CDPWebSocket {
    let (host, port) = try hostAndPort(url)
    let version = try httpGet(host: host, port: port, path: "/json/version", timeoutMs: timeoutMs)
    guard let json = try? JSONValue.parse(version), case .string(let ws)? = json["webSocketDebuggerUrl"],
      ws.hasPrefix("ws://")
    else {
      throw .launch("\(url)/json/version gave no webSocketDebuggerUrl (is it a browser's --remote-debugging-port?)")
    }
    let rest = ws.dropFirst("ws://".count)
    let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
    let socket = try open(host: host, port: port)
    var keyBytes = [UInt8](repeating: 0, count: 16)
    for i in keyBytes.indices { keyBytes[i] = UInt8.random(in: 0...255) }
    let key = Base64.encode(keyBytes)
    let request =
      "GET \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
    if case .failure(let error) = socket.sendAll(Array(request.utf8)) { throw .io(error.message) }
    let (head, leftover) = try readHead(socket, deadlineMs: MonotonicClock.nowMs() + timeoutMs)
    let lines = head.split(separator: "\r\n")
    guard let status = lines.first, status.contains(" 101") else {
      throw .launch("\(ws): the upgrade was refused (\(lines.first.map(String.init) ?? "no answer"))")
    }
    let expected = acceptKey(for: key)
    let accept = lines.first { $0.lowercased().hasPrefix("sec-websocket-accept:") }
      .map { $0.split(separator: ":", maxSplits: 1)[1].trimmingSpaces }
    guard accept == expected else { throw .malformed("Sec-WebSocket-Accept is not the key's (RFC 6455 §4.2.2)") }
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
    while true {
      if let whole = try nextMessage() { return whole }
      let remaining = max(0, deadlineMs - MonotonicClock.nowMs())
      switch POSIX.poll(socket.fd, timeout: Int32(min(remaining.rounded(.up), 1000))) {
      case .failure(let error): throw .io(error.message)
      case .success(let ready) where !ready.readable && !ready.hungUp:
        if remaining == 0 { return nil }
        continue
      case .success: break
      }
      let read = chunk.withUnsafeMutableBytes { socket.receive(into: $0) }
      switch read {
      case .failure(let error): throw .io(error.message)
      case .success(0): throw .died(status: nil, stderrTail: "the browser closed the WebSocket")
      case .success(let n): buffer += chunk[0..<n]
      }
    }
  }

  /// A whole message from the frames buffered so far, if one is complete.
  private func nextMessage() throws(BrowserError) -> [UInt8]? {
    while buffer.count >= 2 {
      let fin = buffer[0] & 0x80 != 0
      let opcode = buffer[0] & 0x0f
      var length = Int(buffer[1] & 0x7f)
      var offset = 2
      if length == 126 {
        guard buffer.count >= 4 else { return nil }
        length = Int(buffer[2]) << 8 | Int(buffer[3])
        offset = 4
      } else if length == 127 {
        guard buffer.count >= 10 else { return nil }
        length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
        offset = 10
      }
      guard length <= limit else { throw .malformed("a WebSocket frame of \(length) bytes") }
      let masked = buffer[1] & 0x80 != 0
      let maskOffset = offset
      if masked { offset += 4 }
      guard buffer.count >= offset + length else { return nil }
      var payload = Array(buffer[offset..<offset + length])
      if masked { for i in payload.indices { payload[i] ^= buffer[maskOffset + (i & 3)] } }
      buffer.removeFirst(offset + length)
      switch opcode {
      case 0, 1, 2:
        message += payload
        if fin {
          defer { message = [] }
          return message
        }
      case 8: throw .died(status: nil, stderrTail: "the browser closed the WebSocket")
      case 9: try sendFrame(opcode: 10, payload)
      default: continue
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
    guard head.hasPrefix("HTTP/1.1 200") || head.hasPrefix("HTTP/1.0 200") else {
      throw .launch("GET \(path): \(head.split(separator: "\r\n").first.map(String.init) ?? "no answer")")
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 14)
    while MonotonicClock.nowMs() < deadline {
      guard case .success(let ready) = POSIX.poll(socket.fd, timeout: 200), ready.readable || ready.hungUp else {
        continue
      }
      guard case .success(let n) = chunk.withUnsafeMutableBytes({ socket.receive(into: $0) }), n > 0 else { break }
      body += chunk[0..<n]
    }
    return body
  }

  /// Reads up to the blank line that ends an HTTP head: the head as text, and what came after.
  private static func readHead(_ socket: TCPSocket, deadlineMs: Double) throws(BrowserError) -> (String, [UInt8]) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = [13, 10, 13, 10]
    while true {
      if let i = bytes.indices.dropLast(3).first(where: { bytes[$0..<$0 + 4].elementsEqual(end) }) {
        return (String(decoding: bytes[..<i], as: UTF8.self), Array(bytes[(i + 4)...]))
      }
      guard bytes.count < 65536 else { throw .malformed("an HTTP head over 64 KiB") }
      let remaining = deadlineMs - MonotonicClock.nowMs()
      guard remaining > 0 else { throw .timeout(method: "the HTTP answer", ms: 0) }
      guard case .success(let ready) = POSIX.poll(socket.fd, timeout: Int32(min(remaining, 1000))),
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

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(self.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " || $0 == "\r" }).reversed())
  }
}
