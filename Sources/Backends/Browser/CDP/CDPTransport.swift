/// What carries CDP messages: the pipe of a browser we started (`CDPPipe`), or a WebSocket to
/// one someone else started with `--remote-debugging-port` (`CDPWebSocket`).
public protocol CDPTransport: AnyObject, Sendable {
  /// Sends one message.
  func send(_ message: [UInt8]) throws(BrowserError)
  /// The next message, waiting until the monotonic clock reads `deadlineMs`; nil at the
  /// deadline (what has already arrived is still read).
  func receive(deadlineMs: Double) throws(BrowserError) -> [UInt8]?
  /// Closes the connection.
  func close()
}

extension CDPPipe: CDPTransport {}
