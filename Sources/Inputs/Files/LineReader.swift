import EventStream
import Platform

/// Reads a file or stdin line by line in large blocks, without holding the whole file.
///
/// Memory stays bounded by the longest line (capped at `maxLineBytes`), whatever the file's
/// length, and time is linear in it: a long line arriving in small reads is searched for its
/// newline once, not again after every read. Lines are handed out as byte buffers valid until
/// the next call, without their `\n` or `\r\n`, and without the UTF-8 byte order mark that may
/// open the first one. A directory is exit 66 (`InputError.Kind.missing`), "is a directory".
public final class LineReader {
  /// The name used in errors (`-` becomes `<stdin>`).
  public let name: String
  private let fd: Int32
  /// The block being read (`capacity` bytes, owned): a line handed out stays where it is
  /// until the next call.
  private var buffer: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var start = 0
  private var end = 0
  private var eof = false
  /// `buffer[start..<searched]` is known to hold no newline.
  private var searched = 0
  /// The 1-based number of the line last returned.
  public var lineNumber: Int { linesHanded }
  /// True when the last line handed out was shorter than `shortLineBytes`.
  private var lastLineWasShort = false
  /// `lineNumber`'s storage: private, so the optimiser sees every access to it and drops the
  /// run-time exclusivity check a public stored property costs on each line.
  private var linesHanded = 0
  /// Longest line accepted.
  public var maxLineBytes = 1 << 20
  /// The most bytes read from the input; nil reads to its end (`setLimit`).
  public private(set) var limit: ReadLimit?
  /// Bytes read from the input so far (a sniffed prefix included).
  public private(set) var bytesRead = 0
  /// Hashes every byte read from the input, when set (the reader's part of a report's inputs);
  /// set it before the first line is read.
  public var digest: ReadDigest? {
    didSet {
      // Bytes already read (a sniffed prefix) count too.
      digest?.add(UnsafeRawBufferPointer(start: buffer, count: end))
      if eof { digest?.markEnd() }
    }
  }

  /// Opens `path` (`-` for stdin).
  public init(path: String) throws(InputError) {
    name = path == "-" ? "<stdin>" : path
    if path == "-" {
      fd = 0
    } else {
      switch POSIX.openReadOnly(path) {
      case .success(let opened): fd = opened
      case .failure(let error):
        throw InputError(
          file: path, line: 0, column: 0, message: "cannot open: \(error.message)",
          kind: error.isMissing ? .missing : .io)
      }
    }
    capacity = 1 << 16
    buffer = .allocate(capacity: capacity)
  }

  /// Wraps an already open descriptor (a duplicate is closed by the reader), starting with
  /// `prefix`: bytes already read from it (to sniff the format).
  public init(fileDescriptor: Int32, name: String, prefix: [UInt8] = []) {
    self.name = name
    fd = POSIX.duplicate(fileDescriptor)
    capacity = max(1 << 16, prefix.count * 2)
    buffer = .allocate(capacity: capacity)
    if !prefix.isEmpty { buffer.update(from: prefix, count: prefix.count) }
    end = prefix.count
    bytesRead = prefix.count
  }

  /// Bounds the input: a regular file larger than `limit` is refused now, anything else once
  /// `limit.bytes + 1` bytes have been read.
  public func setLimit(_ limit: ReadLimit) throws(InputError) {
    self.limit = limit
    if let size = POSIX.regularFileSize(fd), size > limit.bytes { throw limit.exceeded(file: name) }
    if bytesRead > limit.bytes { throw limit.exceeded(file: name) }
  }

