import Platform

/// Cuts the pipe's byte stream into messages: `--remote-debugging-pipe` ends each JSON message
/// with a NUL byte. A message longer than `limit` is refused rather than buffered without end.
public struct CDPFrameSplitter: Sendable {
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next NUL goes on: the bytes from `start` up to here hold none, so
  /// a message read in many pieces is searched once, not once per piece.
  private var searched = 0
  /// The longest message accepted, bytes (a full-page screenshot in base64 is a few MB).
  public var limit: Int

  /// Makes a splitter.
  public init(limit: Int = 256 << 20) { self.limit = limit }

  /// Adds bytes read from the pipe.
  public mutating func append(_ bytes: ArraySlice<UInt8>) throws(BrowserError) {
    if start > 0, start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
      searched = 0
    }
    buffer.append(contentsOf: bytes)
    if buffer.count - start > limit, next(peekOnly: true) == nil {
      throw .malformed("a message longer than \(limit >> 20) MiB")
    }
  }

  /// The next whole message, if one has arrived.
  public mutating func next() -> [UInt8]? { next(peekOnly: false) }

  private mutating func next(peekOnly: Bool) -> [UInt8]? {
    let from = max(start, searched)
    let end = buffer.withUnsafeBytes { all -> Int? in
      POSIX.firstIndex(of: 0, in: UnsafeRawBufferPointer(rebasing: all[from...])).map { $0 + from }
    }
    guard let end else {
      searched = buffer.count
      return nil
    }
    if peekOnly { return [] }
    let frame = Array(buffer[start..<end])
    start = end + 1
    searched = start
    if start > 1 << 20, start * 2 > buffer.count {
      buffer.removeFirst(start)
      start = 0
      searched = 0
    }
    return frame
  }
}
