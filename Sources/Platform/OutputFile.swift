#if canImport(Glibc)
  import Glibc
#endif

/// A buffered writer on a file descriptor (stdout, stderr or a file).
///
/// Writes are collected and sent in large blocks; `flush()` sends what is pending.
/// A closed pipe (`EPIPE`) sets `isBroken` instead of killing the process.
/// One thread writes to a stream at a time: batch jobs (`report --jobs`) get streams of their own.
public final class OutputFile: @unchecked Sendable {  // one writer at a time (see above)
  private let fd: Int32
  private var buffer: [UInt8] = []
  private let ownsDescriptor: Bool
  /// Flush after every line (recordings, live logs) instead of in large blocks.
  public var lineBuffered: Bool
  /// True once a write failed (closed pipe, full disk).
  public private(set) var isBroken = false

  /// Standard output.
  public static let stdout = OutputFile(fd: 1)
  /// Standard error, flushed line by line.
  public static let stderr = OutputFile(fd: 2, lineBuffered: true)

  /// Bytes kept in memory instead of written (a stream made with `capturing()`).
  public private(set) var captured: [UInt8] = []
  private var capturing = false

  /// A stream that keeps everything written in `captured` (for tests).
  public static func capturing() -> OutputFile {
    let stream = OutputFile(fd: -1)
    stream.capturing = true
    return stream
  }

  /// What was captured, as text.
  public var capturedText: String {
    flush()
    return String(decoding: captured, as: UTF8.self)
  }

  /// Wraps a descriptor; `owns` closes it on `close()`.
  public init(fd: Int32, lineBuffered: Bool = false, owns: Bool = false) {
    self.fd = fd
    self.lineBuffered = lineBuffered
    self.ownsDescriptor = owns
    buffer.reserveCapacity(1 << 16)
  }

  /// Creates (truncates) a file for writing.
  /// `open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)`.
  public static func open(path: String, lineBuffered: Bool = false) throws(POSIXErrno) -> OutputFile {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXErrno(code: errno) }
    return OutputFile(fd: fd, lineBuffered: lineBuffered, owns: true)
  }

  /// True when the descriptor is a terminal.
  public var isTerminal: Bool { fd >= 0 && isatty(fd) == 1 }

  /// Appends text.
  public func write(_ text: String) {
    var text = text
    text.withUTF8 { buffer.append(contentsOf: $0) }
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends bytes.
  public func write(bytes: some Sequence<UInt8>) {
    buffer.append(contentsOf: bytes)
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends a line (text plus `\n`).
  public func line(_ text: String) { write(text + "\n") }

  /// Sends everything pending to the descriptor.
  public func flush() {
    guard !buffer.isEmpty else { return }
    defer { buffer.removeAll(keepingCapacity: true) }
    if capturing {
      captured.append(contentsOf: buffer)
      return
    }
    guard !isBroken else { return }
    if case .failure = buffer.withUnsafeBytes({ POSIX.writeAll(fd, $0) }) { isBroken = true }
  }

  /// Flushes and closes a file this stream owns.
  public func close() {
    flush()
    if ownsDescriptor { _ = Glibc.close(fd) }
  }
}
