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
  /// What is appended and not yet written, with its count of lines: one stored property, so
  /// appending a line is one checked access to it.
  private var pending = Pending()
  private struct Pending {
    var bytes: [UInt8] = []
    var lines = 0
  }
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
  public var linesAppended: Int { pending.lines }
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
    pending.bytes.reserveCapacity(1 << 16)
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
      pending.bytes.append(contentsOf: $0)
      pending.lines += POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer($0))
    }
    if lineBuffered || pending.bytes.count >= 1 << 16 { flush() }
  }

  /// Appends bytes.
  public func write(bytes: [UInt8]) {
    bytes.withUnsafeBytes { write(bytes: $0) }
  }

  /// Appends raw bytes (flushed in blocks, or at once when line-buffered).
  public func write(bytes: UnsafeRawBufferPointer) {
    let start = pending.bytes.count
    pending.bytes.append(contentsOf: bytes)
    pending.lines += pending.bytes.withUnsafeBytes {
      POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    if lineBuffered || pending.bytes.count >= 1 << 16 { flush() }
  }

  /// Appends raw bytes (flushed in blocks, or at once when line-buffered).
  public func write(bytes: some Sequence<UInt8>) {
    let start = pending.bytes.count
    pending.bytes.append(contentsOf: bytes)
    pending.lines += pending.bytes.withUnsafeBytes {
      POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...]))
    }
    if lineBuffered || pending.bytes.count >= 1 << 16 { flush() }
  }

  /// Appends one line (ending in its only `\n`, checked in debug builds) that `body` writes
  /// straight into the pending bytes, not built elsewhere and copied:
  /// `out.writeLine { EventWriter.append(event, to: &$0) }`. `body` must not use this stream.
  public func writeLine(appending body: (inout [UInt8]) -> Void) {
    let count = Self.appendLine(to: &pending, body)
    if lineBuffered || count >= 1 << 16 { flush() }
  }

  /// Runs `body` on the pending bytes and counts its line; returns the bytes now pending.
  private static func appendLine(to pending: inout Pending, _ body: (inout [UInt8]) -> Void) -> Int {
    pending.lines += 1
    let start = pending.bytes.count
    body(&pending.bytes)
    assert(
      pending.bytes.last == 0x0A
        && pending.bytes.withUnsafeBytes { POSIX.count(of: 0x0A, in: UnsafeRawBufferPointer(rebasing: $0[start...])) }
          == 1,
      "OutputFile.writeLine: not one line")
    return pending.bytes.count
  }

  /// Appends a line (text plus `\n`).
  public func line(_ text: String) { write(text + "\n") }

  /// Sends everything pending to the descriptor.
  public func flush() {
    guard !pending.bytes.isEmpty else { return }
    defer { pending.bytes.removeAll(keepingCapacity: true) }
    if capturing {
      captured.append(contentsOf: pending.bytes)
      return
    }
    guard failure == nil else { return }
    let (written, error) = pending.bytes.withUnsafeBytes { POSIX.writeAllCounting(fd, $0) }
    bytesWritten += written
    if let error { failure = error }
    // What reached the file of this block: its complete lines, and the start of the next (a
    // block may end inside a line, which the next block completes).
    pending.bytes.withUnsafeBytes { all in
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
