import EventStream
import Platform
import Testing

@testable import Backends

/// A browser (or something posing as one) that sends without pause: every wait still ends at
/// its deadline, and what is kept of the flood is bounded.
struct CDPFloodTests {
  /// A transport that answers nothing and hands out one event frame per receive, forever.
  final class FloodingTransport: CDPTransport, @unchecked Sendable {
    let frame: [UInt8]
    private(set) var handedOut = 0
    /// Frames handed out when the caller's deadline had already passed.
    private(set) var handedOutPastTheDeadline = 0
    init(method: String = "Runtime.consoleAPICalled", payload: Int = 4000) {
      frame = Array(#"{"method":"\#(method)","params":{"args":"\#(String(repeating: "x", count: payload))"}}"#.utf8)
    }
    func send(_ message: [UInt8]) throws(BrowserError) {}
    func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]? {
      handedOut += 1
      if MonotonicClock.nowMs() >= deadlineMs { handedOutPastTheDeadline += 1 }
      return frame
    }
    func close() {}
  }

  /// 10 s at issue's measure stretched to 22.6 s by a flood; here the wait ends at its timeout:
  /// the client takes at most one frame after its deadline has passed, so the overshoot is one
  /// frame's handling (measured well under 1 ms), whatever the flood. Asserted by counting those
  /// frames, not by the wall clock, which a loaded host stretches (a 1-s wait once measured
  /// 1,211 ms at load 13 — a pause of the test's own thread, not a frame too many).
  @Test func aCallUnderAnEventFloodTimesOutOnTime() throws {
    let flood = FloodingTransport()
    let client = CDPClient(pipe: flood, timeoutMs: 1000, eventBytes: 256 << 10)
    let start = MonotonicClock.nowMs()
    #expect(throws: BrowserError.timeout(method: "Page.navigate", ms: 1000)) { try client.call("Page.navigate") }
    #expect(MonotonicClock.nowMs() - start >= 1000)
    #expect(flood.handedOutPastTheDeadline <= 1, "\(flood.handedOutPastTheDeadline) frames past the deadline")
    // The flood went on past the queue's bound (256 KiB here: ~60 of these events).
    #expect(flood.handedOut * flood.frame.count > 256 << 10)
    #expect(client.queuedBytes <= 256 << 10)
    #expect(client.droppedEvents > 0)
  }

  /// Reports are the page's app log: they are never dropped. A flood of them past the bound
  /// stops the run with a message that says so.
  @Test func aFloodOfReportsPastTheBoundIsAnError() throws {
    let client = CDPClient(
      pipe: FloodingTransport(method: "Runtime.bindingCalled", payload: 2000), timeoutMs: 60_000, eventBytes: 256 << 10)
    do {
      try client.call("Runtime.evaluate")
      Issue.record("no error")
    } catch {
      #expect(error.message.contains("more than"), "\(error.message)")
    }
    #expect(client.queuedBytes <= 256 << 10)
  }

  /// `nextEvent` takes from the front without moving the rest: a million events queued and read
  /// take linear time (this is the exception flood that stretched a 1.4-s run to 31 s).
  @Test func theQueueIsFirstInFirstOutAndBounded() throws {
    var queue = CDPEventQueue()
    for i in 0..<1000 { _ = try queue.append((method: "E\(i)", params: .null, sessionId: nil), bytes: 10) }
    #expect(queue.removeFirst()?.method == "E0")
    #expect(queue.removeFirst(where: { $0.method == "E500" })?.method == "E500")
    #expect(queue.removeFirst()?.method == "E1")
    var last = ""
    while let event = queue.removeFirst() { last = event.method }
    #expect(last == "E999")
    #expect(queue.bytes == 0)
  }
}
