import Backends
import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, header: 1, fuzzWebSocketOnce)
}

/// The WebSocket of `web --browser-url` (`CDPWebSocket`) without a socket. Byte 0 says what the
/// rest is. Bit 7 clear: what the browser sends on the WebSocket, read by `WebSocketFrameReader`
/// in reads of the size bits 0–3 pick (1 byte … all at once), the frame limit 256 MiB or, with bit
/// 4 set, 1 KiB; the items must be the same whatever the read size (read all at once as well),
/// the same error too, no message or ping longer than the limit. Bit 7 set: an HTTP answer as
/// `CDPWebSocket.connect` reads one, in reads of 256 bytes … all at once (bits 0–1), through
/// `HTTPAnswer.splitHead` after each read; the head found must be where the first blank line
/// is, and is then checked as the answer to `GET /json/version` (`requireOK`, the body through
/// `debuggerEndpoint`) and as the answer to the upgrade (`checkUpgrade` with RFC 6455's example
/// key), whose leftover bytes are read as frames. Errors must have a message.
func fuzzWebSocketOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Fuzz.bytes(data, size)
  guard let control = input.first else { return 0 }
  let bytes = Array(input.dropFirst())
  if control & 0x80 == 0 {
    let sizes = [1, 2, 3, 4, 5, 7, 10, 14, 125, 126, 127, 128, 1000, 4096, 65536, Int.max]
    let limit = control & 0x10 != 0 ? 1024 : 256 << 20
    let inReads = readFrames(bytes, readSize: sizes[Int(control & 0x0f)], limit: limit)
    let atOnce = readFrames(bytes, readSize: Int.max, limit: limit)
    Fuzz.require(inReads.items == atOnce.items, "the items depend on the read size")
    Fuzz.require(inReads.error == atOnce.error, "the error depends on the read size")
  } else {
    readHTTP(bytes, readSize: [256, 1024, 4096, Int.max][Int(control & 0x03)])
  }
  return 0
}

/// Frames as `CDPWebSocket.receive` reads them: a read, then every item it completes, until a
/// close or an error.
func readFrames(_ bytes: [UInt8], readSize: Int, limit: Int) -> (
  items: [WebSocketFrameReader.Item], error: BrowserError?
) {
  var reader = WebSocketFrameReader(limit: limit)
  var items: [WebSocketFrameReader.Item] = []
  var position = 0
  var payloadBytes = 0
  while position < bytes.count {
    let end = readSize >= bytes.count - position ? bytes.count : position + readSize
    reader.append(bytes[position..<end])
    position = end
    do {
      while let item = try reader.next() {
        items.append(item)
        switch item {
        case .message(let payload), .ping(let payload):
          Fuzz.require(payload.count <= limit, "an item of \(payload.count) bytes (limit \(limit))")
          payloadBytes += payload.count
          Fuzz.require(payloadBytes + reader.pendingCount <= position, "more bytes read than received")
        case .close:
          return (items, nil)
        }
      }
    } catch {
      Fuzz.require(!error.message.isEmpty, "an error without a message")
      return (items, error)
    }
    Fuzz.require(reader.pendingCount <= position, "more bytes pending than received")
  }
  return (items, nil)
}

/// An HTTP answer as `CDPWebSocket` reads one: `splitHead` after each read (told how much it
/// already searched) until it finds the head, then the checks of both answers the handshake reads.
func readHTTP(_ bytes: [UInt8], readSize: Int) {
  let blank: [UInt8] = [13, 10, 13, 10]
  let firstBlank = bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual(blank) }
  var position = 0
  var received: [UInt8] = []
  var split: (head: String, rest: [UInt8])?
  repeat {
    let searched = position
    position = readSize >= bytes.count - position ? bytes.count : position + readSize
    received += bytes[searched..<position]
    do {
      split = try HTTPAnswer.splitHead(received, searched: searched)
    } catch {
      Fuzz.require(firstBlank.map { $0 + 4 > position } ?? true, "a head over the limit with a blank line")
      Fuzz.require(position >= HTTPAnswer.headLimit, "a head refused at \(position) bytes")
      Fuzz.require(!error.message.isEmpty, "an error without a message")
      return
    }
  } while split == nil && position < bytes.count
  let url = "http://127.0.0.1:9222"
  guard let (head, rest) = split else {
    Fuzz.require(firstBlank == nil, "no head found before the blank line at \(firstBlank ?? 0)")
    // A body alone, as if the head had come before it.
    endpoint(bytes, url: url)
    return
  }
  guard let i = firstBlank else {
    Fuzz.require(false, "a head found with no blank line")
    return
  }
  Fuzz.require(
    i + 4 <= position && rest.elementsEqual(bytes[(i + 4)..<position]), "the head does not end at the blank line")
  Fuzz.require(head == String(decoding: bytes[..<i], as: UTF8.self), "the head is not the bytes before the blank line")
  do {
    try HTTPAnswer.requireOK(head: head, path: "/json/version")
    Fuzz.require(head.hasPrefix("HTTP/1.1 200") || head.hasPrefix("HTTP/1.0 200"), "a status other than 200 passes")
  } catch {
    Fuzz.require(!error.message.isEmpty, "an error without a message")
  }
  endpoint(Array(bytes[(i + 4)...]), url: url)
  do {
    try HTTPAnswer.checkUpgrade(
      head: head, key: "dGhlIHNhbXBsZSBub25jZQ==", endpoint: "ws://127.0.0.1:9222/devtools/browser/x")
    Fuzz.require(head.split(separator: "\r\n").first?.contains(" 101") == true, "an upgrade passes without 101")
    // What came after the head is the start of the WebSocket.
    _ = readFrames(rest, readSize: Int.max, limit: 256 << 20)
  } catch {
    Fuzz.require(!error.message.isEmpty, "an error without a message")
  }
}

/// `/json/version`'s body: a `ws://` URL whose path is its end.
func endpoint(_ body: [UInt8], url: String) {
  do {
    let endpoint = try HTTPAnswer.debuggerEndpoint(version: body, url: url)
    Fuzz.require(endpoint.url.hasPrefix("ws://"), "an endpoint that is not ws://")
    Fuzz.require(endpoint.path.hasPrefix("/"), "a path that does not start with /")
    Fuzz.require(endpoint.path == "/" || endpoint.url.hasSuffix(endpoint.path), "a path that is not the URL's")
  } catch {
    Fuzz.require(!error.message.isEmpty, "an error without a message")
  }
}
