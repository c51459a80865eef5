#if canImport(Glibc)
  import Glibc
#endif

/// A buffered writer on a file descriptor (stdout, stderr or a file).
///
/// Writes are collected and sent in large blocks; `flush()` sends what is pending. A failed
/// write is never silent: the first failure is kept in `failure` and writing stops. A closed
/// pipe (`EPIPE`, with `SIGPIPE` ignored) is the reader's choice and a clean end
/// (`isClosedPipe`); any other failure (a full disk, an I/O error) must end the command with
/// exit 74 naming the file.
/// One thread writes to a stream at a time: batch jobs (`report --jobs`) get streams of their own.
public final class OutputFile: @unchecked Sendable {  // one writer at a time (see above)
  private let fd: Int32
  private var buffer: [UInt8] = []
  private let ownsDescriptor: Bool
  private var closed = false
  /// The name in messages: the path, `<stdout>` or `<stderr>`.
  public let name: String
  /// Flush after every line (recordings, live logs) instead of in large blocks.
  public var lineBuffered: Bool
  /// Applied to all text written with `write(_:)` and `line(_:)` (the CLI escapes stray control
  /// characters on stderr: `InputText.keepingLayout`); `writeRaw(_:)` bypasses it for the
  /// terminal sequences the tool writes on purpose (a progress line's `\r ESC [K`).
  public var filter: (@Sendable (String) -> String)?
  /// The first failed write (or close), nil while every write succeeded.
  public private(set) var failure: POSIXErrno?
  /// Bytes written to the descriptor so far.
  public private(set) var bytesWritten = 0
  /// Lines (`\n`s) handed to the stream so far, written or pending.
  public private(set) var linesAppended = 0
  /// Complete lines written to the descriptor before any failure: where the output stops. A
  /// block a full disk took only part of counts the lines of that part.
  public private(set) var linesWritten = 0
  /// Bytes after the last complete line that reached the descriptor: a line cut by a failed
  /// write (0 when every byte written ends a line).
  public private(set) var tornBytes = 0

  /// True once a write failed (closed pipe, full disk): nothing more is written.
  public var isBroken: Bool { failure != nil }
  /// True when the failure is a closed pipe (`EPIPE`): the reader went away, a clean end.
  public var isClosedPipe: Bool { failure?.code == EPIPE }

  /// Standard output.
  public static let stdout = OutputFile(fd: 1, name: "<stdout>")
  /// Standard error, flushed line by line.
  public static let stderr = OutputFile(fd: 2, name: "<stderr>", lineBuffered: true)

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
  public init(fd: Int32, name: String = "<output>", lineBuffered: Bool = false, owns: Bool = false) {
    self.fd = fd
    self.name = name
    self.lineBuffered = lineBuffered
    self.ownsDescriptor = owns
    buffer.reserveCapacity(1 << 16)
  }

  /// Creates (truncates) a file for writing.
  /// `open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)`.
  public static func open(path: String, lineBuffered: Bool = false) throws(POSIXErrno) -> OutputFile {
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw POSIXErrno(code: errno) }
    return OutputFile(fd: fd, name: path, lineBuffered: lineBuffered, owns: true)
  }

  /// True when the descriptor is a terminal.
  public var isTerminal: Bool { fd >= 0 && isatty(fd) == 1 }

  /// Appends text (through `filter`, when set).
  public func write(_ text: String) {
    writeRaw(filter?(text) ?? text)
  }

  /// Appends text as it is, past `filter`: terminal control the tool means to send.
  public func writeRaw(_ text: String) {
    var text = text
    text.withUTF8 {
      buffer.append(contentsOf: $0)
      linesAppended += POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer($0))
    }
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends bytes.
  public func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write(bytes: $0) }
  }

  /// Appends raw bytes (flushed in blocks, or at once when line-buffered).
  public func write(bytes: UnsafeRawBufferPointer) {
    let start = buffer.count
    buffer.append(contentsOf: bytes)
    linesAppended += buffer.withUnsafeBytes {
      POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends raw bytes (flushed in blocks, or at once when line-buffered).
  public func write(bytes: some Sequence<UInt8>) {
    let start = buffer.count
    buffer.append(contentsOf: bytes)
    linesAppended += buffer.withUnsafeBytes {
      POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    if lineBuffered || buffer.count >= 1 << 16 { flush() }
  }

  /// Appends what `body` appends to the pending bytes, written there directly (no line built
  /// elsewhere and copied): `out.write { EventWriter.append(event, to: &$0) }`. `body` only
  /// appends, and does not use this stream.
  public func write(appending body: (inout [UInt8]) -> Void) {
    // One access to the buffer for the whole append (each access to a class's stored property
    // is checked at run time).
    let (lines, pending) = Self.append(to: &buffer, body)
    linesAppended += lines
    if lineBuffered || pending >= 1 << 16 { flush() }
  }

  /// Runs `body` on `buffer`; returns the `\n`s it appended and the bytes now in `buffer`.
  private static func append(to buffer: inout [UInt8], _ body: (inout [UInt8]) -> Void) -> (lines: Int, count: Int) {
    let start = buffer.count
    body(&buffer)
    let lines = buffer.withUnsafeBytes { POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...])) }
    return (lines, buffer.count)
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
    guard failure == nil else { return }
    let (written, error) = buffer.withUnsafeBytes { POSIX.writeAllCounting(fd, $0) }
    bytesWritten += written
    if let error { failure = error }
    // What reached the file of this block: its complete lines, and the start of the next (a
    // block may end inside a line, which the next block completes).
    buffer.withUnsafeBytes { all in
      let part = UnsafeRawBufferPointer(rebasing: all[0..<written])
      linesWritten += POSIX.count(of: 0x0A, in: part)
      if let last = part.lastIndex(of: 0x0A) {
        tornBytes = written - last - 1
      } else {
        tornBytes += written
      }
    }
  }

  /// Flushes and closes a file this stream owns; a failed `close` is kept in `failure` too.
  public func close() {
    flush()
    guard ownsDescriptor, !closed else { return }
    closed = true
    if Glibc.close(fd) != 0, failure == nil { failure = POSIXErrno(code: errno) }
  }
}
