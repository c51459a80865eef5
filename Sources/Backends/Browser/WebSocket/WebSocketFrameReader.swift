/// Reads WebSocket frames (RFC 6455 §5.2) from the bytes received so far, without a socket:
/// `append` what arrived, then call `next` until it gives nil. Text, binary and continuation
/// frames are unmasked and joined into whole messages; a ping and a close are handed over for
/// the connection to act on; pongs and reserved opcodes are skipped. A frame, or a message of
/// several, longer than `limit` is refused as soon as the header that makes it so has arrived.
public struct WebSocketFrameReader: Sendable {
  /// What the frames read so far amount to.
  public enum Item: Sendable, Equatable {
    /// A whole message: the payloads of its frames up to the one with FIN set, unmasked.
    case message([UInt8])
    /// A ping and its payload (the answer is a pong with the same bytes).
    case ping([UInt8])
    /// A close frame: the peer is going away.
    case close
  }

  private var buffer: [UInt8] = []
  private var start = 0
  private var message: [UInt8] = []
  /// The longest frame, and the longest message, accepted (bytes).
  public let limit: Int

  /// Makes a reader.
  public init(limit: Int = 256 << 20) { self.limit = max(0, limit) }

  /// Bytes received that are not yet part of an item (an incomplete frame, or frames not read).
  public var pendingCount: Int { buffer.count - start }

  /// Adds bytes read from the socket.
  public mutating func append(_ bytes: ArraySlice<UInt8>) {
    buffer.append(contentsOf: bytes)
  }

  /// The next message, ping or close, if its frames have all arrived.
  public mutating func next() throws(BrowserError) -> Item? {
    while buffer.count - start >= 2 {
      let first = buffer[start]
      let second = buffer[start + 1]
      let fin = first & 0x80 != 0
      let opcode = first & 0x0f
      // 7 bits, or 16 or 64 bits after them (unsigned: the top bit set is no negative length).
      var announced = UInt64(second & 0x7f)
      var offset = start + 2
      if announced == 126 {
        guard buffer.count - start >= 4 else { return nil }
        announced = UInt64(buffer[start + 2]) << 8 | UInt64(buffer[start + 3])
        offset = start + 4
      } else if announced == 127 {
        guard buffer.count - start >= 10 else { return nil }
        announced = buffer[start + 2..<start + 10].reduce(0) { $0 << 8 | UInt64($1) }
        offset = start + 10
      }
      guard announced <= UInt64(limit) else { throw .malformed("a WebSocket frame of \(announced) bytes") }
      let length = Int(announced)
      if opcode <= 2, message.count + length > limit {
        throw .malformed("a WebSocket message longer than \(limit) bytes (its frames so far and one of \(length))")
      }
      let masked = second & 0x80 != 0
      let maskOffset = offset
      if masked { offset += 4 }
      guard buffer.count >= offset + length else { return nil }
      var payload = Array(buffer[offset..<offset + length])
      if masked { for i in payload.indices { payload[i] ^= buffer[maskOffset + (i & 3)] } }
      consume(upTo: offset + length)
      switch opcode {
      case 0, 1, 2:
        message += payload
        if fin {
          defer { message = [] }
          return .message(message)
        }
      case 8: return .close
      case 9: return .ping(payload)
      default: continue
      }
    }
    return nil
  }

  /// Marks the bytes before `end` as read; drops them once they are most of the buffer.
  private mutating func consume(upTo end: Int) {
    start = end
    if start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 1 << 16, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
    }
  }
}