  /// Reads up to `count` bytes from stdin (or until its end), for sniffing.
  public static func peekStdin(count: Int = 4096) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let read = bytes.withUnsafeMutableBytes {
        POSIX.read(0, into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]))
      }
      guard case .success(let n) = read, n > 0 else { break }
      filled += n
      if bytes[..<filled].contains(0x0A) && filled >= 256 { break }
    }
    return Array(bytes[..<filled])
  }

  deinit {
    if fd > 0 { POSIX.close(fd) }
    buffer.deallocate()
  }

  /// Calls `body` with the next line (without `\n` or `\r\n`); returns nil at the end.
  public func nextLine<R>(_ body: (UnsafeBufferPointer<UInt8>) throws(InputError) -> R) throws(InputError) -> R? {
    guard let line = try nextLine() else { return nil }
    return try body(line)
  }

  /// The next line (without `\n` or `\r\n`), valid until the next call; nil at the end.
  @inline(__always) public func nextLine() throws(InputError) -> UnsafeBufferPointer<UInt8>? {
    while true {
      if let newline = findNewline() {
        let lineStart = start
        start = newline + 1
        return hand(lineStart, newline)
      }
      if eof {
        guard start < end else { return nil }
        let lineStart = start
        start = end
        return hand(lineStart, end)
      }
      try refill()
    }
  }

  /// The first bytes of the input, left in place for `nextLine`: read until `enough` says they
  /// suffice, `limit` bytes are there or the input ends — so sniffing a pipe never waits for
  /// more than the line that decides.
  public func peek(limit: Int = 4096, until enough: ([UInt8]) -> Bool) throws(InputError) -> [UInt8] {
    while true {
      let head = Array(UnsafeBufferPointer(start: buffer + start, count: min(end, start + limit) - start))
      if eof || head.count >= limit || enough(head) { return head }
      try refill()
    }
  }

  /// Counts the line at `buffer[lineStart..<lineEnd]` and returns it, less a trailing `\r`
  /// and, on the first line, a byte order mark.
  @inline(__always) private func hand(_ lineStart: Int, _ lineEnd: Int) -> UnsafeBufferPointer<UInt8> {
    linesHanded += 1
    lastLineWasShort = lineEnd - lineStart < Self.shortLineBytes
    var first = lineStart
    var last = lineEnd
    if last > first, buffer[last - 1] == 0x0D { last -= 1 }
    if linesHanded == 1, FileBytes.hasByteOrderMark(UnsafeBufferPointer(start: buffer + first, count: last - first)) {
      first += FileBytes.byteOrderMark.count
    }
    return UnsafeBufferPointer(start: buffer + first, count: last - first)
  }

  @inline(__always) private func findNewline() -> Int? {
    var from = max(start, searched)
    // After a short line (a CSV sample's 8 to 20 bytes) the next is looked for a word at a
    // time, cheaper than the call to memchr; the rest of a longer one, memchr finds.
    if lastLineWasShort {
      let wordsEnd = min(end, from + Self.shortLineBytes)
      while from + 8 <= wordsEnd {
        let word = UnsafeRawPointer(buffer + from).loadUnaligned(as: UInt64.self).littleEndian
        if let at = Self.firstNewline(in: word) { return from + at }
        from += 8
      }
    }
    guard end > from,
      let found = POSIX.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(start: buffer + from, count: end - from))
    else {
      searched = end
      return nil
    }
    return from + found
  }

  /// How far `findNewline` looks a word at a time before it calls memchr: three words cost
  /// about what the call costs.
  private static var shortLineBytes: Int { 24 }

  /// The index of the first `\n` among the word's bytes (lowest first), or nil. A byte is
  /// flagged when it XORs to zero: subtracting 1 borrows through it. A borrow spoils only
  /// bytes above the first zero, so the lowest flag is exact.
  @inline(__always) static func firstNewline(in word: UInt64) -> Int? {
    let x = word ^ 0x0A0A_0A0A_0A0A_0A0A
    let zero = (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    return zero == 0 ? nil : zero.trailingZeroBitCount >> 3
  }

  private func refill() throws(InputError) {
    if start > 0 {
      let pending = end - start
      if pending > 0 {
        UnsafeMutableRawPointer(buffer).copyMemory(from: buffer + start, byteCount: pending)  // memmove: may overlap
      }
      searched = max(0, searched - start)
      start = 0
      end = pending
    }
    if end == capacity {
      guard capacity < maxLineBytes else {
        throw InputError(
          file: name, line: lineNumber + 1, column: 0,
          message: "expected a line shorter than \(maxLineBytes) bytes, found a longer one (is this a binary file?)")
      }
      let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
      grown.update(from: buffer, count: end)
      buffer.deallocate()
      buffer = grown
      capacity *= 2
    }
    let read = POSIX.read(fd, into: UnsafeMutableRawBufferPointer(start: buffer + end, count: capacity - end))
    switch read {
    case .success(let n):
      if let digest {
        if n == 0 {
          digest.markEnd()
        } else {
          digest.add(UnsafeRawBufferPointer(start: buffer + end, count: n))
        }
      }
      if n == 0 { eof = true }
      end += n
      bytesRead += n
      if let limit, bytesRead > limit.bytes { throw limit.exceeded(file: name) }
    case .failure(let error) where error.wouldBlock:
      return
    case .failure(let error):
      let isDirectory = error.isDirectory
      throw InputError(
        file: name, line: 0, column: 0,
        message: isDirectory ? "is a directory, expected a file" : "read failed: \(error.message)",
        kind: isDirectory ? .missing : .io)
    }
  }
}
