import Backends
import FuzzSupport

/// libFuzzer's entry: the input once, then grown in the size-growth mode (`Growth`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCDP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  Fuzz.entry(data, size, header: 1, fuzzCDPOnce)
}

/// The CDP pipe of `web` (`--remote-debugging-pipe`): byte 0 picks the size of the reads
/// (1 byte … all at once) and the limit on a message (256 MiB, or 1 KiB with bit 4 set); the
/// rest is what the browser wrote. A transport hands it to `CDPFrameSplitter` read by read, as
/// `CDPPipe.receive` does, and gives the frames to a `CDPClient`, which calls and collects events
/// as `web` does (so every frame is decoded by `CDPMessage.decode`). Checks what the splitter
/// promises — no frame holds a NUL, the frames and their NULs are the bytes up to the last NUL
/// in order, an append is refused exactly when more than `limit` bytes are buffered with no NUL —
/// and what decoding promises: an error is `.malformed` with a message, an answer's id and an
/// event's method are the frame's; the client returns every answer to its command and keeps
/// every event.
func fuzzCDPOnce(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Fuzz.bytes(data, size)
  guard let control = input.first else { return 0 }
  let sizes = [1, 2, 3, 5, 7, 16, 64, 127, 128, 1000, 1024, 1025, 4096, 16384, 65536, Int.max]
  let pipe = FuzzPipe(
    bytes: Array(input.dropFirst()), readSize: sizes[Int(control & 0x0f)],
    limit: control & 0x10 != 0 ? 1024 : 256 << 20)
  let client = CDPClient(pipe: pipe, timeoutMs: 0)
  var returned = 0
  while !pipe.drained {
    do {
      try client.call("Fuzz.call")
      returned += 1
    } catch {
      Fuzz.require(!error.message.isEmpty, "an error without a message: \(error)")
      switch error {
      case .timeout, .commandFailed, .malformed: break
      default: Fuzz.require(false, "an error the pipe cannot give: \(error.message)")
      }
    }
  }
  Fuzz.require(client.answered == returned, "answered \(client.answered), returned \(returned)")
  Fuzz.require(pipe.answers == returned, "\(pipe.answers) frames answered a waiting command, \(returned) returned")
  var events = 0
  while (try? client.nextEvent(deadlineMs: 0)) != nil { events += 1 }
  Fuzz.require(events == pipe.events, "\(events) events kept of \(pipe.events) event frames")
  if pipe.refused == nil {
    let lastNUL = pipe.bytes.lastIndex(of: 0).map { $0 + 1 } ?? 0
    Fuzz.require(pipe.consumed == lastNUL, "frames and NULs cover \(pipe.consumed) bytes, the last NUL ends \(lastNUL)")
  }
  return 0
}

/// The browser's end of the pipe: `bytes`, appended `readSize` at a time when no whole frame is
/// buffered (as `CDPPipe.receive` reads), every frame checked on its way to the client.
final class FuzzPipe: CDPTransport, @unchecked Sendable {
  let bytes: [UInt8]
  let readSize: Int
  private var splitter: CDPFrameSplitter
  /// Bytes appended so far.
  private var position = 0
  /// Bytes the frames handed out and their NULs stand for.
  private(set) var consumed = 0
  private(set) var frames = 0
  /// Frames that decode as events (`CDPClient` keeps every one for `nextEvent`).
  private(set) var events = 0
  private(set) var sent = 0
  /// Why the splitter refused an append; nothing is read after it.
  private(set) var refused: BrowserError?
  /// Nothing more to read: every call after this one times out.
  private(set) var drained = false
  /// Frames that answer the command waiting (its id, a result).
  private(set) var answers = 0
  /// The id of the command waiting for its answer (`CDPClient` numbers them from 1).
  private var waiting = 0

  init(bytes: [UInt8], readSize: Int, limit: Int) {
    self.bytes = bytes
    self.readSize = readSize
    splitter = CDPFrameSplitter(limit: limit)
  }

  func send(_ message: [UInt8]) throws(BrowserError) {
    Fuzz.require(!message.contains(0), "a command holds a NUL")
    sent += 1
    waiting = sent
  }

  func close() {}

  func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]? {
    while true {
      if let frame = splitter.next() {
        check(frame)
        return frame
      }
      guard refused == nil, position < bytes.count else {
        drained = true
        return nil
      }
      let end = readSize >= bytes.count - position ? bytes.count : position + readSize
      let read = bytes[position..<end]
      // Every whole frame has been taken, so what is buffered holds no NUL.
      let buffered = position - consumed + read.count
      let hasNUL = read.contains(0)
      do {
        try splitter.append(read)
      } catch {
        Fuzz.require(!hasNUL && buffered > splitter.limit, "refused \(buffered) bytes (limit \(splitter.limit))")
        Fuzz.require(!error.message.isEmpty, "a refusal without a message")
        refused = error
        position = end
        throw error
      }
      Fuzz.require(
        hasNUL || buffered <= splitter.limit, "\(buffered) bytes with no NUL buffered (limit \(splitter.limit))")
      position = end
    }
  }

  /// A frame is the bytes after the last one's NUL up to the next NUL; what it decodes to says
  /// what the frame's JSON says, and what `CDPClient` will take for an answer to its command
  /// counts as one.
  private func check(_ frame: [UInt8]) {
    frames += 1
    Fuzz.require(!frame.contains(0), "a frame holds a NUL")
    Fuzz.require(consumed + frame.count < position, "a frame past the bytes appended")
    Fuzz.require(bytes[consumed..<consumed + frame.count].elementsEqual(frame), "a frame that is not the next bytes")
    Fuzz.require(bytes[consumed + frame.count] == 0, "a frame not ended by a NUL")
    consumed += frame.count + 1
    let decoded = Result { () throws(BrowserError) in try CDPMessage.decode(frame) }
    switch decoded {
    case .failure(let error):
      guard case .malformed(let what) = error, !what.isEmpty else {
        Fuzz.require(false, "a decoding error that is not .malformed with a message: \(error)")
        return
      }
    case .success(.response(let id, _)), .success(.failure(let id, _, _)):
      let json = try? JSONValue.parse(frame)
      Fuzz.require(json?["id"] == .number(Double(id)), "an answer whose id is not the frame's")
      if id == waiting, case .success(.response) = decoded { answers += 1 }
    case .success(.event(let method, _, _)):
      let json = try? JSONValue.parse(frame)
      Fuzz.require(json?["method"] == .string(method), "an event whose method is not the frame's")
      events += 1
    }
  }
}
