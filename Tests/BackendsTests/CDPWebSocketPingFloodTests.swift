import Platform
import Synchronization
import Testing

@testable import Backends

/// A `--browser-url` endpoint that sends pings without pause: each is answered, and a wait for a
/// message still ends at its deadline (it kept a run alive for 60 s before).
struct CDPWebSocketPingFloodTests {
  /// Reads one request head (up to its blank line) from `socket`.
  static func head(_ socket: TCPSocket) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1024)
    while !bytes.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)), bytes.count < 16_384 {
      guard case .success(let n) = chunk.withUnsafeMutableBytes({ socket.receive(into: $0) }), n > 0 else { break }
      bytes += chunk[..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aWaitEndsAtItsDeadlineThoughPingsComeWithoutPause() throws {
    let listener = try TCPListener.loopback().get()
    defer { listener.close() }
    let port = listener.port
    let pings = Counter()
    let server = try #require(
      JoinableThread.start {
        // /json/version, as a browser's --remote-debugging-port answers it.
        guard let version = listener.accept() else { return }
        _ = Self.head(version)
        let body = #"{"webSocketDebuggerUrl":"ws://127.0.0.1:\#(port)/devtools/browser/flood"}"#
        _ = version.sendAll(Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8))
        version.close()
        // The upgrade, then pings until the client hangs up (or 20 s, should it never).
        guard let socket = listener.accept() else { return }
        let request = Self.head(socket)
        let key =
          request.split(separator: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
          .map { String($0.dropFirst("sec-websocket-key:".count).drop(while: { $0 == " " })) } ?? ""
        let answer =
          "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
          + "Sec-WebSocket-Accept: \(CDPWebSocket.acceptKey(for: key))\r\n\r\n"
        guard case .success = socket.sendAll(Array(answer.utf8)) else { return }
        let end = MonotonicClock.nowMs() + 20_000
        while MonotonicClock.nowMs() < end, case .success = socket.sendAll([0x89, 0x00]) { pings.add() }
        socket.close()
      })
    let client = try CDPWebSocket.connect(url: "http://127.0.0.1:\(port)", timeoutMs: 10_000)
    let start = MonotonicClock.nowMs()
    let message = try client.receive(deadlineMs: start + 300)
    let waited = MonotonicClock.nowMs() - start
    client.close()
    server.join()
    #expect(message == nil)
    #expect(pings.value > 100, "the endpoint sent \(pings.value) pings")
    // Without the deadline check the wait lasts as long as the pings (20 s here).
    #expect(waited < 10_000, "\(Int(waited)) ms")
  }

  /// A count shared with the server's thread.
  final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
  }
}
