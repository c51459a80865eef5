#if canImport(Glibc)
  import Glibc
#endif

/// Thin wrappers over the POSIX calls the Knob module needs (model: swift-system).
enum POSIX {
  /// `open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)`; the descriptor or the errno.
  static func openReadOnlyNonBlocking(_ path: String) -> Result<Int32, POSIXErrno> {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    return fd >= 0 ? .success(fd) : .failure(POSIXErrno(code: errno))
  }

  /// `close(fd)`, ignoring errors.
  static func close(_ fd: Int32) { _ = Glibc.close(fd) }

  /// The message `strerror` gives for an errno.
  static func message(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// What `poll(fd, POLLIN, timeout)` reported.
  struct Readiness: Sendable, Equatable {
    var readable: Bool
    var hungUp: Bool
  }

  /// `poll` on one descriptor; `timeout` in milliseconds, negative waits forever.
  static func poll(_ fd: Int32, timeout: Int32) -> Result<Readiness, POSIXErrno> {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while true {
      let rc = Glibc.poll(&entry, 1, timeout)
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

  /// The names in a directory, nil when it cannot be listed.
  static func directoryEntries(_ path: String) -> [String]? {
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
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// The name of the group owning `path`, nil when unknown.
  static func groupName(of path: String) -> String? {
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
  static func readSmallFile(_ path: String) -> String? {
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

  /// `CLOCK_MONOTONIC` now, in milliseconds.
  static func monotonicMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1_000_000
  }
}

/// An errno value from a failed call.
struct POSIXErrno: Error, Sendable, Equatable {
  var code: Int32
}
