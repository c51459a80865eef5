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

  /// True when something exists at `path`.
  public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

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
    var offset = 0
    while offset < bytes.count {
      let n = retryingOnInterrupt { Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset) }
      if n < 0 { return .failure(POSIXErrno(code: errno)) }
      offset += n
    }
    return .success(())
  }
}

/// An errno value from a failed call.
public struct POSIXErrno: Error, Sendable, Equatable {
  /// The `errno` value.
  public var code: Int32
  /// Wraps an `errno` value.
  public init(code: Int32) { self.code = code }
  /// What `strerror` says of it.
  public var message: String { POSIX.message(code) }
}
