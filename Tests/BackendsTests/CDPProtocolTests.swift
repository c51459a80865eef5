import EventStream
import Platform
import Testing

@testable import Backends

/// The pipe protocol without a browser: NUL-framed messages, answers matched by id, events kept
/// in order, timeouts, and a peer that goes away.
struct CDPProtocolTests {
  @Test func framesAreCutAtEachNULWhateverTheReadSizes() throws {
    var splitter = CDPFrameSplitter()
    let stream = Array(#"{"id":1}"#.utf8) + [0] + Array(#"{"method":"A"}"#.utf8) + [0] + Array(#"{"id":2"#.utf8)
    for i in stride(from: 0, to: stream.count, by: 3) {
      try splitter.append(stream[i..<min(i + 3, stream.count)])
    }
    #expect(splitter.next() == Array(#"{"id":1}"#.utf8))
    #expect(splitter.next() == Array(#"{"method":"A"}"#.utf8))
    #expect(splitter.next() == nil)  // the third message has not ended yet
    try splitter.append([UInt8(ascii: "}"), 0][...])
    #expect(splitter.next() == Array(#"{"id":2}"#.utf8))
  }

  /// A screenshot's message arrives in many reads: each read searches only the bytes it added
  /// for the NUL (the whole message once), and the messages after it still split.
  @Test func aLongMessageInManyReadsIsOneFrame() throws {
    var splitter = CDPFrameSplitter()
    let body = [UInt8](repeating: UInt8(ascii: "a"), count: 16 << 20)
    for i in stride(from: 0, to: body.count, by: 16 << 10) {
      try splitter.append(body[i..<(i + (16 << 10))])
      if i + (16 << 10) < body.count { #expect(splitter.next() == nil) }
    }
    try splitter.append((Array(#"0"#.utf8) + [0] + Array(#"{"id":3}"#.utf8) + [0])[...])
    #expect(splitter.next() == body + Array("0".utf8))
    #expect(splitter.next() == Array(#"{"id":3}"#.utf8))
    #expect(splitter.next() == nil)
  }

  @Test func aMessageOverTheLimitIsRefusedNotBuffered() {
    var splitter = CDPFrameSplitter(limit: 1 << 20)
    #expect(throws: BrowserError.malformed("a message longer than 1 MiB")) {
      try splitter.append([UInt8](repeating: UInt8(ascii: "a"), count: (1 << 20) + 1)[...])
    }
  }

  @Test func answersErrorsAndEventsDecode() throws {
    #expect(
      try CDPMessage.decode(Array(#"{"id":7,"result":{"a":1}}"#.utf8))
        == .response(id: 7, result: .object([("a", .number(1))])))
    #expect(
      try CDPMessage.decode(Array(#"{"id":8,"error":{"code":-32601,"message":"'X.y' wasn't found"}}"#.utf8))
        == .failure(id: 8, code: -32601, message: "'X.y' wasn't found"))
    #expect(
      try CDPMessage.decode(Array(#"{"method":"Page.loadEventFired","params":{"timestamp":1},"sessionId":"S"}"#.utf8))
        == .event(method: "Page.loadEventFired", params: .object([("timestamp", .number(1))]), sessionId: "S"))
    #expect(throws: BrowserError.self) { try CDPMessage.decode(Array(#"{"result":{}}"#.utf8)) }
    #expect(throws: BrowserError.malformed("byte 1: expected a value")) { try CDPMessage.decode([]) }
  }

  @Test func aCommandCarriesItsIdMethodParamsAndSession() {
    let command = CDPCommand("Runtime.evaluate", .object([("expression", .string("1"))]), sessionId: "S1")
    #expect(
      String(decoding: command.encoded(id: 3), as: UTF8.self)
        == #"{"id":3,"method":"Runtime.evaluate","params":{"expression":"1"},"sessionId":"S1"}"#)
  }

  @Test func base64DecodesRFC4648VectorsAndRefusesOthers() {
    // RFC 4648 §10.
    for (encoded, decoded) in [("", ""), ("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYmFy", "foobar")] {
      #expect(Base64.decode(encoded) == Array(decoded.utf8))
    }
    #expect(Base64.decode("Zm9v!") == nil)
    #expect(Base64.decode("Z") == nil)
  }

  /// A peer on the other ends of two pipes that answers as a browser would.
  final class Peer {
    let client: CDPClient
    let toClient: Int32
    let fromClient: Int32

    init(timeoutMs: Double = 2000) throws {
      guard case .success(let down) = ChildProcess.pipe(), case .success(let up) = ChildProcess.pipe() else {
        throw BrowserError.io("pipe")
      }
      Process.ignoreBrokenPipes()
      client = CDPClient(pipe: CDPPipe(readingFrom: down.read, writingTo: up.write), timeoutMs: timeoutMs)
      toClient = down.write
      fromClient = up.read
    }

    func say(_ json: String) {
      let bytes = Array(json.utf8) + [0]
      _ = bytes.withUnsafeBytes { POSIX.writeAll(toClient, $0) }
    }

    func hangUp() { POSIX.close(toClient) }
  }

  @Test func eventsThatArriveBeforeTheAnswerAreKeptInOrder() throws {
    let peer = try Peer()
    peer.say(#"{"method":"E1","params":{}}"#)
    peer.say(#"{"id":99,"result":{}}"#)  // an answer to nobody
    peer.say(#"{"method":"E2","params":{}}"#)
    peer.say(#"{"id":1,"result":{"ok":true}}"#)
    #expect(try peer.client.call("X.y") == .object([("ok", .bool(true))]))
    let deadline = MonotonicClock.nowMs() + 100
    #expect(try peer.client.nextEvent(deadlineMs: deadline)?.method == "E1")
    #expect(try peer.client.nextEvent(deadlineMs: deadline)?.method == "E2")
    #expect(try peer.client.nextEvent(deadlineMs: deadline) == nil)
  }

  /// The driver collects reports between stream events with a deadline of now: what has
  /// already arrived must be read, not left for later.
  @Test func aDeadlineOfNowStillReadsWhatHasArrived() throws {
    let peer = try Peer()
    peer.say(#"{"method":"Runtime.bindingCalled","params":{"name":"r","payload":"x"}}"#)
    MonotonicClock.sleep(untilMs: MonotonicClock.nowMs() + 20)
    #expect(try peer.client.nextEvent(deadlineMs: MonotonicClock.nowMs())?.method == "Runtime.bindingCalled")
    #expect(try peer.client.nextEvent(deadlineMs: MonotonicClock.nowMs()) == nil)
  }

  @Test func aCDPErrorNamesTheMethod() throws {
    let peer = try Peer()
    peer.say(#"{"id":1,"error":{"code":-32000,"message":"Not allowed"}}"#)
    #expect(throws: BrowserError.commandFailed(method: "Browser.crash", code: -32000, message: "Not allowed")) {
      try peer.client.call("Browser.crash")
    }
  }

  @Test func silenceIsATimeoutAndAHangUpIsDeath() throws {
    let peer = try Peer(timeoutMs: 50)
    #expect(throws: BrowserError.timeout(method: "Page.enable", ms: 50)) { try peer.client.call("Page.enable") }
    peer.hangUp()
    #expect(throws: BrowserError.died(status: nil, stderrTail: "")) { try peer.client.call("Page.enable") }
  }
}

/// The WebSocket pieces for attaching to a browser someone else started: the accept key, frames
/// read without a socket, the HTTP answers.
struct CDPWebSocketTests {
  @Test func theAcceptKeyIsRFC6455sExample() {
    // RFC 6455 §1.3: the key "dGhlIHNhbXBsZSBub25jZQ==" is answered with this accept value.
    #expect(CDPWebSocket.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
  }

  @Test func sha1AndBase64MatchTheirStandardsVectors() {
    // FIPS 180 "abc"; RFC 4648 §10.
    let digest = SHA1.digest(Array("abc".utf8)).map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }
    #expect(digest.joined() == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
    #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
    #expect(Base64.encode(Array("f".utf8)) == "Zg==")
  }

  /// RFC 6455 §5.7's examples, read whole and one byte at a time.
  @Test func framesReadAsRFC6455sExamples() throws {
    let hello = Array("Hello".utf8)
    let examples: [([UInt8], [WebSocketFrameReader.Item])] = [
      ([0x81, 0x05] + hello, [.message(hello)]),  // unmasked text
      ([0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58], [.message(hello)]),  // masked text
      ([0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f], [.message(hello)]),  // fragmented
      ([0x89, 0x05] + hello, [.ping(hello)]),  // ping
      ([0x8a, 0x05] + hello + [0x81, 0x00], [.message([])]),  // a pong is skipped
      ([0x82, 0x7e, 0x01, 0x00] + [UInt8](repeating: 7, count: 256), [.message([UInt8](repeating: 7, count: 256))]),
      (
        [0x82, 0x7f, 0, 0, 0, 0, 0, 1, 0, 0] + [UInt8](repeating: 9, count: 65536),
        [.message([UInt8](repeating: 9, count: 65536))]
      ),
      // A ping between the fragments of a message, then a close.
      (
        [0x01, 0x02, 0x48, 0x65, 0x89, 0x00, 0x80, 0x03, 0x6c, 0x6c, 0x6f, 0x88, 0x00],
        [.ping([]), .message(hello), .close]
      ),
    ]
    for (bytes, items) in examples {
      var whole = WebSocketFrameReader()
      whole.append(bytes[...])
      var read: [WebSocketFrameReader.Item] = []
      while let item = try whole.next() { read.append(item) }
      #expect(read == items)
      #expect(whole.pendingCount == 0)

      var trickle = WebSocketFrameReader()
      read = []
      for byte in bytes {
        trickle.append([byte][...])
        while let item = try trickle.next() { read.append(item) }
      }
      #expect(read == items)
    }
  }

  @Test func aFrameOverTheLimitIsRefusedFromItsHeader() {
    var reader = WebSocketFrameReader(limit: 1000)
    reader.append([0x82, 0x7e, 0x03, 0xe9][...])  // 1001 bytes announced, none sent
    #expect(throws: BrowserError.malformed("a WebSocket frame of 1001 bytes")) { try reader.next() }
  }

  /// The limit holds for a whole message too, not only for each of its frames (a peer could
  /// send continuations without end). The websocket fuzz target checks it.
  @Test func aMessageOverTheLimitInSeveralFramesIsRefused() throws {
    var reader = WebSocketFrameReader(limit: 1024)
    reader.append(([0x01, 0x7e, 0x02, 0x00] + [UInt8](repeating: 97, count: 512))[...])
    reader.append(([0x89, 0x00] + [0x00, 0x7e, 0x02, 0x00] + [UInt8](repeating: 98, count: 512))[...])
    #expect(try reader.next() == .ping([]))  // a ping between the pieces does not count
    #expect(try reader.next() == nil)  // 1,024 bytes so far, the message not finished
    reader.append([0x80, 0x01][...])  // one more byte announced
    #expect(
      throws: BrowserError.malformed("a WebSocket message longer than 1024 bytes (its frames so far and one of 1)")
    ) {
      try reader.next()
    }
  }

  /// Found by the websocket fuzz target: a 64-bit length with its top bit set was read as a
  /// negative length, which passed the limit and trapped slicing the payload.
  @Test func aLengthWithItsTopBitSetIsRefusedNotNegative() {
    for top: UInt8 in [0x80, 0xff] {
      var reader = WebSocketFrameReader()
      reader.append([0x89, 0xff, top, 0xff, 0x2c, 0x5d, 0xa8, 0x2f, 0x5d, 0x2f, 0xe8][...])
      #expect(throws: BrowserError.self) { try reader.next() }
    }
    var reader = WebSocketFrameReader()
    reader.append([0x82, 0x7f, 0x80, 0, 0, 0, 0, 0, 0, 0][...])
    #expect(throws: BrowserError.malformed("a WebSocket frame of 9223372036854775808 bytes")) { try reader.next() }
  }

  @Test func theHTTPHeadEndsAtTheBlankLine() throws {
    #expect(try HTTPAnswer.splitHead(Array("HTTP/1.1 200 OK\r\nA: b\r\n".utf8)) == nil)
    let split = try #require(try HTTPAnswer.splitHead(Array("HTTP/1.1 200 OK\r\nA: b\r\n\r\n{}\r\n\r\n".utf8)))
    #expect(split.head == "HTTP/1.1 200 OK\r\nA: b")
    #expect(split.rest == Array("{}\r\n\r\n".utf8))
    #expect(throws: BrowserError.malformed("an HTTP head over 64 KiB")) {
      try HTTPAnswer.splitHead([UInt8](repeating: 65, count: HTTPAnswer.headLimit))
    }
  }

  @Test func jsonVersionNamesTheWebSocket() throws {
    try HTTPAnswer.requireOK(head: "HTTP/1.1 200 OK\r\nContent-Type: application/json", path: "/json/version")
    #expect(throws: BrowserError.launch("GET /json/version: HTTP/1.1 404 Not Found")) {
      try HTTPAnswer.requireOK(head: "HTTP/1.1 404 Not Found\r\nA: b", path: "/json/version")
    }
    let body = #"{"Browser":"Chrome/1","webSocketDebuggerUrl":"ws://127.0.0.1:9222/devtools/browser/ab-12"}"#
    let endpoint = try HTTPAnswer.debuggerEndpoint(version: Array(body.utf8), url: "http://127.0.0.1:9222")
    #expect(endpoint.url == "ws://127.0.0.1:9222/devtools/browser/ab-12")
    #expect(endpoint.path == "/devtools/browser/ab-12")
    #expect(
      try HTTPAnswer.debuggerEndpoint(version: Array(#"{"webSocketDebuggerUrl":"ws://h:1"}"#.utf8), url: "u").path
        == "/")
    for bad in [#"{"webSocketDebuggerUrl":"wss://h:1/x"}"#, #"{"webSocketDebuggerUrl":1}"#, "{", ""] {
      #expect(throws: BrowserError.self) { try HTTPAnswer.debuggerEndpoint(version: Array(bad.utf8), url: "u") }
    }
  }

  @Test func theUpgradeIsAcceptedWithTheKeysAnswerOnly() throws {
    let key = "dGhlIHNhbXBsZSBub25jZQ=="
    try HTTPAnswer.checkUpgrade(
      head:
        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nsec-websocket-accept:  s3pPLMBiTxaQ9kYGzzhZRbK+xOo= ",
      key: key, endpoint: "ws://h:1/x")
    #expect(throws: BrowserError.launch("ws://h:1/x: the upgrade was refused (HTTP/1.1 400 Bad Request)")) {
      try HTTPAnswer.checkUpgrade(head: "HTTP/1.1 400 Bad Request", key: key, endpoint: "ws://h:1/x")
    }
    #expect(throws: BrowserError.malformed("Sec-WebSocket-Accept is not the key's (RFC 6455 §4.2.2)")) {
      try HTTPAnswer.checkUpgrade(
        head: "HTTP/1.1 101 Switching Protocols\r\nSec-WebSocket-Accept: AAAA", key: key, endpoint: "ws://h:1/x")
    }
  }

  /// Found writing the websocket fuzz target (the input is a seed there): an accept header with
  /// nothing after its colon trapped (the value was the second piece of a split that gave one).
  @Test func anEmptyAcceptHeaderIsRefused() {
    for line in ["Sec-WebSocket-Accept:", "sec-websocket-accept:  ", "Sec-WebSocket-Accept::"] {
      #expect(throws: BrowserError.malformed("Sec-WebSocket-Accept is not the key's (RFC 6455 §4.2.2)")) {
        try HTTPAnswer.checkUpgrade(
          head: "HTTP/1.1 101 Switching Protocols\r\n" + line, key: "dGhlIHNhbXBsZSBub25jZQ==", endpoint: "ws://h:1/x")
      }
    }
  }

  @Test func aURLThatIsNotHostAndPortIsRefused() {
    #expect(throws: BrowserError.self) { try CDPWebSocket.hostAndPort("http://localhost") }
    #expect((try? CDPWebSocket.hostAndPort("http://127.0.0.1:9222/")) ?? ("", 0) == ("127.0.0.1", 9222))
  }
}
