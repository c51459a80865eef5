import Backends
import FuzzSupport

/// A browser flooding CDP: bytes 0–1 say how many frames the browser sends (up to 2¹⁷ + …), the
/// rest are frames (NUL-separated) sent over and over in that order while a command waits for
/// its answer; then nothing more comes and the wait ends. Checks what the client promises under
/// a flood: what it keeps is bounded (`CDPEventQueue`'s count and bytes), every event frame is
/// kept or counted as dropped (a page's report is never dropped: a flood of them is an error
/// that says so), an answer to the command still ends the wait, errors carry a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCDPFlood(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = Fuzz.bytes(data, size)
  guard input.count >= 3 else { return 0 }
  let total = (Int(input[0]) << 9 | Int(input[1]) << 1) + 1
  let frames = input.dropFirst(2).split(separator: 0, omittingEmptySubsequences: true).map(Array.init)
  guard !frames.isEmpty else { return 0 }
  let flood = FloodPipe(frames: frames, total: total)
  let client = CDPClient(pipe: flood, timeoutMs: 60_000)
  var reportOverflow = false
  do {
    try client.call("Fuzz.call")
  } catch {
    Fuzz.require(!error.message.isEmpty, "an error without a message")
    if case .malformed(let why) = error, why.contains("(a flood)") { reportOverflow = true }
  }
  Fuzz.require(client.queuedBytes <= CDPEventQueue.byteLimit, "\(client.queuedBytes) bytes kept")
  Fuzz.require(client.queuedEvents <= CDPEventQueue.countLimit, "\(client.queuedEvents) events kept")
  var kept = 0  // what is queued, then the rest of the flood, read one at a time
  while (try? client.nextEvent(deadlineMs: 0)) != nil { kept += 1 }
  if !reportOverflow, flood.answered == 0 {
    Fuzz.require(
      kept + client.droppedEvents == flood.events,
      "\(kept) kept + \(client.droppedEvents) dropped of \(flood.events) event frames")
  }
  return 0
}

/// Sends `frames` in a cycle, `total` in all, then nothing (the wait's deadline).
final class FloodPipe: CDPTransport, @unchecked Sendable {
  let frames: [[UInt8]]
  let total: Int
  private var sent = 0
  /// Event frames handed out before the client stopped reading.
  private(set) var events = 0
  /// Frames that answered the waiting command (id 1).
  private(set) var answered = 0

  init(frames: [[UInt8]], total: Int) {
    self.frames = frames
    self.total = total
  }

  func send(_ message: [UInt8]) throws(BrowserError) {}

  func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]? {
    guard sent < total else { return nil }
    let frame = frames[sent % frames.count]
    sent += 1
    switch try? CDPMessage.decode(frame) {
    case .event?: events += 1
    case .response(1, _)?, .failure(1, _, _)?: answered += 1
    default: break
    }
    return frame
  }

  func close() {}
}
