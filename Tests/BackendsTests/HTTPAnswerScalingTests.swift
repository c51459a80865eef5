import TestSupport
import Testing

@testable import Backends

/// Reading an HTTP head in small reads (`--browser-url`'s answers, as `CDPWebSocket` reads them)
/// is linear in the head: each read searches only the bytes it added, and the blank line is
/// found wherever the reads cut it.
struct HTTPAnswerScalingTests {
  /// Reads `bytes` `size` bytes at a time, as `CDPWebSocket.readHead` does; the split, or nil.
  static func read(_ bytes: [UInt8], in size: Int) throws -> (head: String, rest: [UInt8])? {
    var received: [UInt8] = []
    while received.count < bytes.count {
      let searched = received.count
      received += bytes[searched..<min(bytes.count, searched + size)]
      if let split = try HTTPAnswer.splitHead(received, searched: searched) { return split }
    }
    return nil
  }

  @Test("the head is found wherever the reads cut its blank line")
  func blankLineAcrossReads() throws {
    let answer = Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\u{81}\u{5}Hello".utf8)
    for size in 1...answer.count {
      let split = try #require(try Self.read(answer, in: size), "reads of \(size)")
      #expect(split.head == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket", "reads of \(size)")
      // What came after the blank line in the same read: the start of the WebSocket.
      #expect(Array("\u{81}\u{5}Hello".utf8).starts(with: split.rest), "reads of \(size)")
    }
  }

  /// A peer that sends its head 16 bytes at a time: every read searched the whole head again,
  /// so 64 KiB cost some 130 million comparisons (the websocket fuzz target's growth finding).
  @Test("a head read in 16-byte reads: ×4 the head costs at most ×6")
  func smallReadsAreLinear() throws {
    let growth = Scaling.measure(
      base: 15_000,
      prepare: { n in Array("HTTP/1.1 200 OK\r\n".utf8) + [UInt8](repeating: 65, count: n) + Array("\r\n\r\n".utf8) },
      { bytes in
        let split = try? Self.read(bytes, in: 16)
        precondition(split?.head.hasPrefix("HTTP/1.1 200 OK") == true)
      })
    #expect(growth.ratio <= Scaling.ceiling, "\(growth)")
  }
}
