#if canImport(Glibc)
  import Glibc
#endif

/// Thin wrappers over the Glibc calls the modules share (model: swift-system): each names
/// the C call it wraps, retries `EINTR` where the call can be interrupted, and reports
/// failures as a `POSIXErrno`.
public enum POSIX {
  /// `open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)`; the descriptor or the errno.
  public static func openReadOnlyNonBlocking(_ path: String) -> Result<Int32, POSIXErrno> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    return fd >= 0 ? .success(fd) : .failure(POSIXErrno(code: errno))
  }

  /// `open(path, O_RDONLY | O_CLOEXEC)`; the descriptor or the errno.
  public static func openReadOnly(_ path: String) -> Result<Int32, POSIXErrno> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    return fd >= 0 ? .success(fd) : .failure(POSIXErrno(code: errno))
  }

  /// `close(fd)`, ignoring errors.
  public static func close(_ fd: Int32) { _ = Glibc.close(fd) }

  /// The message `strerror` gives for an errno.
  public static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// What `poll(fd, POLLIN, timeout)` reported.
  public struct Readiness: Sendable, Equatable {
    /// `POLLIN`.
    public var readable: Bool
    /// `POLLHUP`, `POLLERR` or `POLLNVAL`.
    public var hungUp: Bool
  }

  /// `poll` on one descriptor; `timeout` in milliseconds, negative waits forever.
  /// A negative descriptor waits for the timeout alone.
  public static func poll(_ fd: Int32, timeout: Int32) -> Result<Readiness, POSIXErrno> {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let rc = Glibc.poll(&entry, fd >= 0 ? 1 : 0, timeout)
      if rc < 0 {
        if errno == EINTR { continue }
        return .failure(POSIXErrno(code: errno))
      }
      let events = Int32(entry.revents)
      return .success(
        Readiness(
          readable: events & Int32(POLLIN) != 0,
          hungUp: events & Int32(POLLHUP | POLLERR | POLLNVAL) != 0))
    }
  }

  /// The names in a directory (`opendir`/`readdir`, without `.` and `..`), nil when it
  /// cannot be listed.
  public static func directoryEntries(_ path: String) -> [String]? {
    guard let dir = opendir(path) else { return nil }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// `isatty(fd)`.
  public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// `ioctl(fd, TIOCGWINSZ)`: the terminal's columns and rows, nil when not a terminal.
  public static func terminalSize(_ fd: Int32) -> (columns: Int, rows: Int)? {
    var ws = winsize()
    guard ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
    return (Int(ws.ws_col), Int(ws.ws_row))
  }

  /// `unlink(path)`: true when the file was removed.
  @discardableResult
  public static func remove(_ path: String) -> Bool { unlink(path) == 0 }

  /// `rmdir(path)`: true when the (empty) directory was removed.
  @discardableResult
  public static func removeDirectory(_ path: String) -> Bool { rmdir(path) == 0 }

  /// `access(path, R_OK)`: true when the file can be read.
  public static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }

  /// `memchr(bytes, byte, count)`: the offset of the first `byte`, or nil. Inlinable: a line
  /// reader calls it once a line, and the call across modules cost about 40 instructions.
  @inlinable public static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
    guard let base = bytes.baseAddress, let hit = memchr(base, Int32(byte), bytes.count) else { return nil }
    return UnsafeRawPointer(hit) - base
  }

  /// `pipe()` with the read end made `O_NONBLOCK`; (read, write) or the errno.
  public static func nonBlockingPipe() -> Result<(read: Int32, write: Int32), POSIXErrno> {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return .failure(POSIXErrno(code: errno)) }
    _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
    return .success((fds[0], fds[1]))
  }

  /// `mkdtemp("/tmp/PREFIX-XXXXXX")`: a new private directory's path, nil on failure.
  public static func temporaryDirectory(prefix: String) -> String? {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let dir = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
    return String(cString: dir)
  }

  /// How many times `byte` occurs in `bytes` (`memchr` from one hit to the next).
  public static func count(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
    var count = 0
    var rest = bytes
    while let hit = firstIndex(of: byte, in: rest) {
      count += 1
      rest = UnsafeRawBufferPointer(rebasing: rest[(hit + 1)...])
    }
    return count
  }

  /// `dup(fd)`.
  public static func duplicate(_ fd: Int32) -> Int32 { dup(fd) }

  /// `mkdir(path, 0755)`: true when the directory was made.
  public static func makeDirectory(_ path: String) -> Bool { mkdir(path, 0o755) == 0 }

  /// True when something exists at `path`.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// True when `path` is a regular file (following links): one that can be read again from
  /// its start, unlike a pipe, a FIFO or a terminal.
  public static func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return false }
    return info.st_mode & S_IFMT == S_IFREG
  }

  /// `fstat(fd)`: the size in bytes of the regular file open at `fd`, or nil for anything
  /// else (a pipe, a terminal, `/dev/zero`), whose length is unknown until it is read.
  public static func regularFileSize(_ fd: Int32) -> Int? {
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return Int(info.st_size)
  }

  /// `uname()`: the kernel's name, release and machine (`Linux 6.8.0-45-generic x86_64`), or
  /// "unknown" when the call fails.
  public static var operatingSystem: String {
    var names = utsname()
    guard uname(&names) == 0 else { return "unknown" }
    func field<T>(_ value: inout T) -> String {
      withUnsafeBytes(of: &value) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    return [field(&names.sysname), field(&names.release), field(&names.machine)].joined(separator: " ")
  }

  /// The name of the group owning `path`, nil when unknown.
  public static func groupName(of path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    var group = group()
    var result: UnsafeMutablePointer<group>?
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getgrgid_r(info.st_gid, &group, &buffer, buffer.count, &result) == 0, result != nil,
      let name = group.gr_name
    else { return nil }
    return String(cString: name)
  }

  /// A small text file's contents (sysfs attributes), trimmed; nil when unreadable.
  public static func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { _ = Glibc.close(fd) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
    guard n >= 0 else { return nil }
    var text = String(decoding: buffer[..<n], as: UTF8.self)
    while let last = text.last, last.isWhitespace { text.removeLast() }
    return text
  }

  /// Calls `body` again while it fails with `EINTR` (a negative result and `errno == EINTR`);
  /// returns its last result, with `errno` as the call left it.
  public static func retryingOnInterrupt(_ body: () -> Int) -> Int {
    while true {
      let result = body()
      if result < 0 && errno == EINTR { continue }
      return result
    }
  }

  /// `read(fd, buffer, count)`, retried on `EINTR`; the byte count or the errno.
  public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, POSIXErrno> {
    let n = retryingOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    return n >= 0 ? .success(n) : .failure(POSIXErrno(code: errno))
  }

  /// `write(fd, …)` of all of `bytes`, retried on `EINTR` and short writes; the errno of the
  /// first failure.
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Result<Void, POSIXErrno> {
    let (_, error) = writeAllCounting(fd, bytes)
    return error.map { .failure($0) } ?? .success(())
  }

  /// `writeAll`, telling how many bytes reached the descriptor before a failure (a full disk
  /// takes part of a block): what the file holds.
  public static func writeAllCounting(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> (
    written: Int, error: POSIXErrno?
  ) {
    var offset = 0
    while offset < bytes.count {
      let n = retryingOnInterrupt { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
      if n < 0 { return (offset, POSIXErrno(code: errno)) }
      offset += n
    }
    return (offset, nil)
  }
}

/// An errno value from a failed call.
public struct POSIXErrno: Error, Sendable, Equatable {
  /// True for the errors that mean "nothing there": `ENOENT`, `ENOTDIR`, `EACCES`.
  public var isMissing: Bool { code == ENOENT || code == ENOTDIR || code == EACCES }
  /// `EISDIR`: a directory where a file was expected.
  public var isDirectory: Bool { code == EISDIR }
  /// `EPIPE`: the reading end of a pipe was closed.
  public var isClosedPipe: Bool { code == EPIPE }
  /// `EAGAIN`: a non-blocking descriptor has nothing to read now.
  public var wouldBlock: Bool { code == EAGAIN }
  /// The `errno` value.
  public var code: Int32
  /// Wraps an `errno` value.
  public init(code: Int32) { self.code = code }
  /// What `strerror` says of it.
  public var message: String { POSIX.message(code) }
}
