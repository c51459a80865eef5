import Platform

/// The two ends of `--remote-debugging-pipe` on our side: commands are written to `output`
/// (the browser's fd 3), messages read from `input` (its fd 4), each ended by a NUL.
public final class CDPPipe: @unchecked Sendable {
  private let input: Int32
  private let output: Int32
  private var splitter = CDPFrameSplitter()
  private var chunk = [UInt8](repeating: 0, count: 1 << 16)
  private var closed = false

  /// Wraps two open descriptors; `close()` closes them.
  public init(readingFrom input: Int32, writingTo output: Int32) {
    self.input = input
    self.output = output
  }

  /// Writes one message and its NUL. A browser that has gone away is `.died`.
  public func send(_ message: [UInt8]) throws(BrowserError) {
    var bytes = message
    bytes.append(0)
    let result = bytes.withUnsafeBytes { POSIX.writeAll(output, $0) }
    if case .failure(let error) = result {
      throw error.isClosedPipe ? .died(status: nil, stderrTail: "") : .io(error.message)
    }
  }

  /// The next message, waiting until the monotonic clock reads `deadlineMs`; nil at the
  /// deadline. End of file is `.died`.
  public func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]? {
    var polled = false
    while true {
      if let frame = splitter.next() { return frame }
      if let signal = StopRequest.signal { throw .interrupted(signal: signal) }
      // At or past the deadline the pipe is still polled once, without waiting: what has
      // already arrived is read. After that, bytes that keep coming without ending a message
      // do not hold the wait past its deadline.
      let remaining = max(0, deadlineMs - MonotonicClock.nowMs())
      if polled, remaining == 0 { return nil }
      polled = true
      // In slices of at most 100 ms: a signal ends the wait within that.
      switch POSIX.poll(input, timeout: Int32(min(remaining.rounded(.up), 100))) {
      case .failure(let error): throw .io(error.message)
      case .success(let ready) where !ready.readable && !ready.hungUp: continue
      case .success: break
      }
      let read = chunk.withUnsafeMutableBytes { POSIX.read(input, into: $0) }
      switch read {
      case .failure(let error) where error.wouldBlock: continue
      case .failure(let error): throw .io(error.message)
      case .success(0): throw .died(status: nil, stderrTail: "")
      case .success(let n):
        try splitter.append(chunk[0..<n])
      }
    }
  }

  /// Closes both descriptors (once).
  public func close() {
    guard !closed else { return }
    closed = true
    POSIX.close(input)
    POSIX.close(output)
  }

  deinit { close() }
}
